import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { HALVING_DISMISSED_KEY, HalvingBanner, halvingBannerView } from './halving-banner.tsx';

function statsResponse(
  eventsUntilHalving: number,
  currentReward = '150000000000',
  currentEpoch = 0,
) {
  return new Response(
    JSON.stringify({ data: { eventsUntilHalving, currentReward, currentEpoch } }),
    {
      status: 200,
      headers: { 'content-type': 'application/json' },
    },
  );
}

function renderBanner() {
  const client = createQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <HalvingBanner />
    </QueryClientProvider>,
  );
  return { client, ...result };
}

describe('HalvingBanner', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for /api/emissions/stats and stays hidden while loading', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL) => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    renderBanner();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/emissions/stats');
    expect(screen.queryByTestId('halving-banner')).toBeNull();
  });

  it('shows events left, the reward and half of it, the epoch and the progress (calm)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => statsResponse(70_000)),
    );
    renderBanner();
    const banner = await screen.findByTestId('halving-banner');
    expect(banner.dataset.urgency).toBe('calm');
    expect(screen.getByTestId('halving-events-left').textContent).toBe('70,000');
    expect(screen.getByTestId('halving-current-reward').textContent).toBe('150 DUM');
    expect(screen.getByTestId('halving-next-reward').textContent).toBe('75 DUM');
    expect(screen.getByTestId('halving-epoch').textContent).toBe('Epoch 0');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(banner.textContent).not.toContain('⚡');
    expect(banner.querySelector('.animate-pulse, .animate-bounce')).toBeNull();
  });

  it('computes progress as (70000 - left) / 70000 and later epochs with decimals', () => {
    const view = halvingBannerView({
      eventsUntilHalving: 17_500,
      currentReward: '4687500000',
      currentEpoch: 5,
    });
    expect(view.progress).toBe(0.75);
    expect(view.currentReward).toBe('4.6875');
    expect(view.nextReward).toBe('2.3437');
    expect(view.eventsLeft).toBe('17,500');
  });

  it('turns urgent under 1000 left: lightning prefix and pulse', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => statsResponse(500)),
    );
    renderBanner();
    const banner = await screen.findByTestId('halving-banner');
    expect(banner.dataset.urgency).toBe('urgent');
    expect(banner.textContent).toMatch(/^⚡ 500 events/);
    expect(banner.querySelector('.animate-pulse')).not.toBeNull();
    expect(banner.querySelector('.animate-bounce')).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('99.3');
  });

  it('turns critical under 100 left: bounce', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => statsResponse(99)),
    );
    renderBanner();
    const banner = await screen.findByTestId('halving-banner');
    expect(banner.dataset.urgency).toBe('critical');
    expect(banner.textContent).toContain('⚡');
    expect(banner.querySelector('.animate-bounce')).not.toBeNull();
    // Reduced motion turns the animation off.
    expect(banner.querySelector('.animate-bounce')?.className).toContain(
      'motion-reduce:animate-none',
    );
  });

  it('hides on dismiss and stays hidden for the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => statsResponse(70_000)),
    );
    const user = userEvent.setup();
    const first = renderBanner();
    await screen.findByTestId('halving-banner');
    await user.click(screen.getByRole('button', { name: 'Dismiss halving banner' }));
    expect(screen.queryByTestId('halving-banner')).toBeNull();
    expect(window.sessionStorage.getItem(HALVING_DISMISSED_KEY)).toBe('1');
    first.unmount();

    renderBanner();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByTestId('halving-banner')).toBeNull();
  });

  it('stays hidden when the stats cannot be fetched, and says so once, quietly', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('down', { status: 503, headers: { 'content-type': 'text/plain' } }),
      ),
    );
    renderBanner();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to fetch emissions stats'));
    expect(screen.queryByTestId('halving-banner')).toBeNull();
  });
});

describe('HalvingBanner in Spanish', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('speaks the active language, with its number conventions', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    window.sessionStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => statsResponse(17_500, '4687500000', 2)),
    );
    await act(() => activateLocale('es'));
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'Cuenta regresiva del Meme Halving' });
    expect(banner.textContent).toContain('17.500 eventos hasta el Meme Halving');
    expect(screen.getByTestId('halving-current-reward').textContent).toBe('4,6875 DUM');
    expect(screen.getByTestId('halving-epoch').textContent).toBe('Época 2');
    expect(screen.getByRole('button', { name: 'Cerrar el aviso del halving' })).toBeTruthy();
  });
});
