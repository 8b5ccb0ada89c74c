import type { SendMessageRequest } from '@dum/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Toaster } from '../../components/ui/toaster.tsx';
import { resetToasts } from '../../components/ui/use-toast.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { AuthProvider } from '../auth/index.ts';
import { memberViewer } from '../post/test-kit.tsx';
import type { SolTransferAccess } from '../wallet/index.ts';
import { WalletProvider } from '../wallet/index.ts';
import { WalletControl } from '../shell/index.ts';
import { WalletModal } from '../wallet/wallet-standard-test-kit.ts';
import { createRegistry, createTestWallet } from '../wallet/wallet-standard-test-kit.ts';
import { WalletStore } from '../wallet/wallet-standard-test-kit.ts';
import { json, stubServer, type FakeServer } from '../wallet/wallet-ui-test-kit.tsx';
import { ADA, dm, ME, MessagesRoutes, person } from './test-kit.tsx';

/*
 * The tip in the composer, with a real connected test wallet (its balance read from the stubbed
 * cluster). The wallet's transfer itself is replaced (named: `transfer` below): a signed System
 * transfer needs the cluster, which the browser test (e2e/messages.spec.ts) drives for real.
 */
const transfer = vi.hoisted(() => ({
  sendTransfer: null as Mock | null,
  confirm: null as Mock | null,
  server: null as { balanceLamports: string } | null,
}));
vi.mock('../wallet/use-sol-transfer-steps.ts', () => ({
  useSolTransferSteps: (viewerWallet: string | null): SolTransferAccess => ({
    steps: {
      getBalance: async () => BigInt(transfer.server?.balanceLamports ?? '0'),
      sendTransfer: (input) => transfer.sendTransfer!(input) as Promise<string>,
      confirm: (signature) => transfer.confirm!(signature) as Promise<void>,
    },
    from: viewerWallet,
    canSign: true,
  }),
}));

const ada = person(ADA, { displayName: 'Ada Lovelace', id: 'ada' });
const SIGNATURE = '4TipSignature1111111111111111111111111111111111111';

beforeEach(() => {
  window.localStorage.clear();
  resetToasts();
  transfer.sendTransfer = vi.fn(async () => SIGNATURE);
  transfer.confirm = vi.fn(async () => {});
});
afterEach(() => vi.unstubAllGlobals());

/** The thread with Ada, the wallet connected, the messages API answering `post`. */
async function openThread(
  balanceLamports: string,
  post: (body: SendMessageRequest) => Response = (body) =>
    json(dm({ senderId: ME.id, body: body.body ?? '', tip: body.tip ?? null }), 201),
) {
  const server: FakeServer = stubServer({ balanceLamports });
  transfer.server = server;
  const cluster = globalThis.fetch as Mock;
  const sent: SendMessageRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: { method?: string; body?: string }) => {
      const { pathname } = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (pathname === `/api/users/${ADA}`) return json({ ...ada, bio: null });
      if (pathname === '/api/conversations') return json({ items: [], nextCursor: null });
      if (pathname === '/api/conversations/unread') {
        return json({ unreadCount: 0, requestCount: 0 });
      }
      if (pathname === `/api/conversations/${ADA}`) return json({ folder: 'inbox' });
      if (pathname === `/api/conversations/${ADA}/messages` && method === 'GET') {
        return json({ items: [], nextCursor: null });
      }
      if (pathname === `/api/conversations/${ADA}/messages`) {
        const body = JSON.parse(init!.body!) as SendMessageRequest;
        sent.push(body);
        return post(body);
      }
      return cluster(input, init) as Promise<Response>;
    }),
  );
  const phantom = createTestWallet({ name: 'Phantom' });
  const store = new WalletStore({
    registry: createRegistry([phantom.wallet]),
    storage: window.localStorage,
    restoreTimeoutMs: 500,
  });
  const viewer = memberViewer(ME.id, phantom.account.address);
  const ui = () => (
    <QueryClientProvider client={createQueryClient()}>
      <WalletProvider store={store}>
        <AuthProvider>
          <MemoryRouter initialEntries={[`/messages/${ADA}`]}>
            <WalletControl />
            <MessagesRoutes viewer={viewer} />
          </MemoryRouter>
          <WalletModal />
        </AuthProvider>
      </WalletProvider>
      <Toaster />
    </QueryClientProvider>
  );
  const view = render(ui());
  fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
  fireEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: /Phantom/ }),
  );
  await screen.findByRole('button', { name: /^Wallet menu/ }, { timeout: 5000 });
  await screen.findByRole('textbox', { name: 'Message Ada Lovelace' });
  return { server, sent, viewer, view, ui };
}

