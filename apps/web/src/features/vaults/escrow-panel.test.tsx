import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EscrowQueries from './escrow-queries.ts';
import {
  makePost,
  memberViewer,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  VISITOR,
} from '../post/test-kit.tsx';
import type { FeedPost } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { CREATOR, depositView, END, escrowVault, FAN, START } from './test-kit.ts';
import type { EscrowDepositView, EscrowVault } from './escrow-types.ts';
import { sha256, toHex } from './media-hash.ts';
import { VaultPanel } from './vault-panel.tsx';

const deposit = vi.hoisted(() => ({ current: null as EscrowDepositView | null }));
vi.mock('./escrow-queries.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof EscrowQueries>()),
  useViewerDeposit: () => ({ data: deposit.current, isError: false, refetch: vi.fn() }),
}));

const fan = memberViewer('fan', FAN);
const creator = memberViewer('creator', CREATOR);
const visitor = VISITOR;

function at(seconds: bigint) {
  vi.setSystemTime(new Date(Number(seconds) * 1000));
}

async function render(vault: EscrowVault, viewer: Viewer, post?: Partial<FeedPost>) {
  const result = renderWithProviders(
    <VaultPanel
      post={makePost({ kind: 'vault', vault, author_wallet: CREATOR, ...post })}
      vault={vault}
      viewer={viewer}
    />,
  );
  await screen.findByRole('region', { name: 'Escrow vault' });
  return result;
}

