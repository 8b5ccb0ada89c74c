import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { USER_ID, WALLET, jsonResponse, renderWithClient, stubApi } from './test-kit.tsx';
import { FeedEconomyCards } from './feed-economy.tsx';

const auth = vi.hoisted(() => ({ value: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.value }));

// Counts loads of the Invite & Earn card's module (imported on demand).
const referralCard = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./referral-card.tsx', async (importOriginal) => {
  referralCard.loads++;
  return importOriginal();
});

function api() {
  return stubApi({
    'GET /api/emissions/stats': () =>
      jsonResponse({
        data: { eventsUntilHalving: 1000, currentReward: '150000000000', currentEpoch: 0 },
      }),
    'GET /api/referrals/code': () =>
      jsonResponse({ code: 'ABCD2345', link: 'http://localhost:3000/?ref=ABCD2345' }),
    'GET /api/referrals/stats': () => jsonResponse({ total_referrals: 0, total_earnings: '0' }),
  });
}

describe('FeedEconomyCards', () => {
  beforeEach(() => {
    auth.value = {
      status: 'signed-out',
      user: null,
      isAuthenticated: false,
      signIn: async () => false,
      signOut: async () => {},
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows signed-out visitors stats and activity only, without loading Invite & Earn', async () => {
    api();
    renderWithClient(<FeedEconomyCards placement="inline" />);
    const section = screen.getByRole('region', { name: 'Platform stats and live activity' });
    expect(within(section).queryByTestId('referral-card')).toBeNull();
    // Give a lazy load the chance to start: nothing should have asked for the card's code.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(referralCard.loads).toBe(0);
  });

  it('loads and shows Invite & Earn for a signed-in user', async () => {
    auth.value = {
      status: 'authenticated',
      user: { id: USER_ID, solAddress: WALLET },
      isAuthenticated: true,
      signIn: async () => true,
      signOut: async () => {},
    };
    api();
    renderWithClient(<FeedEconomyCards placement="inline" />);
    expect(await screen.findByTestId('referral-card')).toBeDefined();
    expect(screen.getByRole('region', { name: 'Invite & Earn' })).toBeDefined();
    expect(referralCard.loads).toBe(1);
  });
});
