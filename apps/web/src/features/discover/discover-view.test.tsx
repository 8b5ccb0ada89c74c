import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { prependPost } from '../post/index.ts';
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
} from '../post/test-kit.tsx';
import { useViewer } from '../auth/index.ts';
import { activateLocale } from '../../lib/i18n/index.ts';
import { DiscoverView } from './discover-view.tsx';
import { makeCreator, makePerson, peoplePage, postsPage, trendingPage } from './test-kit.ts';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));
vi.mock('../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    status: 'disconnected',
    config: { cluster: 'localnet', rpcUrl: 'http://localhost:3000/rpc' },
  }),
  useWalletModal: () => ({ open: () => {} }),
}));

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Go back
      </button>
    </>
  );
}

function Discover() {
  return (
    <>
      <DiscoverView viewer={useViewer()} />
      <Where />
    </>
  );
}

function App() {
  return (
    <Routes>
      <Route path="/discover" element={<Discover />} />
      <Route path="/profile/:address" element={<Where />} />
      <Route path="/posts/:id" element={<Where />} />
    </Routes>
  );
}

function renderDiscover(path = '/discover') {
  return renderWithProviders(<App />, { path });
}

const location = () => screen.getByTestId('location').textContent;
const searchBox = () => screen.getByRole('combobox', { name: 'Search people and posts' });
const results = () => screen.getByRole('listbox');
const options = () => within(results()).getAllByRole('option');
const toasts = () => screen.getByRole('region', { name: /Notifications/ });

const TAGS = {
  items: [
    { tag: 'vibes', postCount: 12 },
    { tag: 'gm', postCount: 1 },
  ],
};
const CREATORS = {
  items: [
    makeCreator(1, {
      displayName: 'Ada Lovelace',
      dumEarned: '1234567000000000',
      isFollowing: false,
    }),
    makeCreator(2, { isFollowing: true }),
  ],
};
const TRENDING_POST = makePost({
  id: 'hot-1',
  body: 'Sunset at the club #vibes',
  content: 'Sunset at the club #vibes',
});
const PEOPLE = [
  makePerson(1, { displayName: 'Ada Lovelace', username: 'ada' }),
  makePerson(2, { displayName: 'Adam Smith', username: 'adam' }),
  makePerson(3, { displayName: null, username: 'adaline' }),
];

type Routes = Parameters<typeof mockApi>[0];

/** The Discover endpoints with something in each, plus `extra` (which wins). */
function discoverApi(extra: Routes = {}) {
  return mockApi({
    'GET /api/discover/tags': () => json(TAGS),
    'GET /api/discover/creators': () => json(CREATORS),
    'GET /api/discover/trending': () => json(trendingPage([TRENDING_POST])),
    'GET /api/auth/me': () => json({ referralCode: null }),
    ...extra,
  });
}

function searchCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestPath(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/search')
    .map((url) => url.searchParams.toString());
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('Discover', () => {
  const scrollIntoView = vi.fn();
  beforeEach(() => {
    auth.current = signedIn();
    // jsdom has no layout: the post list's virtualiser scrolls, the results follow the arrows.
    vi.stubGlobal('scrollTo', () => {});
    Element.prototype.scrollIntoView = scrollIntoView;
    scrollIntoView.mockReset();
  });
  afterEach(() => resetFeedTestState());

  describe('without a search', () => {
    it('shows trending tags, the week’s top creators and trending posts, each loading first', async () => {
      discoverApi();
      renderDiscover();
      expect(screen.getByRole('heading', { level: 1, name: 'Discover' })).toBeDefined();
      expect(screen.getByRole('status', { name: 'Loading trending tags' })).toBeDefined();
      expect(screen.getAllByRole('status', { name: 'Loading top creators' })).toHaveLength(2);
      expect(screen.getByRole('status', { name: 'Loading posts' })).toBeDefined();

      const vibes = await screen.findByRole('link', { name: '#vibes, 12 posts' });
      expect(vibes.getAttribute('href')).toBe('/discover?tag=vibes');
      expect(screen.getByRole('link', { name: '#gm, 1 post' })).toBeDefined();

      const rail = await screen.findByTestId('top-creators-rail');
      const first = within(rail).getAllByRole('listitem')[0]!;
      expect(within(first).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
        `/profile/${CREATORS.items[0]!.solAddress}`,
      );
      expect(first.textContent).toContain('Rank 1');
      expect(first.textContent).toContain('1,234,567 DUM earned');
      expect(within(first).getByRole('button', { name: 'Follow Ada Lovelace' })).toBeDefined();
      expect(within(rail).getByRole('button', { name: 'Unfollow Person 2' })).toBeDefined();
      // The narrow screens' strip shows the same people.
      expect(
        within(screen.getByTestId('top-creators-strip')).getAllByRole('listitem'),
      ).toHaveLength(2);

      // Trending posts are the feed's own cards, their tags linked.
      const card = await screen.findByRole('article', { name: 'Ada Lovelace' });
      expect(within(card).getByRole('link', { name: '#vibes' }).getAttribute('href')).toBe(
        '/discover?tag=vibes',
      );
      expect(within(card).getByRole('button', { name: /^Like, / })).toBeDefined();
    });

    it('says when nothing is trending yet', async () => {
      discoverApi({
        'GET /api/discover/tags': () => json({ items: [] }),
        'GET /api/discover/creators': () => json({ items: [] }),
        'GET /api/discover/trending': () => json({ items: [], nextCursor: null }),
      });
      renderDiscover();
      expect(await screen.findByRole('heading', { name: 'No trending tags yet' })).toBeDefined();
      expect(
        await screen.findAllByRole('heading', { name: 'No top creators yet this week' }),
      ).toHaveLength(2);
      expect(await screen.findByRole('heading', { name: 'Nothing trending yet' })).toBeDefined();
    });

    it('shows each failed section with Try Again, and the others as they are', async () => {
      const user = userEvent.setup();
      let tagsUp = false;
      discoverApi({
        'GET /api/discover/tags': () =>
          tagsUp
            ? json(TAGS)
            : apiError(503, 'database_unavailable', 'The database is not answering.'),
        'GET /api/discover/trending': () =>
          apiError(503, 'database_unavailable', 'The database is not answering.'),
      });
      renderDiscover();
      const tagsError = await screen.findByRole('heading', { name: 'Couldn’t load trending tags' });
      expect(
        await screen.findByRole('heading', { name: 'Couldn’t load trending posts' }),
      ).toBeDefined();
      expect(await screen.findByTestId('top-creators-rail')).toBeDefined();
      tagsUp = true;
      const alert = tagsError.closest('[role="alert"]') as HTMLElement;
      expect(alert.textContent).toContain('The database is not answering.');
      await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
      expect(await screen.findByRole('link', { name: '#vibes, 12 posts' })).toBeDefined();
    });

    it('follows a top creator at once; signed out, Follow asks for a wallet', async () => {
      const user = userEvent.setup();
      const follows: string[] = [];
      discoverApi({
        [`PUT /api/follows/${CREATORS.items[0]!.solAddress}`]: ({ url }) => {
          follows.push(url.pathname);
          return json({ following: true, followerCount: 2 });
        },
      });
      const { unmount } = renderDiscover();
      const rail = await screen.findByTestId('top-creators-rail');
      await user.click(within(rail).getByRole('button', { name: 'Follow Ada Lovelace' }));
      // Both copies (rail and strip) flip.
      expect(within(rail).getByRole('button', { name: 'Unfollow Ada Lovelace' })).toBeDefined();
      expect(
        within(screen.getByTestId('top-creators-strip')).getByRole('button', {
          name: 'Unfollow Ada Lovelace',
        }),
      ).toBeDefined();
      await waitFor(() => expect(follows).toHaveLength(1));
      unmount();

      auth.current = signedOut();
      renderDiscover();
      const signedOutRail = await screen.findByTestId('top-creators-rail');
      await user.click(within(signedOutRail).getByRole('button', { name: 'Follow Ada Lovelace' }));
      expect(toasts().textContent).toContain('Wallet Required');
      expect(follows).toHaveLength(1);
    });

    it('shows “You” instead of Follow on the viewer’s own place in the list', async () => {
      auth.current = signedIn({
        user: { id: 'person-1', solAddress: CREATORS.items[0]!.solAddress },
      });
      discoverApi();
      renderDiscover();
      const rail = await screen.findByTestId('top-creators-rail');
      const first = within(rail).getAllByRole('listitem')[0]!;
      expect(within(first).queryByRole('button')).toBeNull();
      expect(first.textContent).toContain('You');
    });
  });

  describe('search', () => {
    it('asks once the typing settles, and puts the search in the URL', async () => {
      const user = userEvent.setup();
      const fetchMock = discoverApi({
        'GET /api/search': () => json(postsPage([TRENDING_POST])),
      });
      renderDiscover();
      await user.type(searchBox(), 'sunset');
      // Results as you type, for what was typed last: one request, not one per keystroke.
      expect(await screen.findByRole('listbox', { name: 'Posts matching “sunset”' })).toBeDefined();
      expect(searchCalls(fetchMock)).toEqual(['q=sunset&type=posts']);
      expect(location()).toBe('/discover?q=sunset&type=posts');
      // The match is marked; the trending lists make room for the results.
      expect(within(options()[0]!).getByText('Sunset', { selector: 'mark' })).toBeDefined();
      expect(screen.queryByRole('heading', { name: 'Trending posts' })).toBeNull();
      expect(screen.getByTestId('search-announcement').textContent).toContain('1 post found');
    });

    it('moves through the results with the arrows, opens one with Enter, and comes back', async () => {
      const user = userEvent.setup();
      discoverApi({ 'GET /api/search': () => json(peoplePage(PEOPLE)) });
      renderDiscover('/discover?q=ada&type=users');
      const box = searchBox();
      expect((box as HTMLInputElement).value).toBe('ada');
      expect(screen.getByRole('radio', { name: 'People' }).getAttribute('aria-checked')).toBe(
        'true',
      );
      await screen.findByRole('listbox', { name: 'People matching “ada”' });
      expect(box.getAttribute('aria-expanded')).toBe('true');
      expect(box.getAttribute('aria-activedescendant')).toBeNull();

      box.focus();
      const selected = () =>
        options().findIndex((option) => option.getAttribute('aria-selected') === 'true');
      await user.keyboard('{ArrowDown}');
      expect(selected()).toBe(0);
      expect(box.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
      expect(scrollIntoView).toHaveBeenLastCalledWith({ block: 'nearest' });
      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(selected()).toBe(2);
      await user.keyboard('{ArrowDown}');
      expect(selected()).toBe(0);
      await user.keyboard('{ArrowUp}');
      expect(selected()).toBe(2);
      await user.keyboard('{ArrowUp}');
      expect(selected()).toBe(1);
      expect(options()[1]!.textContent).toContain('Adam Smith');

      await user.keyboard('{Enter}');
      expect(location()).toBe(`/profile/${PEOPLE[1]!.solAddress}`);
      await user.click(screen.getByRole('button', { name: 'Go back' }));
      expect(location()).toBe('/discover?q=ada&type=users');
      expect((searchBox() as HTMLInputElement).value).toBe('ada');
      expect(screen.getByRole('listbox', { name: 'People matching “ada”' })).toBeDefined();
    });

    it('opens a post result on its page, by Enter or by a click', async () => {
      const user = userEvent.setup();
      discoverApi({
        'GET /api/search': () =>
          json(
            postsPage([
              TRENDING_POST,
              makePost({ id: 'post-2', body: 'sunset two', content: 'sunset two' }),
            ]),
          ),
      });
      renderDiscover('/discover?q=sunset&type=posts');
      await screen.findByRole('listbox');
      searchBox().focus();
      await user.keyboard('{ArrowDown}{Enter}');
      expect(location()).toBe('/posts/hot-1');
      await user.click(screen.getByRole('button', { name: 'Go back' }));
      await user.click(await screen.findByRole('option', { name: /sunset two/ }));
      expect(location()).toBe('/posts/post-2');
    });

    it('keeps the previous results while the next ones are on their way', async () => {
      const user = userEvent.setup();
      const held = deferred();
      discoverApi({
        'GET /api/search': async ({ url }) => {
          if (url.searchParams.get('q') === 'ada') return json(peoplePage(PEOPLE));
          await held.promise;
          return json(peoplePage([PEOPLE[1]!]));
        },
      });
      renderDiscover('/discover?q=ada&type=users');
      await screen.findByRole('listbox');
      await user.type(searchBox(), 'm');
      await waitFor(() => expect(location()).toBe('/discover?q=adam&type=users'));
      // Still the three of "ada", shown as on their way out, with the box's spinner.
      expect(options()).toHaveLength(3);
      expect(results().getAttribute('aria-busy')).toBe('true');
      expect(screen.getByTestId('search-busy')).toBeDefined();
      act(() => held.resolve());
      await waitFor(() => expect(options()).toHaveLength(1));
      expect(screen.getByRole('listbox', { name: 'People matching “adam”' })).toBeDefined();
    });

    it('switches between posts and people', async () => {
      const user = userEvent.setup();
      const fetchMock = discoverApi({
        'GET /api/search': ({ url }) =>
          json(
            url.searchParams.get('type') === 'users'
              ? peoplePage(PEOPLE)
              : postsPage([TRENDING_POST]),
          ),
      });
      renderDiscover('/discover?q=ada&type=posts');
      await screen.findByRole('listbox', { name: 'Posts matching “ada”' });
      await user.click(screen.getByRole('radio', { name: 'People' }));
      expect(location()).toBe('/discover?q=ada&type=users');
      expect(await screen.findByRole('listbox', { name: 'People matching “ada”' })).toBeDefined();
      expect(searchCalls(fetchMock)).toEqual(['q=ada&type=posts', 'q=ada&type=users']);
    });

    it('says when nothing matches, and offers the other kind', async () => {
      const user = userEvent.setup();
      discoverApi({
        'GET /api/search': ({ url }) =>
          json(url.searchParams.get('type') === 'users' ? peoplePage([PEOPLE[0]!]) : postsPage([])),
      });
      renderDiscover('/discover?q=zzz&type=posts');
      expect(await screen.findByRole('heading', { name: 'No results for “zzz”' })).toBeDefined();
      expect(screen.getByTestId('search-announcement').textContent).toBe('No results for “zzz”');
      expect(searchBox().getAttribute('aria-expanded')).toBe('false');
      await user.click(screen.getByRole('button', { name: 'Search people instead' }));
      expect(await screen.findByRole('listbox', { name: 'People matching “zzz”' })).toBeDefined();
    });

    it('shows a failed search with Try Again', async () => {
      const user = userEvent.setup();
      let up = false;
      discoverApi({
        'GET /api/search': () =>
          up
            ? json(peoplePage(PEOPLE))
            : apiError(503, 'database_unavailable', 'The database is not answering.'),
      });
      renderDiscover('/discover?q=ada&type=users');
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'Couldn’t search' })).toBeDefined();
      expect(alert.textContent).toContain('The database is not answering.');
      up = true;
      await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
      expect(await screen.findByRole('listbox')).toBeDefined();
    });

    it('reads further pages with More results, or with the down arrow at the end', async () => {
      const user = userEvent.setup();
      discoverApi({
        'GET /api/search': ({ url }) => {
          const cursor = url.searchParams.get('cursor');
          if (cursor === null) return json(peoplePage(PEOPLE.slice(0, 2), 'c2'));
          if (cursor === 'c2') return json(peoplePage([PEOPLE[2]!], 'c3'));
          return json(peoplePage([makePerson(4, { displayName: 'Ada Four' })]));
        },
      });
      renderDiscover('/discover?q=ada&type=users');
      await screen.findByRole('listbox');
      await user.click(screen.getByRole('button', { name: 'More results' }));
      await waitFor(() => expect(options()).toHaveLength(3));
      searchBox().focus();
      await user.keyboard('{ArrowUp}{ArrowDown}');
      await waitFor(() => expect(options()).toHaveLength(4));
      expect(screen.queryByRole('button', { name: 'More results' })).toBeNull();
    });

    it('Escape empties the box and brings the trending lists back', async () => {
      const user = userEvent.setup();
      discoverApi({ 'GET /api/search': () => json(peoplePage(PEOPLE)) });
      renderDiscover('/discover?q=ada&type=users');
      await screen.findByRole('listbox');
      searchBox().focus();
      await user.keyboard('{ArrowDown}{Escape}');
      expect((searchBox() as HTMLInputElement).value).toBe('');
      expect(location()).toBe('/discover');
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(await screen.findByRole('heading', { name: 'Trending tags' })).toBeDefined();
      expect(screen.queryByRole('radiogroup', { name: 'Search for' })).toBeNull();
    });
  });

  describe('a tag', () => {
    it('lists the tag’s posts under #tag, and nothing the composer put there without it', async () => {
      const fetchMock = discoverApi({
        'GET /api/discover/tags/vibes/posts': () =>
          json({ items: [TRENDING_POST], nextCursor: null }),
      });
      const { queryClient } = renderDiscover('/discover?tag=%23Vibes');
      expect(await screen.findByRole('heading', { level: 2, name: '#vibes' })).toBeDefined();
      expect(await screen.findByRole('article', { name: 'Ada Lovelace' })).toBeDefined();
      expect(
        fetchMock.mock.calls.some(
          ([input]) => requestPath(input) === '/api/discover/tags/vibes/posts',
        ),
      ).toBe(true);
      expect(screen.queryByRole('heading', { name: 'Trending tags' })).toBeNull();

      // A new post goes to the top of every cached list of the feed's shape: here only a tagged one.
      act(() => {
        prependPost(queryClient, makePost({ id: 'new-plain', body: 'no tag', content: 'no tag' }));
        prependPost(
          queryClient,
          makePost({ id: 'new-tagged', body: 'more #VIBES', content: 'more #VIBES' }),
        );
      });
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
      expect(screen.queryByText('no tag')).toBeNull();
    });

    it('says when the tag has no live posts, and when it fails', async () => {
      const user = userEvent.setup();
      let fail = false;
      discoverApi({
        'GET /api/discover/tags/quiet/posts': () =>
          fail
            ? apiError(503, 'database_unavailable', 'The database is not answering.')
            : json({ items: [], nextCursor: null }),
      });
      const { unmount } = renderDiscover('/discover?tag=quiet');
      expect(
        await screen.findByRole('heading', { name: 'No posts with #quiet right now' }),
      ).toBeDefined();
      await user.click(screen.getByRole('link', { name: 'See what’s trending' }));
      expect(location()).toBe('/discover');
      unmount();

      fail = true;
      renderDiscover('/discover?tag=quiet');
      expect(
        await screen.findByRole('heading', { name: 'Couldn’t load the posts tagged #quiet' }),
      ).toBeDefined();
    });

    it('says so when ?tag= cannot be a tag, without asking the server', async () => {
      const fetchMock = discoverApi();
      renderDiscover('/discover?tag=not%20a%20tag!');
      expect(await screen.findByRole('heading', { name: 'That isn’t a tag' })).toBeDefined();
      expect(
        fetchMock.mock.calls.some(([input]) =>
          requestPath(input).startsWith('/api/discover/tags/'),
        ),
      ).toBe(false);
    });

    it('a search typed on a tag’s page replaces the tag', async () => {
      const user = userEvent.setup();
      discoverApi({
        'GET /api/discover/tags/vibes/posts': () =>
          json({ items: [TRENDING_POST], nextCursor: null }),
        'GET /api/search': () => json(postsPage([TRENDING_POST])),
      });
      renderDiscover('/discover?tag=vibes');
      await screen.findByRole('heading', { name: '#vibes' });
      await user.type(searchBox(), 'sunset{Enter}');
      expect(location()).toBe('/discover?q=sunset&type=posts');
      expect(await screen.findByRole('listbox')).toBeDefined();
      expect(screen.queryByRole('heading', { name: '#vibes' })).toBeNull();
    });
  });

  describe('in Spanish', () => {
    it('speaks the active language', async () => {
      discoverApi();
      await act(() => activateLocale('es'));
      renderDiscover();
      expect(screen.getByRole('heading', { level: 1, name: 'Descubrir' })).toBeDefined();
      expect(await screen.findByRole('link', { name: '#vibes, 12 publicaciones' })).toBeDefined();
      expect(screen.getByRole('link', { name: '#gm, 1 publicación' })).toBeDefined();
      expect(
        screen.getByRole('combobox', { name: 'Buscar personas y publicaciones' }),
      ).toBeDefined();
      const rail = await screen.findByTestId('top-creators-rail');
      const first = within(rail).getAllByRole('listitem')[0]!;
      expect(first.textContent).toContain('Puesto 1');
      expect(first.textContent).toContain('DUM ganados');
    });
  });
});
