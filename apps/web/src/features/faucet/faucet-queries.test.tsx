import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../components/ui/use-toast.ts';
import { createRegistry } from '../wallet/wallet-standard-test-kit.ts';
import { json, renderWallet, stubServer } from '../wallet/wallet-ui-test-kit.tsx';
import { GetTestSolButton } from './get-test-sol.tsx';

beforeEach(() => {
  window.localStorage.clear();
  resetToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function toasts() {
  return screen.getByRole('region', { name: /Notifications/ });
}

function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

async function pressGetTestSol() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Get test SOL' }));
}

describe('Get test SOL (POST /api/faucet)', () => {
  it("shows 'Getting test SOL...' while the airdrop confirms, then how much arrived", async () => {
    let answer: (response: Response) => void = () => {};
    const server = stubServer({
      faucet: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWallet(createRegistry(), <GetTestSolButton />);
    await pressGetTestSol();
    const busy = await screen.findByRole('button', { name: 'Getting test SOL...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const call = server.calls.find((c) => c.path === '/api/faucet');
    expect(call).toMatchObject({ method: 'POST', body: {} });

    act(() => answer(json({ signature: 'sig', lamports: '1500000000' })));
    expect(await within(toasts()).findByText('Test SOL received')).toBeTruthy();
    expect(within(toasts()).getByText('1.5 SOL is in your wallet')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Get test SOL' })).toBeTruthy();
  });

  it.each([
    {
      status: '401',
      answer: () => apiError(401, 'unauthorized', 'Authentication required.'),
      title: 'Authentication Required',
      description: null,
    },
    {
      status: '429',
      answer: () =>
        apiError(429, 'faucet_rate_limited', 'Faucet rate limit reached. Please try again later.'),
      title: 'Faucet rate limit reached. Please try again later.',
      description: null,
    },
    {
      status: '403 (a faucet that is off)',
      answer: () => apiError(403, 'faucet_disabled', 'Faucet disabled in production'),
      title: 'Faucet Failed',
      description: 'Faucet disabled in production',
    },
    {
      status: '503',
      answer: () => apiError(503, 'chain_unavailable', 'The Solana cluster is unavailable.'),
      title: 'Faucet Failed',
      description: 'The Solana cluster is unavailable.',
    },
    {
      status: 'a network failure (fetch rejects)',
      answer: (): Response => {
        throw new TypeError('Failed to fetch');
      },
      title: 'Network error. Please check your connection and try again.',
      description: null,
    },
  ])('on $status says "$title"', async ({ answer, title, description }) => {
    stubServer({ faucet: answer });
    renderWallet(createRegistry(), <GetTestSolButton />);
    await pressGetTestSol();
    const shown = await within(toasts()).findByText(title);
    const toast = shown.closest('li');
    if (!toast) throw new Error('no toast');
    if (description) expect(within(toast).getByText(description)).toBeTruthy();
    else expect(toast.textContent).toBe(title);
    expect(within(toasts()).queryByText('Test SOL received')).toBeNull();
    // Nothing is left busy: it can be asked again.
    expect(await screen.findByRole('button', { name: 'Get test SOL' })).toBeTruthy();
  });

  it('links to the public faucet on devnet instead of calling ours', async () => {
    const server = stubServer({ cluster: 'devnet' });
    renderWallet(createRegistry(), <GetTestSolButton />);
    const link = await screen.findByRole('link', { name: 'Get devnet SOL at faucet.solana.com' });
    expect(link.getAttribute('href')).toBe('https://faucet.solana.com');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('button', { name: 'Get test SOL' })).toBeNull();
    expect(server.calls.some((c) => c.path === '/api/faucet')).toBe(false);
  });

  it('offers nothing on any other cluster', async () => {
    const server = stubServer({ cluster: 'mainnet-beta' });
    renderWallet(createRegistry(), <GetTestSolButton />);
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/config')).toBe(true));
    // The config has arrived and rendered: still no offer.
    await act(async () => {});
    expect(screen.queryByRole('button', { name: /test SOL/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /faucet/ })).toBeNull();
  });
});

describe('Get test SOL in Spanish', () => {
  it('labels the button and says how much arrived in the active language', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    const { FAUCET_LABELS } = await import('./faucet-messages.ts');
    await act(() => activateLocale('es'));
    expect(FAUCET_LABELS.action).toBe('Obtener SOL de prueba');
    stubServer({ faucet: () => json({ signature: 'sig', lamports: '1500000000' }) });
    renderWallet(createRegistry(), <GetTestSolButton />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Obtener SOL de prueba' }));
    expect(await screen.findByText('SOL de prueba recibido')).toBeTruthy();
    expect(screen.getByText('1,5 SOL ya está en tu billetera')).toBeTruthy();
  });
});
