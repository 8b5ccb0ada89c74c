import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepScrollPaddingUnder, STICKY_HEADER_HEIGHT } from './sticky-header-padding.ts';

/**
 * jsdom lays nothing out and has no ResizeObserver: the header's height is given, and a stand-in
 * ResizeObserver (named as such) lets the test say when the header changed size.
 */
class StandInResizeObserver {
  static last: StandInResizeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: () => void) {
    StandInResizeObserver.last = this;
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
}

function headerOf(height: { value: number }): HTMLElement {
  const header = document.createElement('div');
  Object.defineProperty(header, 'offsetHeight', { get: () => height.value });
  return header;
}

describe('the scroll padding under the sticky header', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('follows the header as it grows and shrinks, and is taken away with it', () => {
    vi.stubGlobal('ResizeObserver', StandInResizeObserver);
    const height = { value: 117 };
    const root = document.createElement('html');
    const stop = keepScrollPaddingUnder(headerOf(height), root);
    expect(root.style.getPropertyValue(STICKY_HEADER_HEIGHT)).toBe('117px');
    // The offline banner comes and goes.
    height.value = 153;
    StandInResizeObserver.last?.callback();
    expect(root.style.getPropertyValue(STICKY_HEADER_HEIGHT)).toBe('153px');
    stop();
    expect(StandInResizeObserver.last?.disconnected).toBe(true);
    expect(root.style.getPropertyValue(STICKY_HEADER_HEIGHT)).toBe('');
  });

  it('measures once where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const root = document.createElement('html');
    const stop = keepScrollPaddingUnder(headerOf({ value: 64 }), root);
    expect(root.style.getPropertyValue(STICKY_HEADER_HEIGHT)).toBe('64px');
    stop();
    expect(root.style.getPropertyValue(STICKY_HEADER_HEIGHT)).toBe('');
  });
});
