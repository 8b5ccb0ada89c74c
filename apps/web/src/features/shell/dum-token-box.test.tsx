import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/use-toast.ts';
import type * as ToastModule from '../../components/ui/use-toast.ts';
import type { AuthContextValue } from '../auth/index.ts';
import {
  USER_ID,
  WALLET,
  errorResponse,
  jsonResponse,
  renderWithClient,
  stubApi,
  userRecord,
  signedOutAuth,
} from '../economy/test-kit.tsx';
import { getPendingReferralCode } from '../auth/test-kit.ts';
import { DumTokenBox } from './dum-token-box.tsx';

const auth = vi.hoisted(() => ({ value: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.value }));
vi.mock('../../components/ui/use-toast.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(),
}));

const signedOut = signedOutAuth();

function box() {
  return screen.getByRole('region', { name: 'DUM Token' });
}

function values() {
  return within(box())
    .getAllByRole('definition')
    .map((dd) => dd.textContent);
}

describe('DumTokenBox', () => {
  beforeEach(() => {
    auth.value = signedOut;
    vi.mocked(toast).mockClear();
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("signed out: zeros, and Stake Tokens asks for a wallet ('Wallet Required')", async () => {
    const calls = stubApi({});
    const user = userEvent.setup();
    renderWithClient(<DumTokenBox />);
    expect(values()).toEqual(['0 DUM', '0 DUM', '0 DUM']);
    await user.click(within(box()).getByRole('button', { name: 'Stake Tokens' }));
    expect(toast).toHaveBeenCalledWith({
      title: 'Wallet Required',
      description: 'Please connect your wallet using the button in the header',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("signed in: the wallet's balance, staked and staking rewards, and the stake dialog", async () => {
    auth.value = {
      ...signedOut,
      status: 'authenticated',
      isAuthenticated: true,
      user: { id: USER_ID, solAddress: WALLET },
    };
    stubApi({
      [`GET /api/users/${WALLET}`]: () =>
        jsonResponse(
          userRecord({
            balance: '1234500000000',
            staked: '300000000000',
            stakingRewards: '1250000',
          }),
        ),
    });
    const user = userEvent.setup();
    renderWithClient(<DumTokenBox />);
    await waitFor(() => expect(values()).toEqual(['1,234.5 DUM', '300 DUM', '0.0012 DUM']));
    await user.click(within(box()).getByRole('button', { name: 'Stake Tokens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage DUM Tokens' });
    expect(within(dialog).getByTestId('stake-available').textContent).toContain('1,234.5');
    expect(within(dialog).getByTestId('stake-staked').textContent).toContain('300');
  });

  it('signed in with a wallet the server does not know (404): zeros', async () => {
    auth.value = {
      ...signedOut,
      status: 'authenticated',
      isAuthenticated: true,
      user: { id: USER_ID, solAddress: WALLET },
    };
    const calls = stubApi({
      [`GET /api/users/${WALLET}`]: () => errorResponse(404, 'not_found', 'No user'),
    });
    renderWithClient(<DumTokenBox />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(values()).toEqual(['0 DUM', '0 DUM', '0 DUM']);
  });

  it('captures a ?ref= code on arrival', () => {
    stubApi({});
    renderWithClient(<DumTokenBox />, { path: '/?ref=WXYZ2345' });
    expect(getPendingReferralCode()).toBe('WXYZ2345');
  });
});
