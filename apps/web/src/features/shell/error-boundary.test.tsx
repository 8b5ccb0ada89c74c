import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

const failure = { message: null as string | null };

function Fragile() {
  if (failure.message !== null) throw new Error(failure.message);
  return <p>All good</p>;
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    // React reports caught errors on console.error; here they are expected.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    failure.message = null;
    vi.restoreAllMocks();
  });

  it.each([
    'Wallet not connected',
    'User rejected the request: Phantom',
    'solana cluster unreachable',
    'Signature verification failed. Please try again.',
    'Transaction simulation failed',
  ])('treats "%s" as a wallet issue with Try Again and Reload Page', (message) => {
    failure.message = message;
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Wallet Connection Issue' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Go to Homepage' })).toBeNull();
  });

  it('shows Something went wrong with Reload Page and Go to Homepage for other errors', () => {
    failure.message = 'Cannot read properties of undefined';
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Go to Homepage' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.getByText('Cannot read properties of undefined')).toBeDefined();
  });

  it('clears the error on Try Again and renders the children again', async () => {
    const user = userEvent.setup();
    failure.message = 'Wallet disconnected mid-request';
    const onError = vi.fn();
    render(
      <ErrorBoundary onError={onError}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(onError).toHaveBeenCalledOnce();
    failure.message = null;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('catches errors thrown later, after an interaction', async () => {
    const user = userEvent.setup();
    function Exploding() {
      const [boom, setBoom] = useState(false);
      if (boom) throw new Error('Phantom wallet not found. Please install Phantom wallet.');
      return <button onClick={() => setBoom(true)}>Support vault</button>;
    }
    render(
      <ErrorBoundary>
        <Exploding />
      </ErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Support vault' }));
    expect(screen.getByRole('heading', { name: 'Wallet Connection Issue' })).toBeDefined();
  });

  it('reloads the page and goes home with real navigations', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    const assign = vi.fn();
    const { href, origin, pathname } = window.location;
    vi.stubGlobal('location', { href, origin, pathname, reload, assign });
    try {
      failure.message = 'boom';
      render(
        <ErrorBoundary>
          <Fragile />
        </ErrorBoundary>,
      );
      await user.click(screen.getByRole('button', { name: 'Reload Page' }));
      expect(reload).toHaveBeenCalledOnce();
      await user.click(screen.getByRole('button', { name: 'Go to Homepage' }));
      expect(assign).toHaveBeenCalledWith('/');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