describe('EscrowPanel', () => {
  // VaultPanel loads the escrow panel lazily. Loaded here first, so the first test's wait for it
  // does not include transforming the chunk cold (over findByRole's 1 s on a busy machine).
  beforeAll(async () => {
    await import('./escrow-entry.ts');
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(START + 3_600n);
    deposit.current = null;
  });
  afterEach(() => {
    vi.useRealTimers();
    resetFeedTestState();
  });

  it('shows the SOL held against the target, participants, the countdown, the penalty and Join', async () => {
    mockApi({});
    await render(escrowVault(), fan);
    const panel = screen.getByTestId('vault-panel');
    expect(panel.getAttribute('data-kind')).toBe('escrow');
    expect(panel.textContent).toContain('0.1000 / 0.2000 SOL');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByTestId('vault-supporters').textContent).toBe('1');
    expect(screen.getByTestId('escrow-countdown').textContent).toBe('6d 23h 00m 00s');
    expect(panel.textContent).toContain('5% penalty');
    expect(screen.getByRole('button', { name: 'Join' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Early withdraw' })).toBeNull();
    expect(screen.queryByTestId('escrow-my-deposit')).toBeNull();
  });

  it('validates the join amount: more than 0', async () => {
    const user = userEvent.setup();
    mockApi({});
    await render(escrowVault(), fan);
    await user.click(screen.getByRole('button', { name: 'Join' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount (SOL)');
    expect(amount).toHaveProperty('value', '0.1');
    fireEvent.change(amount, { target: { value: '0' } });
    expect(within(dialog).getByText('amount must be greater than 0')).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Join' })).toHaveProperty('disabled', true);
    fireEvent.change(amount, { target: { value: '0.05' } });
    expect(within(dialog).getByRole('button', { name: 'Join' })).toHaveProperty('disabled', false);
    // No wallet connected in this test: the flow stops before signing, with the chain's text.
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Failed to Support Vault')).toBeDefined();
    expect(screen.getByText('Wallet not connected')).toBeDefined();
  });

  it("shows the viewer's deposit, time locked and the rewards earned so far, ticking", async () => {
    deposit.current = depositView();
    mockApi({});
    await render(escrowVault(), fan);
    const mine = screen.getByTestId('escrow-my-deposit');
    expect(mine.textContent).toContain('0.1000 SOL');
    expect(mine.textContent).toContain('59m');
    // For the 0.1 SOL over 3,540 s: 0.001 DUM a second of staking, plus 3,540 s of the 7-day
    // term's 0.5 DUM (rewards follow lamport-seconds, issue 21).
    expect(screen.getByTestId('escrow-reward').textContent).toBe('3.5429 DUM');
    at(START + 3_602n);
    await waitFor(
      () => expect(screen.getByTestId('escrow-reward').textContent).toBe('3.5449 DUM'),
      {
        timeout: 2_500,
      },
    );
    expect(screen.getByRole('button', { name: 'Add more' })).toBeDefined();
  });

  it('states the early-withdraw penalty in SOL and bps before signing', async () => {
    const user = userEvent.setup();
    deposit.current = depositView();
    mockApi({});
    await render(escrowVault(), fan);
    await user.click(screen.getByRole('button', { name: 'Early withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw early?' });
    expect(dialog.textContent).toContain(
      'You get 0.0950 SOL back. The penalty is 0.0050 SOL (500 bps, 5%)',
    );
    expect(dialog.textContent).toContain('Penalty (500 bps, 5%)−0.0050 SOL');
    expect(dialog.textContent).toContain('You receive0.0950 SOL');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it locked' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('after the end: Withdraw with rewards for a participant, Claim for the creator of a vault that reached its target', async () => {
    at(END + 10n);
    deposit.current = depositView();
    mockApi({});
    const { unmount } = await render(escrowVault(), fan);
    expect(screen.getByRole('button', { name: 'Withdraw with rewards' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.getByText('Ended')).toBeDefined();
    expect(screen.getByText(/Ended below its target/)).toBeDefined();
    unmount();

    deposit.current = null;
    await render(escrowVault({ status: 'unlocked' }, { totalDeposited: '200000000' }), creator);
    expect(screen.getByText('UNLOCKED')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Claim 0.2000 SOL' })).toBeDefined();
  });

  it('shows paid_out with what was claimed, and offers nothing more to claim', async () => {
    at(END + 10n);
    mockApi({});
    await render(
      escrowVault(
        { status: 'paid_out' },
        { totalDeposited: '200000000', claimedAmount: '200000000', chainStatus: 'paid_out' },
      ),
      creator,
    );
    expect(screen.getByText('Content Unlocked! Target reached!')).toBeDefined();
    expect(screen.getByTestId('escrow-paid-out').textContent).toBe(
      'Creator paid out · 0.2000 SOL claimed',
    );
    expect(screen.queryByRole('button', { name: /Claim/ })).toBeNull();
  });

  it('a pending vault shows its creator Confirm on chain, and asks a visitor to sign in to join', async () => {
    mockApi({});
    const pending = escrowVault({}, { state: 'pending', startTs: null, endTs: null });
    const { unmount } = await render(pending, creator);
    expect(screen.getByTestId('vault-panel').getAttribute('data-status')).toBe('pending');
    expect(screen.getByTestId('escrow-pending').textContent).toContain('not on chain yet');
    expect(screen.getByRole('button', { name: 'Confirm on chain' })).toBeDefined();
    unmount();

    const user = userEvent.setup();
    await render(escrowVault(), visitor);
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Wallet Required')).toBeDefined();
  });

  it('checks unlocked media against the hash committed on chain', async () => {
    const bytes = new TextEncoder().encode('the real picture');
    const hash = toHex(await sha256(bytes));
    mockApi({ 'GET /media/pic.png': () => new Response(bytes) });
    const { unmount } = await render(
      escrowVault({ status: 'unlocked' }, { contentHash: hash }),
      fan,
      {
        imageUrl: '/media/pic.png',
      },
    );
    await waitFor(() =>
      expect(screen.getByTestId('media-check').textContent).toBe('Verified on chain'),
    );
    unmount();

    await act(async () => {});
    await render(escrowVault({ status: 'unlocked' }, { contentHash: 'ab'.repeat(32) }), fan, {
      imageUrl: '/media/pic.png',
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'This media does not match the hash committed on chain',
      ),
    );
  });

  it('does not check media that is still withheld', async () => {
    mockApi({});
    await render(escrowVault({}, { contentHash: 'ab'.repeat(32) }), fan, { locked: true });
    expect(screen.getByTestId('vault-locked-media')).toBeDefined();
    expect(screen.queryByTestId('media-check')).toBeNull();
  });
});