async function openTip(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add a SOL tip' }));
  const field = screen.getByRole('textbox', { name: 'Tip (SOL)' });
  await screen.findByText(/^Balance: \d/, undefined, { timeout: 5000 });
  return field;
}

describe('a tip in the composer', () => {
  it('checks the amount, and the balance with the vault support’s message and Get test SOL', async () => {
    const user = userEvent.setup();
    const { server } = await openThread('5000000');
    const field = await openTip(user);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(screen.getByText('Balance: 0.0050 SOL')).toBeDefined();

    for (const [typed, message] of [
      ['lots', 'Please enter a valid numeric amount.'],
      ['0', 'A tip must be greater than 0 SOL.'],
      ['0.0000000001', 'Please enter a valid amount with up to 9 decimal places.'],
    ] as const) {
      await user.clear(field);
      await user.type(field, typed);
      expect(screen.getByTestId('tip-problem').textContent).toBe(message);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(send.hasAttribute('disabled')).toBe(true);
      expect(screen.queryByRole('button', { name: 'Get test SOL' })).toBeNull();
    }

    await user.clear(field);
    await user.type(field, '0.01');
    expect(screen.getByTestId('tip-problem').textContent).toBe(
      'Insufficient balance. You need 0.0101 SOL but only have 0.0050 SOL',
    );
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Get test SOL' }));
    // The airdrop arrives; the balance is read again and the tip can go.
    await screen.findByText('Balance: 1.0050 SOL', undefined, { timeout: 5000 });
    expect(screen.queryByTestId('tip-problem')).toBeNull();
    expect(send.hasAttribute('disabled')).toBe(false);
    expect(server.calls.some((call) => call.path === '/api/faucet')).toBe(true);
    expect(transfer.sendTransfer).not.toHaveBeenCalled();
  });

  it('sends the transfer, then the message; keeps the signature through a failure and a reload, and retries the same call', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { sent, viewer, view, ui } = await openThread('2000000000', (body) => {
      attempts += 1;
      return attempts <= 1
        ? json({ error: { code: 'unavailable', message: 'Service Unavailable' } }, 503)
        : json(dm({ id: 'tipped', senderId: ME.id, body: body.body ?? '', tip: body.tip! }), 201);
    });
    const field = await openTip(user);
    await user.type(field, '0.01');
    await user.type(screen.getByRole('textbox', { name: 'Message Ada Lovelace' }), 'for the talk');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Not sent: Service Unavailable')).toBeDefined();
    expect(transfer.sendTransfer).toHaveBeenCalledExactlyOnceWith({
      from: viewer.wallet,
      to: ADA,
      lamports: 10_000_000n,
    });
    expect(transfer.confirm).toHaveBeenCalledWith(SIGNATURE);
    const call = {
      body: 'for the talk',
      tip: { transactionSignature: SIGNATURE, amount: '10000000' },
    };
    expect(sent).toEqual([call]);
    // A tip whose SOL moved cannot be thrown away: Retry only.
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    // The composer is free again and the tip field closed.
    expect(screen.queryByRole('textbox', { name: 'Tip (SOL)' })).toBeNull();

    // A reload: the tipped message comes back from local storage, ready to retry.
    view.unmount();
    render(ui());
    expect(
      await screen.findByText(
        'Not sent: Your tip went through, but the message is not delivered yet.',
        undefined,
        { timeout: 5000 },
      ),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const receipt = await screen.findByTestId('tip-receipt');
    expect(sent).toEqual([call, call]);
    expect(transfer.sendTransfer).toHaveBeenCalledTimes(1);
    expect(receipt.textContent).toContain('You tipped0.0100 SOL');
    const link = within(receipt).getByRole('link', { name: /view the transaction/ });
    expect(link.getAttribute('href')).toBe(
      `https://explorer.solana.com/tx/${SIGNATURE}?cluster=custom&customUrl=${encodeURIComponent('http://localhost/rpc')}`,
    );
    await waitFor(() => expect(screen.queryByText(/Not sent/)).toBeNull());
    expect(Object.keys(window.localStorage).filter((key) => key.includes('pendingTips'))).toEqual(
      [],
    );
  });

  it('leaves the draft and says why when the wallet refuses before sending', async () => {
    const user = userEvent.setup();
    transfer.sendTransfer = vi.fn(async () => {
      throw new Error('User rejected the request');
    });
    const { sent } = await openThread('2000000000');
    const field = await openTip(user);
    await user.type(field, '0.5');
    const box = screen.getByRole('textbox', { name: 'Message Ada Lovelace' });
    await user.type(box, 'big tip{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('User rejected the request');
    expect((box as HTMLTextAreaElement).value).toBe('big tip');
    expect((field as HTMLInputElement).value).toBe('0.5');
    expect(sent).toEqual([]);
    expect(screen.queryAllByTestId('message-bubble')).toEqual([]);
  });
});
