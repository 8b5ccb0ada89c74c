import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { Composer } from './composer.tsx';
import { PostList } from '../post/index.ts';
import {
  apiError,
  json,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  signedIn,
  signedOut,
  WALLET,
} from '../post/test-kit.tsx';
import { useViewer } from '../auth/index.ts';
import { WELCOME_DISMISSED_KEY, WelcomeBanner } from './welcome-banner.tsx';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
const wallet = vi.hoisted(() => ({ status: 'disconnected', open: vi.fn() }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ status: wallet.status }),
  useWalletModal: () => ({ open: wallet.open }),
}));

/** The feed page's column as a newcomer meets it: the banner, the composer, the (empty) feed. */
function FeedColumn() {
  return (
    <>
      <WelcomeBanner />
      <Composer />
      <PostList viewer={useViewer()} />
    </>
  );
}

function record(balance: string, totalEarned = balance) {
  return json({
    id: 'user-1',
    solAddress: WALLET,
    username: null,
    displayName: null,
    avatarUrl: null,
    isVerified: false,
    createdAt: new Date().toISOString(),
    balance,
    staked: '0',
    stakingRewards: '0',
    totalEarned,
  });
}

function api(user: () => Response = () => record('0')) {
  return mockApi({
    'GET /api/messages-v2/feed': () => json({ items: [], nextCursor: null }),
    [`GET /api/users/${WALLET}`]: user,
  });
}

/** Each step's text, and whether it says it is done (to a screen reader too). */
function steps() {
  return within(screen.getByTestId('welcome-banner'))
    .getAllByRole('listitem')
    .map((item) => ({
      done: item.textContent.includes('(Done)'),
      current: item.getAttribute('aria-current') === 'step',
    }));
}

const reducedMotion = { current: false };
const scrollIntoView = vi.fn();

describe('WelcomeBanner', () => {
  beforeEach(() => {
    auth.current = signedOut();
    wallet.status = 'disconnected';
    wallet.open.mockReset();
    // jsdom lays nothing out: no media queries, no scrolling.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: reducedMotion.current,
      media: query,
    }));
    Element.prototype.scrollIntoView = scrollIntoView;
    scrollIntoView.mockReset();
  });
  afterEach(() => resetFeedTestState());

  it('greets a signed-out visitor with three steps to go; Write a post opens the connect flow', async () => {
    const user = userEvent.setup();
    api();
    renderWithProviders(<FeedColumn />);
    const banner = screen.getByTestId('welcome-banner');
    expect(within(banner).getByRole('heading').textContent).toBe('The Meme Halving Is Coming');
    expect(steps()).toEqual([
      { done: false, current: true },
      { done: false, current: false },
      { done: false, current: false },
    ]);
    expect(within(banner).queryByText('(Done)')).toBeNull();
    await user.click(within(banner).getByRole('button', { name: 'Write a post' }));
    expect(wallet.open).toHaveBeenCalledTimes(1);

    // The empty feed offers the same way in.
    await user.click(await screen.findByRole('button', { name: 'Write the first post' }));
    expect(wallet.open).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Be the first to share something!')).toBeDefined();
  });

  it('ticks off the connected wallet; Write a post then asks for the signature', async () => {
    const user = userEvent.setup();
    const signIn = vi.fn(async () => true);
    auth.current = signedOut({ signIn });
    wallet.status = 'connected';
    api();
    renderWithProviders(<FeedColumn />);
    expect(steps()).toEqual([
      { done: true, current: false },
      { done: false, current: true },
      { done: false, current: false },
    ]);
    expect(screen.getByText('(Done)').className).toContain('sr-only');
    await user.click(screen.getByRole('button', { name: 'Write a post' }));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(wallet.open).not.toHaveBeenCalled();
  });

  it('stays for a signed-in newcomer with no DUM yet; Write a post focuses the composer', async () => {
    const user = userEvent.setup();
    auth.current = signedIn();
    wallet.status = 'connected';
    api();
    renderWithProviders(<FeedColumn />);
    await screen.findByTestId('welcome-banner');
    expect(steps()).toEqual([
      { done: true, current: false },
      { done: true, current: false },
      { done: false, current: true },
    ]);
    // The signed-in composer's code loads on its first render.
    const box = await screen.findByRole('textbox', { name: 'What’s your vibe?' });
    await user.click(screen.getByRole('button', { name: 'Write a post' }));
    expect(document.activeElement).toBe(box);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center', behavior: 'smooth' });

    // Without the smooth scroll for a visitor who prefers reduced motion.
    reducedMotion.current = true;
    box.blur();
    await user.click(await screen.findByRole('button', { name: 'Write the first post' }));
    expect(document.activeElement).toBe(box);
    expect(scrollIntoView).toHaveBeenLastCalledWith({ block: 'center', behavior: 'auto' });
    reducedMotion.current = false;
  });

  it('treats a wallet the server has no record of yet as one that earned nothing', async () => {
    auth.current = signedIn();
    api(() => apiError(404, 'user_not_found', 'User not found'));
    renderWithProviders(<FeedColumn />);
    await screen.findByTestId('welcome-banner');
    expect(steps().map((step) => step.done)).toEqual([true, true, false]);
  });

  it.each([
    ['holds DUM', '5000000000', '5000000000'],
    ['has earned DUM (even if none is left)', '0', '5000000000'],
  ])('never shows to a member who %s', async (_name, balance, totalEarned) => {
    auth.current = signedIn();
    api(() => record(balance, totalEarned));
    const { queryClient } = renderWithProviders(<FeedColumn />);
    // Not even while the record loads.
    expect(screen.queryByTestId('welcome-banner')).toBeNull();
    await waitFor(() => expect(queryClient.getQueryData(['/api/users', WALLET])).toBeTruthy());
    await screen.findByRole('heading', { name: 'No posts yet' });
    expect(screen.queryByTestId('welcome-banner')).toBeNull();
  });

  it('goes away by itself once the first DUM is earned', async () => {
    auth.current = signedIn();
    let balance = '0';
    api(() => record(balance));
    const { queryClient } = renderWithProviders(<FeedColumn />);
    await screen.findByTestId('welcome-banner');
    // A post earned DUM: its success refreshes the wallet's record (feed-queries.ts).
    balance = '10000000000';
    await act(() => queryClient.invalidateQueries({ queryKey: ['/api/users'] }));
    await waitFor(() => expect(screen.queryByTestId('welcome-banner')).toBeNull());
    expect(window.localStorage.getItem(WELCOME_DISMISSED_KEY)).toBeNull();
  });

  it('is dismissed once and stays dismissed', async () => {
    const user = userEvent.setup();
    api();
    const { unmount } = renderWithProviders(<FeedColumn />);
    await user.click(screen.getByRole('button', { name: 'Dismiss welcome banner' }));
    expect(screen.queryByTestId('welcome-banner')).toBeNull();
    unmount();
    renderWithProviders(<FeedColumn />);
    await screen.findByRole('heading', { name: 'No posts yet' });
    expect(screen.queryByTestId('welcome-banner')).toBeNull();
  });
});
