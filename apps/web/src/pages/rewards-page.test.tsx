import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../components/ui/use-toast.ts';
import type * as ToastModule from '../components/ui/use-toast.ts';
import type { AuthContextValue } from '../features/auth/index.ts';
import {
  jsonResponse,
  renderWithClient,
  stubApi,
  type FetchCall,
  signedInAuth,
  signedOutAuth,
} from '../features/economy/test-kit.tsx';
import { formatAprBps } from '../features/economy/index.ts';
import { RewardsPage } from './rewards-page.tsx';

const auth = vi.hoisted(() => ({ value: null as AuthContextValue | null }));
vi.mock('../features/auth/use-auth.ts', () => ({ useAuth: () => auth.value }));
vi.mock('../components/ui/use-toast.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(),
}));

const signedOut = signedOutAuth();
const signedIn = signedInAuth();

const PLATFORM = {
  totalEvents: 84_000,
  totalMinted: '11550000000000000',
  currentReward: '75000000000',
  eventsUntilHalving: 56_000,
  percentMinted: 55,
  maxSupply: '21000000000000000',
  currentEpoch: 1,
};

function ledgerItem(id: number, kind: string, amount: string, eventIndex: string | null) {
  return {
    id: String(id),
    kind,
    amount,
    eventIndex,
    epoch: eventIndex === null ? null : 0,
    createdAt: '2026-02-01T10:00:00.000Z',
  };
}

function historyRoute(call: FetchCall) {
  const url = new URL(call.path, 'http://x');
  const kind = url.searchParams.get('kind');
  const cursor = url.searchParams.get('cursor');
  if (kind === 'referral_friend') {
    return jsonResponse({
      items: [ledgerItem(3, 'referral_friend', '100000000000', null)],
      nextCursor: null,
    });
  }
  if (cursor === null) {
    return jsonResponse({
      items: [
        ledgerItem(3, 'referral_friend', '100000000000', null),
        ledgerItem(2, 'post_created', '150000000000', '41'),
      ],
      nextCursor: '2',
    });
  }
  return jsonResponse({
    items: [ledgerItem(1, 'like_given', '0', null)],
    nextCursor: null,
  });
}

describe('RewardsPage', () => {
  beforeEach(() => {
    vi.mocked(toast).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signed out: asks to connect, and still draws the halving schedule', async () => {
    auth.value = signedOut;
    const calls = stubApi({
      'GET /api/emissions/platform-stats': () => jsonResponse(PLATFORM),
    });
    renderWithClient(<RewardsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Rewards' })).toBeDefined();
    expect(screen.getByText('Connect your wallet to see your rewards')).toBeDefined();
    const chart = await screen.findByTestId('halving-chart');
    expect(within(chart).getByTestId('halving-chart-caption').textContent).toBe(
      'Vibe 84,000, epoch 1: 75 DUM per vibe. 56,000 vibes until it halves to 37.5 DUM.',
    );
    // The marker sits at 84,000 of 560,000 events shown (8 epochs): 15%.
    expect(within(chart).getByTestId('halving-chart-now').style.left).toBe('15%');
    expect(calls.map((call) => call.path)).toEqual(['/api/emissions/platform-stats']);
  });

  it('signed in: staking position with Claim, earnings by kind, paged history', async () => {
    auth.value = signedIn;
    const calls = stubApi({
      'GET /api/emissions/platform-stats': () => jsonResponse(PLATFORM),
      'GET /api/emissions/stats': () =>
        jsonResponse({
          data: { eventsUntilHalving: 56_000, currentReward: '75000000000', currentEpoch: 1 },
        }),
      'GET /api/referrals/code': () => jsonResponse({ code: 'ABCD2345', link: 'http://x/?ref=1' }),
      'GET /api/referrals/stats': () => jsonResponse({ total_referrals: 0, total_earnings: '0' }),
      'GET /api/rewards/summary': () =>
        jsonResponse({
          account: {
            balance: '250000000000',
            staked: '0',
            stakingRewards: '5000000000',
            totalEarned: '250000000000',
          },
          stakingAprBps: 1000,
          byKind: [
            { kind: 'post_created', amount: '150000000000', count: 1 },
            { kind: 'referral_friend', amount: '100000000000', count: 1 },
          ],
        }),
      'GET /api/rewards/history*': historyRoute,
      'POST /api/users/stake/claim': () =>
        jsonResponse({
          claimed: '5000000000',
          account: {
            balance: '255000000000',
            staked: '0',
            stakingRewards: '0',
            totalEarned: '255000000000',
          },
        }),
    });
    const user = userEvent.setup();
    renderWithClient(<RewardsPage />);

    const staking = await screen.findByRole('region', { name: 'Staking' });
    await waitFor(() =>
      expect(within(staking).getByTestId('rewards-balance').textContent).toBe('250 DUM'),
    );
    expect(within(staking).getByTestId('rewards-accrued').textContent).toBe('5 DUM');
    expect(staking.textContent).toContain('Staked DUM earns 10% a year');
    await user.click(within(staking).getByRole('button', { name: 'Claim' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'success',
        title: 'Rewards Claimed!',
        description: '5 DUM added to your balance.',
      }),
    );
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/api/users/stake/claim'),
    ).toBe(true);

    expect(screen.getByRole('region', { name: 'Invite & Earn' })).toBeDefined();

    const earnings = screen.getByRole('region', { name: 'Earnings' });
    const rows = () => within(earnings).queryAllByTestId('earning-row');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]!.textContent).toContain('Welcome bonus');
    expect(rows()[0]!.textContent).toContain('+100 DUM');
    expect(rows()[1]!.textContent).toContain('Post · Vibe #42');
    expect(rows()[1]!.textContent).toContain('· Epoch 0');
    await user.click(within(earnings).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]!.textContent).toContain('daily cap reached');
    expect(within(earnings).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/rewards/history?cursor=2&limit=20')).toBe(true);

    const filter = within(earnings).getByRole('group', { name: 'Filter by kind' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All250', 'Posts150', 'Welcome bonus100']);
    await user.click(within(filter).getByRole('button', { name: /Welcome bonus/ }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(
      calls.some((call) => call.path === '/api/rewards/history?kind=referral_friend&limit=20'),
    ).toBe(true);
  });

  it('formats the staking rate', () => {
    expect(formatAprBps(1000)).toBe('10%');
    expect(formatAprBps(1250)).toBe('12.5%');
    expect(formatAprBps(5)).toBe('0.05%');
  });
});

describe('RewardsPage in Spanish', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('speaks the active language', async () => {
    const { activateLocale } = await import('../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    auth.value = signedOut;
    stubApi({ 'GET /api/emissions/platform-stats': () => jsonResponse(PLATFORM) });
    renderWithClient(<RewardsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Recompensas' })).toBeDefined();
    expect(screen.getByText('Conecta tu billetera para ver tus recompensas')).toBeDefined();
    expect(screen.getByText('Calendario de halvings')).toBeDefined();
    expect(document.title).toContain('Recompensas');
  });
});
