import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from './tooltip.tsx';

function hover(element: HTMLElement) {
  fireEvent.pointerMove(element, { pointerType: 'mouse' });
}

describe('Tooltip', () => {
  beforeEach(() => {
    // jsdom has no ResizeObserver; Radix's positioning only needs it to exist.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens after 700 ms, and within 300 ms of closing another opens at once', () => {
    vi.useFakeTimers();
    render(
      <TooltipProvider>
        <Tooltip content="Test tokens only">
          <button>DevNet</button>
        </Tooltip>
        <Tooltip content="Epoch progress">
          <button>Epoch</button>
        </Tooltip>
      </TooltipProvider>,
    );
    const devnet = screen.getByRole('button', { name: 'DevNet' });
    hover(devnet);
    act(() => {
      vi.advanceTimersByTime(699);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('tooltip').textContent).toBe('Test tokens only');

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    const epoch = screen.getByRole('button', { name: 'Epoch' });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    hover(epoch);
    expect(screen.getByRole('tooltip').textContent).toBe('Epoch progress');
  });
});
