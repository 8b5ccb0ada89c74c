import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EscrowFlow from './escrow-flow.ts';
import type { AuthContextValue } from '../auth/index.ts';
import {
  apiError,
  json,
  makePost,
  mockApi,
  resetFeedTestState,
  signedIn,
  WALLET,
} from '../post/test-kit.tsx';
import { escrowVault } from './test-kit.ts';
import { sha256, toHex } from './media-hash.ts';
import { renderComposer } from '../feed/composer-test-kit.tsx';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
const wallet = vi.hoisted(() => ({ connected: true }));
const chain = vi.hoisted(() => ({ createEscrowOnChain: vi.fn() }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    status: 'connected',
    wallet: wallet.connected ? { name: 'Test', features: {} } : null,
    account: wallet.connected ? { address: WALLET, features: [] } : null,
    config: { cluster: 'localnet', rpcUrl: '/rpc', vaultsEnabled: true },
  }),
  useWalletModal: () => ({ open: vi.fn() }),
}));
vi.mock('../wallet/wallet-transfer.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  canSendTransfers: () => true,
}));
vi.mock('./escrow-flow.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof EscrowFlow>()),
  createEscrowOnChain: chain.createEscrowOnChain,
}));

const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
const SERVED = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 9, 9]);

async function openEscrowMode() {
  const user = userEvent.setup();
  await renderComposer();
  await user.click(screen.getByRole('button', { name: 'Create Vault' }));
  await user.click(screen.getByRole('radio', { name: 'Escrow (on-chain)' }));
  await screen.findByLabelText('Multiplier');
  return user;
}

