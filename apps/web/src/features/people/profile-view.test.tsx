import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import {
  apiError,
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
import { activateLocale } from '../../lib/i18n/index.ts';
import { useViewer } from '../auth/index.ts';
import { ProfileView } from './profile-view.tsx';
import { ADA_WALLET, makeProfile, makeSummary } from './test-kit.ts';
import type { UserProfile } from './types.ts';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    status: 'disconnected',
    config: { cluster: 'localnet', rpcUrl: 'http://localhost:3000/rpc' },
  }),
  useWalletModal: () => ({ open: () => {} }),
}));

function Profile({ address }: { address: string }) {
  const viewer = useViewer();
  return <ProfileView address={address} viewer={viewer} />;
}

const PROFILE = `GET /api/users/${ADA_WALLET}`;
const POSTS = `GET /api/users/${ADA_WALLET}/posts`;
const NO_POSTS = () => json({ items: [], nextCursor: null });

function routes(profile: UserProfile, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [PROFILE]: () => json(profile),
    [POSTS]: NO_POSTS,
    'GET /api/auth/me': () => json({ referralCode: null }),
    ...extra,
  });
}

const heading = () => screen.findByRole('heading', { level: 1, name: /Ada Lovelace/ });
const toasts = () => screen.getByRole('region', { name: /Notifications/ });

