import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/use-toast.ts';
import type * as ToastModule from '../../components/ui/use-toast.ts';
import type { AuthContextValue } from '../auth/index.ts';
import {
  errorResponse,
  jsonResponse,
  renderWithClient,
  stubApi,
  signedInAuth,
} from './test-kit.tsx';
import { ReferralCard } from './referral-card.tsx';

const auth = vi.hoisted(() => ({ value: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.value }));
vi.mock('../../components/ui/use-toast.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(),
}));

const LINK = 'http://localhost:3000/?ref=ABCD2345';

function api(epoch: number, stats = { total_referrals: 3, total_earnings: '600000000000' }) {
  return stubApi({
    'GET /api/emissions/stats': () =>
      jsonResponse({
        data: { eventsUntilHalving: 1000, currentReward: '150000000000', currentEpoch: epoch },
      }),
    'GET /api/referrals/code': () => jsonResponse({ code: 'ABCD2345', link: LINK }),
    'GET /api/referrals/stats': () => jsonResponse(stats),
  });
}

describe('ReferralCard', () => {
  beforeEach(() => {
    auth.value = signedInAuth();
    vi.mocked(toast).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is not shown to signed-out visitors', () => {
    auth.value = { ...signedInAuth(), status: 'signed-out', user: null, isAuthenticated: false };
    const calls = api(0);
    renderWithClient(<ReferralCard />);
    expect(screen.queryByTestId('referral-card')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('in the Genesis round: the banner and doubled rewards (200 and 100 DUM)', async () => {
    api(0);
    renderWithClient(<ReferralCard />);
    const card = screen.getByRole('region', { name: 'Invite & Earn' });
    expect(await within(card).findByTestId('genesis-banner')).toBeDefined();
    expect(within(card).getByTestId('referral-reward-referrer').textContent).toBe('200');
    expect(within(card).getByTestId('referral-reward-friend').textContent).toBe('100');
    expect(card.textContent).toContain('you get 200 DUM and they get 100 DUM');
  });

  it('after the first halving: no banner, 100 and 50 DUM', async () => {
    api(1);
    renderWithClient(<ReferralCard />);
    await waitFor(() =>
      expect(screen.getByTestId('referral-reward-referrer').textContent).toBe('100'),
    );
    expect(screen.getByTestId('referral-reward-friend').textContent).toBe('50');
    expect(screen.queryByTestId('genesis-banner')).toBeNull();
  });

  it('shows total referrals, DUM earned in whole units, the link and how it works', async () => {
    api(0, { total_referrals: 1234, total_earnings: '1234567890000' });
    renderWithClient(<ReferralCard />);
    expect((await screen.findByTestId('referral-total')).textContent).toBe('1234');
    expect(screen.getByTestId('referral-earned').textContent).toBe('1,234');
    expect(screen.getByLabelText<HTMLInputElement>('Your referral link').value).toBe(LINK);
    expect(screen.getByText('How it works')).toBeDefined();
    expect(screen.getByText('Share your referral link with a friend.')).toBeDefined();
  });

  it("copies the link: 'Copied! Referral link copied to clipboard'", async () => {
    api(0);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderWithClient(<ReferralCard />);
    await screen.findByLabelText('Your referral link');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(toast).toHaveBeenCalledWith({
      variant: 'success',
      title: 'Copied!',
      description: 'Referral link copied to clipboard',
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeDefined();
  });

  it("says 'Failed to copy / Please try again' when the clipboard refuses", async () => {
    api(0);
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithClient(<ReferralCard />);
    await screen.findByLabelText('Your referral link');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Failed to copy',
      description: 'Please try again',
    });
  });

  it('shows an error state when the stats cannot be loaded', async () => {
    stubApi({
      'GET /api/emissions/stats': () => errorResponse(500, 'internal', 'x'),
      'GET /api/referrals/code': () => jsonResponse({ code: 'ABCD2345', link: LINK }),
      'GET /api/referrals/stats': () => errorResponse(500, 'internal', 'x'),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithClient(<ReferralCard />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Couldn't load your referral stats.",
    );
    // Without the epoch, the base amounts.
    expect(screen.getByTestId('referral-reward-referrer').textContent).toBe('100');
  });
});