describe('Composer escrow vault mode', () => {
  beforeEach(() => {
    auth.current = signedIn();
    wallet.connected = true;
    chain.createEscrowOnChain.mockReset();
  });
  afterEach(() => resetFeedTestState());

  it('offers Direct and Escrow, with multiplier 2 and 7 days by default and the target in SOL', async () => {
    mockApi({});
    const user = userEvent.setup();
    await renderComposer();
    await user.click(screen.getByRole('button', { name: 'Create Vault' }));
    expect(
      (await screen.findByRole('radio', { name: 'Direct' })).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByLabelText('SOL to lock')).toBeDefined();
    await user.click(screen.getByRole('radio', { name: 'Escrow (on-chain)' }));
    expect(await screen.findByLabelText('Multiplier')).toHaveProperty('value', '2');
    expect(screen.getByLabelText('Duration (days)')).toHaveProperty('value', '7');
    expect(screen.getByTestId('escrow-target').textContent).toBe('0.2000 SOL');
    expect(screen.queryByLabelText('SOL to lock')).toBeNull();
    fireEvent.change(screen.getByLabelText('Multiplier'), { target: { value: '10' } });
    expect(screen.getByTestId('escrow-target').textContent).toBe('1.0000 SOL');
  });

  it('refuses a multiplier out of 1–10 or 0 days with the spec texts, before calling anything', async () => {
    const fetchMock = mockApi({});
    const user = await openEscrowMode();
    fireEvent.change(screen.getByLabelText('Multiplier'), { target: { value: '11' } });
    expect(screen.getByRole('alert').textContent).toBe('multiplier must be between 1 and 10');
    await user.type(screen.getByRole('textbox'), 'escrowed vibes');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Failed to Post')).toBeDefined();
    expect(screen.getAllByText('multiplier must be between 1 and 10').length).toBeGreaterThan(1);
    fireEvent.change(screen.getByLabelText('Multiplier'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Duration (days)'), { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toBe('durationDays must be greater than 0');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(chain.createEscrowOnChain).not.toHaveBeenCalled();
  });

  it("says 'Wallet not connected' without a wallet that can sign, and creates nothing", async () => {
    wallet.connected = false;
    const fetchMock = mockApi({});
    const user = await openEscrowMode();
    await user.type(screen.getByRole('textbox'), 'escrowed vibes');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Wallet not connected')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads, hashes the media as served, creates the post, puts the vault on chain and syncs', async () => {
    const served = toHex(await sha256(SERVED));
    let release: () => void = () => {};
    const posted = makePost({
      id: '42',
      kind: 'vault',
      body: 'escrowed vibes',
      imageUrl: '/media/abc.png',
      vault: escrowVault({}, { state: 'pending', contentHash: served }),
    });
    const fetchMock = mockApi({
      'POST /api/upload/vault-media': () =>
        json({ mediaType: 'image', mediaUrl: '/media/abc.png' }, 201),
      'GET /media/abc.png': () => new Response(SERVED),
      'POST /api/messages-v2/messages': ({ body }) => {
        expect(body).toEqual({
          body: 'escrowed vibes',
          kind: 'vault',
          imageUrl: '/media/abc.png',
          altText: 'A vibe, in pixels',
          escrow: { multiplier: 3, durationDays: 5, contentHash: served },
        });
        return json(posted, 201);
      },
    });
    chain.createEscrowOnChain.mockImplementation(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ signature: 'sig', vault: escrowVault() });
        }),
    );
    const user = await openEscrowMode();
    fireEvent.change(screen.getByLabelText('Multiplier'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Duration (days)'), { target: { value: '5' } });
    await user.upload(
      screen.getByTestId('composer-image-input'),
      new File([PNG], 'vibe.png', { type: 'image/png' }),
    );
    await user.type(
      await screen.findByLabelText('Describe the image (alt text)'),
      'A vibe, in pixels',
    );
    await user.type(screen.getByRole('textbox', { name: 'What’s your vibe?' }), 'escrowed vibes');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('button', { name: 'Creating Vault...' })).toBeDefined();
    await waitFor(() => expect(chain.createEscrowOnChain).toHaveBeenCalledTimes(1));
    const [, target, media] = chain.createEscrowOnChain.mock.calls[0] as [
      unknown,
      { vaultId: string; durationDays: number },
      { contentHash: Uint8Array; mediaType: string; size: bigint },
    ];
    expect(target).toMatchObject({ vaultId: '7', durationDays: 5 });
    expect(toHex(media.contentHash)).toBe(served);
    expect(media).toMatchObject({ mediaType: 'image', size: BigInt(SERVED.length) });
    release();
    expect(await screen.findByText('Your post is now live')).toBeDefined();
    await waitFor(() => expect(screen.queryByLabelText('Multiplier')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a failed chain step keeps the post (pending, with its retry) and says why', async () => {
    mockApi({
      'POST /api/messages-v2/messages': () =>
        json(
          makePost({ id: '42', kind: 'vault', vault: escrowVault({}, { state: 'pending' }) }),
          201,
        ),
    });
    chain.createEscrowOnChain.mockRejectedValue(
      new Error('Transaction simulation failed: custom program error: 0x1778'),
    );
    const user = await openEscrowMode();
    await user.type(screen.getByRole('textbox'), 'no media');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Vault not confirmed on chain')).toBeDefined();
    expect(
      screen.getByText(
        'Program not initialized. Call initialize() first. Your post is saved: press Confirm on chain on it to try again.',
      ),
    ).toBeDefined();
    // The post exists: the composer is cleared.
    await waitFor(() => expect(screen.getByRole('textbox')).toHaveProperty('value', ''));
  });

  it('keeps the text when the server refuses the post (escrow_unavailable)', async () => {
    mockApi({
      'POST /api/messages-v2/messages': () =>
        apiError(403, 'escrow_unavailable', 'Escrow vaults are not available here.'),
    });
    const user = await openEscrowMode();
    await user.type(screen.getByRole('textbox'), 'keep me');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Escrow vaults are not available here.')).toBeDefined();
    expect(screen.getByRole('textbox')).toHaveProperty('value', 'keep me');
    expect(chain.createEscrowOnChain).not.toHaveBeenCalled();
  });
});
