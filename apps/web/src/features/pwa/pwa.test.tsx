import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner.tsx';
import { registerServiceWorker } from './service-worker.ts';
import { UpdatePrompt } from './update-prompt.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('OfflineBanner', () => {
  it('appears while the browser is offline and goes when it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toContain('You are offline.');

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

/** A registration whose update installed during an earlier visit and waits. */
function fakeServiceWorker() {
  const waiting = { postMessage: vi.fn(), state: 'installed' };
  const registration = Object.assign(new EventTarget(), {
    waiting,
    installing: null,
    update: vi.fn(async () => undefined),
  });
  const container = Object.assign(new EventTarget(), {
    controller: {},
    register: vi.fn(async () => registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, waiting };
}

describe('the update prompt', () => {
  it('offers the waiting version, and Reload activates it then reloads the page', async () => {
    vi.stubEnv('PROD', true);
    const { container, waiting } = fakeServiceWorker();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ reload } as unknown as Location);
    render(<UpdatePrompt />);
    expect(screen.queryByRole('status')).toBeNull();

    registerServiceWorker();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const prompt = await screen.findByRole('status');
    expect(prompt.textContent).toContain('A new version is available');

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    // The new worker has taken over.
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('OfflineBanner in Spanish', () => {
  it('speaks the active language', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(() => activateLocale('es'));
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toContain('Estás sin conexión.');
  });
});

describe('UpdatePrompt in Spanish', () => {
  it('offers the new version in the active language', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    vi.stubEnv('PROD', true);
    fakeServiceWorker();
    await act(() => activateLocale('es'));
    render(<UpdatePrompt />);
    registerServiceWorker();
    const prompt = await screen.findByRole('status');
    expect(prompt.textContent).toContain('Hay una nueva versión disponible');
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
  });
});
