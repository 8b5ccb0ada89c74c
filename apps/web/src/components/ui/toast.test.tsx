import { TOAST_LIMIT } from '@dum/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster.tsx';
import { resetToasts, toast, toastReducer, useToast, type ToastItem } from './use-toast.ts';

const item = (id: string): ToastItem => ({ id, open: true, title: `Toast ${id}` });

describe('toast store', () => {
  afterEach(() => {
    act(() => resetToasts());
    vi.useRealTimers();
  });

  it('keeps one toast at a time: a new one replaces the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = { toasts: [] as ToastItem[] };
    state = toastReducer(state, { type: 'add', toast: item('1') });
    state = toastReducer(state, { type: 'add', toast: item('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('renders only the latest toast', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Link copied!' });
      toast({ title: 'Wallet Authenticated', description: 'Welcome back' });
    });
    expect(screen.queryByText('Link copied!')).toBeNull();
    expect(screen.getByText('Wallet Authenticated')).toBeDefined();
    expect(screen.getByText('Welcome back')).toBeDefined();
  });

  it('closes on dismiss and drops the toast from the store after 1,000,000 ms', () => {
    vi.useFakeTimers();
    function StoreSize() {
      return <output aria-label="toasts in store">{useToast().toasts.length}</output>;
    }
    render(
      <>
        <Toaster />
        <StoreSize />
      </>,
    );
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'Tokens Staked!' });
    });
    expect(screen.getByText('Tokens Staked!')).toBeDefined();
    act(() => handle.dismiss());
    expect(screen.queryByText('Tokens Staked!')).toBeNull();
    const size = screen.getByRole('status', { name: 'toasts in store' });
    expect(size.textContent).toBe('1');
    act(() => {
      vi.advanceTimersByTime(999_999);
    });
    expect(size.textContent).toBe('1');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(size.textContent).toBe('0');
  });

  it('announces a toast in a live region, title and description apart: errors assertively, the rest politely', async () => {
    render(<Toaster />);
    const liveText = (politeness: string) =>
      [...document.querySelectorAll(`[aria-live="${politeness}"]`)]
        .map((region) => region.textContent)
        .join('|');
    act(() => {
      toast({ title: 'Wallet Authenticated', description: 'Welcome back' });
    });
    await waitFor(() =>
      expect(liveText('polite')).toContain('Notification Wallet Authenticated Welcome back'),
    );
    act(() => {
      toast({ variant: 'destructive', title: 'Failed to Support Vault' });
    });
    await waitFor(() => expect(liveText('assertive')).toContain('Failed to Support Vault'));
  });

  it('announces without waiting for a frame: a page too busy to paint still speaks', () => {
    // Frames that never come, as on a phone busy for seconds (a stand-in: jsdom has no real
    // frame clock to starve).
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      // The app mounts the toaster with its first toast (toaster-host.tsx).
      let handle!: ReturnType<typeof toast>;
      act(() => {
        handle = toast({ title: 'Test SOL received', description: '1 SOL is in your wallet' });
      });
      render(<Toaster />);
      const polite = () => document.querySelector('[aria-live="polite"]')?.textContent;
      expect(polite()).toBe('Notification Test SOL received 1 SOL is in your wallet');
      // Announced once: a toast updated in place is not said again.
      act(() => handle.update({ description: '2 SOL is in your wallet' }));
      expect(screen.getByText('2 SOL is in your wallet')).toBeDefined();
      expect(polite()).toBe('Notification Test SOL received 1 SOL is in your wallet');
      // And its words leave the page with it.
      act(() => handle.dismiss());
      expect(polite()).toBe('');
    } finally {
      frame.mockRestore();
    }
  });
});
