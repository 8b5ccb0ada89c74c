import { SEARCH_DEBOUNCE_MS } from '@dum/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchBox } from './use-search-box.ts';

/** The box, with the router's location and navigate beside it. */
function renderBox(path: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/somewhere', path]} initialIndex={1}>
      {children}
    </MemoryRouter>
  );
  return renderHook(
    () => ({ box: useSearchBox(), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  );
}

function elapse(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const searchOf = (result: { current: { location: { search: string } } }) =>
  new URLSearchParams(result.current.location.search);

describe('the search box and the URL', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`writes the text to ?q= ${SEARCH_DEBOUNCE_MS} ms after the last keystroke, not before`, () => {
    const { result } = renderBox('/discover');
    act(() => result.current.box.setText('a'));
    elapse(SEARCH_DEBOUNCE_MS - 50);
    act(() => result.current.box.setText('ad'));
    elapse(SEARCH_DEBOUNCE_MS - 50);
    act(() => result.current.box.setText('ada'));
    // The box shows every keystroke; the URL has not moved yet.
    expect(result.current.box.text).toBe('ada');
    expect(result.current.location.search).toBe('');
    elapse(SEARCH_DEBOUNCE_MS - 1);
    expect(result.current.location.search).toBe('');
    elapse(1);
    expect(searchOf(result).get('q')).toBe('ada');
    expect(searchOf(result).get('type')).toBe('posts');
  });

  it('replaces the history entry rather than adding one per search', () => {
    const { result } = renderBox('/discover');
    act(() => result.current.box.setText('ada'));
    elapse(SEARCH_DEBOUNCE_MS);
    act(() => result.current.box.setText('ada l'));
    elapse(SEARCH_DEBOUNCE_MS);
    expect(searchOf(result).get('q')).toBe('ada l');
    act(() => void result.current.navigate(-1));
    expect(result.current.location.pathname).toBe('/somewhere');
  });

  it('reads the search from the URL, and follows the URL when Back or a link changes it', () => {
    const { result } = renderBox('/discover?q=grace&type=users');
    expect(result.current.box.text).toBe('grace');
    expect(result.current.box.type).toBe('users');
    act(() => void result.current.navigate('/discover?q=ada&type=posts'));
    expect(result.current.box.text).toBe('ada');
    expect(result.current.box.type).toBe('posts');
    act(() => void result.current.navigate(-1));
    expect(result.current.box.text).toBe('grace');
    act(() => void result.current.navigate('/discover'));
    expect(result.current.box.text).toBe('');
    // Nothing is written back over what the URL said.
    elapse(SEARCH_DEBOUNCE_MS * 2);
    expect(result.current.location.search).toBe('');
  });

  it('keeps typing when an earlier keystroke lands in the URL', () => {
    const { result } = renderBox('/discover');
    act(() => result.current.box.setText('ad'));
    elapse(SEARCH_DEBOUNCE_MS);
    act(() => result.current.box.setText('ada'));
    expect(result.current.box.text).toBe('ada');
    elapse(SEARCH_DEBOUNCE_MS);
    expect(searchOf(result).get('q')).toBe('ada');
  });

  it('switches the kind at once, and a search replaces a tag', () => {
    const { result } = renderBox('/discover?tag=vibes');
    act(() => result.current.box.setText('sunset'));
    act(() => result.current.box.setType('users'));
    expect(searchOf(result).toString()).toBe('q=sunset&type=users');
  });

  it('Enter writes at once; clearing (Escape, or emptying the box) removes the search at once', () => {
    const { result } = renderBox('/discover');
    act(() => result.current.box.setText('ada'));
    act(() => result.current.box.commit());
    expect(searchOf(result).get('q')).toBe('ada');
    act(() => result.current.box.clear());
    expect(result.current.box.text).toBe('');
    expect(result.current.location.search).toBe('');
    act(() => result.current.box.setText('gm'));
    elapse(SEARCH_DEBOUNCE_MS);
    act(() => result.current.box.setText(''));
    expect(result.current.location.search).toBe('');
    elapse(SEARCH_DEBOUNCE_MS);
    expect(result.current.location.search).toBe('');
  });

  it('leaves a tag in place when an empty box is cleared', () => {
    const { result } = renderBox('/discover?tag=vibes');
    act(() => result.current.box.clear());
    expect(result.current.location.search).toBe('?tag=vibes');
  });
});