describe('a profile', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('shows who they are: name, tick, @username, bio, short wallet, joined, counts, DUM mined', async () => {
    routes(makeProfile({ isVerified: true, isFollowing: false, isBlocked: false }));
    renderWithProviders(<Profile address={ADA_WALLET} />);
    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeDefined();
    expect((await heading()).textContent).toBe('Ada Lovelace');
    expect(within(await heading()).getByRole('img', { name: 'Verified' })).toBeDefined();
    expect(screen.getByText('@ada')).toBeDefined();
    expect(screen.getByText('First programmer. Vibes in base units.')).toBeDefined();
    expect(screen.getByTestId('profile-address').textContent).toBe('AdaW...AdaW');
    expect(screen.getByText('Joined March 2026')).toBeDefined();
    expect(screen.getByRole('button', { name: '41 Followers' })).toBeDefined();
    expect(screen.getByRole('button', { name: '7 Following' })).toBeDefined();
    const stats = screen.getByTestId('profile-stats');
    expect(stats.textContent).toContain('3 Posts');
    expect(stats.textContent).toContain('1,234 DUM mined');
    const explorer = screen.getByRole('link', { name: 'View the wallet on the explorer' });
    expect(explorer.getAttribute('href')).toBe(
      `https://explorer.solana.com/address/${ADA_WALLET}?cluster=custom&customUrl=http%3A%2F%2Flocalhost%3A3000%2Frpc`,
    );
    expect(screen.getByRole('link', { name: 'Message Ada Lovelace' }).getAttribute('href')).toBe(
      `/messages/${ADA_WALLET}`,
    );
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeDefined();
    // Trust is off on this server (trust: null): no band, and no word of it.
    expect(screen.queryByTestId('profile-trust')).toBeNull();
    expect(screen.queryByText(/Trust/)).toBeNull();
  });

  it('shows the trust band as a labelled chip by the stats, with how trust is earned', async () => {
    routes(makeProfile({ trust: { band: 'building' } }));
    renderWithProviders(<Profile address={ADA_WALLET} />);
    const trust = await screen.findByTestId('profile-trust');
    expect(within(trust).getByText('Trust: Building')).toBeDefined();
    expect(trust.textContent).toContain(
      'Trust grows when trusted members like, comment on, support or tip their posts, or follow them.',
    );
    // Just after the stats, in the profile's header.
    expect(screen.getByTestId('profile-stats').nextElementSibling).toBe(trust);
  });

  it.each([
    ['seed', 'Trust: Seed'],
    ['trusted', 'Trust: Trusted'],
    ['new', 'Trust: New'],
  ] as const)('names the %s band', async (band, label) => {
    routes(makeProfile({ trust: { band } }));
    renderWithProviders(<Profile address={ADA_WALLET} />);
    expect(within(await screen.findByTestId('profile-trust')).getByText(label)).toBeDefined();
  });

  it('follows at once and keeps the count the server answers', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let following = false;
    routes(makeProfile({ isFollowing: false }), {
      [PROFILE]: () =>
        json(makeProfile({ isFollowing: following, followerCount: following ? 50 : 41 })),
      [`PUT /api/follows/${ADA_WALLET}`]: async () => {
        await held;
        following = true;
        return json({ following: true, followerCount: 50 });
      },
    });
    renderWithProviders(<Profile address={ADA_WALLET} />);
    await user.click(await screen.findByRole('button', { name: 'Follow Ada Lovelace' }));
    // Before the server answers: flipped, counted.
    expect(screen.getByRole('button', { name: 'Unfollow Ada Lovelace' })).toBeDefined();
    expect(screen.getByRole('button', { name: '42 Followers' })).toBeDefined();
    release();
    // The server's count (others followed meanwhile), kept when the profile is read again.
    expect(await screen.findByRole('button', { name: '50 Followers' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Unfollow Ada Lovelace' })).toBeDefined();
  });

  it('rolls a failed follow back and says why', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    routes(makeProfile({ isFollowing: false }), {
      [`PUT /api/follows/${ADA_WALLET}`]: async () => {
        await held;
        return apiError(403, 'blocked', 'You cannot interact with this user.');
      },
    });
    renderWithProviders(<Profile address={ADA_WALLET} />);
    await user.click(await screen.findByRole('button', { name: 'Follow Ada Lovelace' }));
    expect(screen.getByRole('button', { name: '42 Followers' })).toBeDefined();
    release();
    expect(await screen.findByRole('button', { name: 'Follow Ada Lovelace' })).toBeDefined();
    expect(screen.getByRole('button', { name: '41 Followers' })).toBeDefined();
    await waitFor(() => expect(toasts().textContent).toContain('Couldn’t follow Ada Lovelace'));
    expect(toasts().textContent).toContain('You cannot interact with this user.');
  });

  it('rolls a failed unfollow back too', async () => {
    const user = userEvent.setup();
    routes(makeProfile({ isFollowing: true, followerCount: 1 }), {
      [`DELETE /api/follows/${ADA_WALLET}`]: () =>
        apiError(503, 'database_unavailable', 'The database is not answering.'),
    });
    renderWithProviders(<Profile address={ADA_WALLET} />);
    await user.click(await screen.findByRole('button', { name: 'Unfollow Ada Lovelace' }));
    expect(await screen.findByRole('button', { name: 'Unfollow Ada Lovelace' })).toBeDefined();
    expect(screen.getByRole('button', { name: '1 Follower' })).toBeDefined();
    await waitFor(() => expect(toasts().textContent).toContain('Couldn’t unfollow Ada Lovelace'));
  });

  it('tells a signed-out visitor a wallet is needed, with no Message or Block', async () => {
    const user = userEvent.setup();
    auth.current = signedOut();
    const fetchMock = routes(makeProfile());
    renderWithProviders(<Profile address={ADA_WALLET} />);
    await user.click(await screen.findByRole('button', { name: 'Follow Ada Lovelace' }));
    expect(toasts().textContent).toContain('Wallet Required');
    expect(screen.queryByRole('link', { name: /^Message/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More options for Ada Lovelace' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy profile link' })).toBeDefined();
    expect(screen.queryByRole('menuitem', { name: /Block/ })).toBeNull();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it("shows one's own profile with Edit profile instead of Follow", async () => {
    auth.current = signedIn();
    const own = makeProfile({ id: 'user-1', solAddress: WALLET, trust: { band: 'new' } });
    mockApi({
      [`GET /api/users/${WALLET}`]: () => json(own),
      [`GET /api/users/${WALLET}/posts`]: NO_POSTS,
      'GET /api/auth/me': () => json({ referralCode: null }),
    });
    renderWithProviders(<Profile address={WALLET} />);
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Message/ })).toBeNull();
    // One's own band says how one's own trust grows.
    expect(screen.getByTestId('profile-trust').textContent).toContain(
      'Trust grows when trusted members like, comment on, support or tip your posts, or follow you.',
    );
  });

  it('says a wallet without a user is not found', async () => {
    mockApi({
      [PROFILE]: () => apiError(404, 'user_not_found', 'No Dum Club user has this wallet.'),
    });
    renderWithProviders(<Profile address={ADA_WALLET} />);
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeDefined();
  });

  it('shows a failed load with Try Again, which loads it', async () => {
    const user = userEvent.setup();
    let fail = true;
    routes(makeProfile(), {
      [PROFILE]: () =>
        fail
          ? apiError(503, 'database_unavailable', 'The database is not answering.')
          : json(makeProfile()),
    });
    renderWithProviders(<Profile address={ADA_WALLET} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database is not answering.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect((await heading()).textContent).toBe('Ada Lovelace');
  });

  it('lists posts, and vault posts alone under Vaults', async () => {
    const user = userEvent.setup();
    const vaultPost = makePost({
      id: 'v1',
      body: 'Back my next track',
      content: 'Back my next track',
      kind: 'vault',
      expiresAt: null,
      vault: {
        id: '7',
        kind: 'direct',
        status: 'unlocked',
        currentAmount: '200000000',
        targetAmount: '200000000',
        supporterCount: 0,
        createdAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        creator: { walletAddress: ADA_WALLET },
        escrow: null,
      } as never,
    });
    routes(makeProfile(), {
      [POSTS]: () => json({ items: [makePost({ id: 'p1' }), vaultPost], nextCursor: null }),
    });
    renderWithProviders(<Profile address={ADA_WALLET} />);
    expect(await screen.findByText('gm, vibes only')).toBeDefined();
    expect(screen.getAllByTestId('post-card')).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Vaults' }));
    await waitFor(() => expect(screen.getAllByTestId('post-card')).toHaveLength(1));
    expect(screen.getByText('Back my next track')).toBeDefined();
    expect(screen.getByTestId('vault-panel').getAttribute('data-status')).toBe('unlocked');
  });

  it('says No vaults yet when none of the posts is a vault', async () => {
    const user = userEvent.setup();
    routes(makeProfile(), {
      [POSTS]: () => json({ items: [makePost({ id: 'p1' })], nextCursor: null }),
    });
    renderWithProviders(<Profile address={ADA_WALLET} />);
    await screen.findByText('gm, vibes only');
    await user.click(screen.getByRole('tab', { name: 'Vaults' }));
    expect(await screen.findByRole('heading', { name: 'No vaults yet' })).toBeDefined();
  });

  it('opens the followers in a dialog and loads more of them', async () => {
    const user = userEvent.setup();
    const fetchMock = routes(makeProfile(), {
      [`GET /api/follows/${ADA_WALLET}/followers`]: ({ url }) =>
        url.searchParams.get('cursor') === 'c2'
          ? json({ items: [makeSummary(3)], nextCursor: null })
          : json({
              items: [makeSummary(1), makeSummary(2, { isVerified: true })],
              nextCursor: 'c2',
            }),
    });
    renderWithProviders(<Profile address={ADA_WALLET} />);
    await user.click(await screen.findByRole('button', { name: '41 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    expect(await within(dialog).findByRole('link', { name: /Person 1/ })).toBeDefined();
    expect(
      within(dialog)
        .getByRole('link', { name: /Person 1/ })
        .getAttribute('href'),
    ).toBe(`/profile/${makeSummary(1).solAddress}`);
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByRole('link', { name: /Person 3/ })).toBeDefined();
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
    const asked = fetchMock.mock.calls.map(([input]) => requestPath(input));
    expect(asked).toContain(`/api/follows/${ADA_WALLET}/followers?limit=20`);
    expect(asked).toContain(`/api/follows/${ADA_WALLET}/followers?limit=20&cursor=c2`);
  });

  it('shows an empty following list', async () => {
    const user = userEvent.setup();
    routes(makeProfile(), {
      [`GET /api/follows/${ADA_WALLET}/following`]: () => json({ items: [], nextCursor: null }),
    });
    renderWithProviders(<Profile address={ADA_WALLET} />);
    await user.click(await screen.findByRole('button', { name: '7 Following' }));
    const dialog = await screen.findByRole('dialog', { name: 'Following' });
    expect(await within(dialog).findByText('Not following anyone yet')).toBeDefined();
  });

  it('blocks after a confirmation, and then hides their posts behind Unblock', async () => {
    const user = userEvent.setup();
    let blocked = false;
    const fetchMock = routes(makeProfile({ isFollowing: true }), {
      [PROFILE]: () => json(makeProfile({ isBlocked: blocked, isFollowing: false })),
      [`PUT /api/blocks/${ADA_WALLET}`]: () => {
        blocked = true;
        return json({ blocked: true });
      },
      [`DELETE /api/blocks/${ADA_WALLET}`]: () => {
        blocked = false;
        return json({ blocked: false });
      },
      'GET /api/follows': () => json({ items: [], nextCursor: null }),
      'GET /api/messages-v2/feed': () => json({ items: [], nextCursor: null }),
    });
    renderWithProviders(<Profile address={ADA_WALLET} />);
    await user.click(await screen.findByRole('button', { name: 'More options for Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Ada Lovelace?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('heading', { name: 'You blocked Ada Lovelace' })).toBeDefined();
    expect(screen.queryByRole('tab', { name: /Posts/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull();
    await waitFor(() => expect(toasts().textContent).toContain('Blocked Ada Lovelace'));
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('tab', { name: /Posts/ })).toBeDefined();
  });
});

describe('a profile in Spanish', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('shows the counts, the join date, DUM mined and the actions in the active language', async () => {
    routes(
      makeProfile({
        isFollowing: false,
        isBlocked: false,
        followerCount: 1,
        totalEarned: '12345000000000',
        trust: { band: 'trusted' },
      }),
    );
    await act(() => activateLocale('es'));
    renderWithProviders(<Profile address={ADA_WALLET} />);
    expect(screen.getByRole('status', { name: 'Cargando perfil' })).toBeDefined();
    await heading();
    expect(screen.getByText('Se unió en marzo de 2026')).toBeDefined();
    expect(screen.getByRole('button', { name: '1 Seguidor' })).toBeDefined();
    expect(screen.getByRole('button', { name: '7 Siguiendo' })).toBeDefined();
    const stats = screen.getByTestId('profile-stats');
    expect(stats.textContent).toContain('3 Publicaciones');
    expect(stats.textContent).toContain('12.345 DUM minados');
    expect(screen.getByTestId('profile-trust').textContent).toContain('Confianza: De confianza');
    expect(screen.getByRole('button', { name: 'Seguir a Ada Lovelace' })).toBeDefined();
    expect(screen.getByRole('tab', { name: /Bóvedas/ })).toBeDefined();
  });
});
