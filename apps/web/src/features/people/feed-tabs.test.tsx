import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import {
  json,
  makePost,
  mockApi,
  renderWithProviders,
  requestPath,
  resetFeedTestState,
  signedIn,
  signedOut,
  WALLET,
} from '../post/test-kit.tsx';
import { useViewer } from '../auth/index.ts';
import { FeedTabs } from './feed-tabs.tsx';
import { makeProfile } from './test-kit.ts';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
const wallet = vi.hoisted(() => ({ open: vi.fn() }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ status: 'disconnected', config: undefined }),
  useWalletModal: () => ({ open: wallet.open }),
}));

function Feed() {
  const viewer = useViewer();
  return <FeedTabs viewer={viewer} />;
}

const FOR_YOU = makePost({ id: 'a', body: 'for everyone', content: 'for everyone' });
const FOLLOWED = makePost({ id: 'b', body: 'from a friend', content: 'from a friend' });

function feedRoutes(following: unknown[], followingCount = 1) {
  return mockApi({
    'GET /api/messages-v2/feed': ({ url }) =>
      url.searchParams.get('scope') === 'following'
        ? json({ items: following, nextCursor: null })
        : json({ items: [FOR_YOU], nextCursor: null }),
    'GET /api/auth/me': () => json({ referralCode: null }),
    [`GET /api/users/${WALLET}`]: () =>
      json(makeProfile({ id: 'user-1', solAddress: WALLET, followingCount })),
  });
}

describe('the feed tabs', () => {
  beforeEach(() => {
    auth.current = signedIn();
    wallet.open.mockReset();
  });
  afterEach(() => resetFeedTestState());

  it("opens on 'For you' and switches to 'Following', which asks for the followed scope", async () => {
    const user = userEvent.setup();
    const fetchMock = feedRoutes([FOLLOWED]);
    renderWithProviders(<Feed />);
    const tabs = screen.getByRole('tablist', { name: 'Feeds' });
    expect(within(tabs).getByRole('tab', { name: 'For you' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await screen.findByText('for everyone')).toBeDefined();
    await user.click(within(tabs).getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText('from a friend')).toBeDefined();
    expect(screen.queryByText('for everyone')).toBeNull();
    expect(fetchMock.mock.calls.map(([input]) => requestPath(input))).toContain(
      '/api/messages-v2/feed?scope=following&limit=20',
    );
  });

  it('moves between the tabs with the arrow keys, one tab stop for the pair', async () => {
    const user = userEvent.setup();
    feedRoutes([FOLLOWED]);
    renderWithProviders(<Feed />);
    const forYou = screen.getByRole('tab', { name: 'For you' });
    const following = screen.getByRole('tab', { name: 'Following' });
    expect([forYou.tabIndex, following.tabIndex]).toEqual([0, -1]);
    forYou.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(following);
    expect(following.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(following.id);
    expect(await screen.findByText('from a friend')).toBeDefined();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(forYou);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(following);
    await user.keyboard('{Home}');
    expect(forYou.getAttribute('aria-selected')).toBe('true');
  });

  it("keeps the tab in the URL: '?feed=following' opens on it", async () => {
    feedRoutes([FOLLOWED]);
    renderWithProviders(<Feed />, { path: '/?feed=following' });
    expect(await screen.findByText('from a friend')).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Following' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('points someone who follows nobody to Discover', async () => {
    feedRoutes([], 0);
    renderWithProviders(<Feed />, { path: '/?feed=following' });
    expect(
      await screen.findByRole('heading', {
        name: 'Not following anyone yet: find people on Discover',
      }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to Discover' }).getAttribute('href')).toBe(
      '/discover',
    );
  });

  it('says No posts yet when the followed have nothing up', async () => {
    feedRoutes([], 3);
    renderWithProviders(<Feed />, { path: '/?feed=following' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'No posts yet' })).toBeDefined(),
    );
  });

  it('asks a signed-out visitor to connect', async () => {
    const user = userEvent.setup();
    auth.current = signedOut();
    const fetchMock = feedRoutes([FOLLOWED]);
    renderWithProviders(<Feed />, { path: '/?feed=following' });
    const prompt = await screen.findByTestId('connect-prompt');
    expect(within(prompt).getByRole('heading').textContent).toBe(
      'Connect your wallet to see who you follow',
    );
    await user.click(within(prompt).getByRole('button', { name: 'Connect Wallet' }));
    expect(wallet.open).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.map(([input]) => requestPath(input))).not.toContain(
      '/api/messages-v2/feed?scope=following&limit=20',
    );
  });
});
