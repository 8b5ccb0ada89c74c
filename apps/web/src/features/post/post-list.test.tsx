import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { PLAIN_BATCH, PLAIN_LIST_MAX, PostList } from './post-list.tsx';
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
} from './test-kit.tsx';
import { useViewer } from '../auth/index.ts';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));

/**
 * Where the posts sit, for a test: jsdom lays nothing out, so every post is at the window's top
 * (near) unless the test puts them `far` below it; `scroll()` tells the list to look again.
 */
function stubPostPositions() {
  let far = true;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return DOMRect.fromRect({ y: far && this.hasAttribute('data-index') ? 10_000 : 0 });
  });
  return {
    async scroll(to: 'far' | 'near') {
      far = to === 'far';
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      });
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function Feed() {
  return <PostList viewer={useViewer()} />;
}

const posts = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    makePost({ id: `p${from + i}`, body: `post ${from + i}`, content: `post ${from + i}` }),
  );

describe('PostList', () => {
  beforeEach(() => {
    auth.current = signedOut();
    // jsdom has no scrolling; the virtualiser adjusts the scroll as rows are measured.
    vi.stubGlobal('scrollTo', () => {});
  });
  afterEach(() => {
    resetFeedTestState();
    vi.restoreAllMocks();
  });

  it('shows skeletons, then the posts, and follows the cursor to the end', async () => {
    const fetchMock = mockApi({
      'GET /api/messages-v2/feed': ({ url }) =>
        url.searchParams.get('cursor') === 'page2'
          ? json({ items: posts(3, 2), nextCursor: null })
          : json({ items: posts(1, 2), nextCursor: 'page2' }),
    });
    renderWithProviders(<Feed />);
    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeDefined();
    expect(await screen.findByText('post 1')).toBeDefined();
    // The end of the list is in view, so the next page loads without a click.
    expect(await screen.findByText('post 4')).toBeDefined();
    expect(await screen.findByText('You’re all caught up.')).toBeDefined();
    const paths = fetchMock.mock.calls.map(([input]) => requestPath(input));
    expect(paths).toEqual([
      '/api/messages-v2/feed?limit=20',
      '/api/messages-v2/feed?limit=20&cursor=page2',
    ]);
    expect(screen.getAllByTestId('post-card').map((card) => card.dataset.postId)).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
    ]);
  });

  it('shows the empty state on a feed with no posts', async () => {
    mockApi({ 'GET /api/messages-v2/feed': () => json({ items: [], nextCursor: null }) });
    renderWithProviders(<Feed />);
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeDefined();
    expect(screen.getByText('Be the first to share something!')).toBeDefined();
  });

  it('shows an error with a retry that loads the feed', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      'GET /api/messages-v2/feed': () =>
        fail
          ? apiError(503, 'database_unavailable', 'The database is not answering.')
          : json({ items: posts(1, 1), nextCursor: null }),
    });
    renderWithProviders(<Feed />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database is not answering.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('post 1')).toBeDefined();
  });

  it("shows a signed-in viewer's likes and asks for their referral code", async () => {
    auth.current = signedIn();
    const fetchMock = mockApi({
      'GET /api/messages-v2/feed': () =>
        json({ items: [makePost({ liked: true })], nextCursor: null }),
      'GET /api/auth/me': () => json({ id: 'user-1', referralCode: 'VIBE42' }),
    });
    renderWithProviders(<Feed />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Like, / }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    // The share links need the viewer's referral code.
    expect(fetchMock.mock.calls.map(([input]) => requestPath(input)).sort()).toEqual([
      '/api/auth/me',
      '/api/messages-v2/feed?limit=20',
    ]);
  });

  it('asks for the next page only once the end of the plain list nears the window', async () => {
    const positions = stubPostPositions();
    const fetchMock = mockApi({
      'GET /api/messages-v2/feed': ({ url }) =>
        url.searchParams.get('cursor') === 'page2'
          ? json({ items: posts(6, 1), nextCursor: null })
          : json({ items: posts(1, 5), nextCursor: 'page2' }),
    });
    renderWithProviders(<Feed />);
    expect(await screen.findByText('post 5')).toBeDefined();
    await positions.scroll('far');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The post watched is LOAD_AHEAD (3) from the end: the second of five.
    await positions.scroll('near');
    expect(await screen.findByText('post 6')).toBeDefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('renders a plain page a batch at a time, as the window nears the last post rendered', async () => {
    const positions = stubPostPositions();
    mockApi({
      'GET /api/messages-v2/feed': () =>
        json({ items: posts(1, PLAIN_LIST_MAX), nextCursor: null }),
    });
    renderWithProviders(<Feed />);
    expect(await screen.findByText('post 1')).toBeDefined();
    await positions.scroll('far');
    expect(screen.getAllByTestId('post-card')).toHaveLength(PLAIN_BATCH);
    // Near the end of what is rendered (a jump to the bottom included): the next batch, and so
    // on to the end of the page.
    await positions.scroll('near');
    await waitFor(() => expect(screen.getAllByTestId('post-card')).toHaveLength(PLAIN_LIST_MAX));
    expect(screen.getByTestId('post-list').dataset.virtual).toBeUndefined();
  });

  it('turns virtual when the second page arrives, keeping the posts already shown as they were', async () => {
    const user = userEvent.setup();
    const secondPage = deferred<Response>();
    mockApi({
      'GET /api/messages-v2/feed': ({ url }) =>
        url.searchParams.get('cursor') === 'page2'
          ? secondPage.promise
          : json({ items: posts(1, PLAIN_LIST_MAX), nextCursor: 'page2' }),
      'GET /api/messages/p1/comments': () => json({ items: [], nextCursor: null }),
    });
    renderWithProviders(<Feed />);
    const first = await screen.findByText('post 1');
    const card = first.closest<HTMLElement>('[data-testid="post-card"]')!;
    // The comment thread of the first post is open when the feed grows.
    await user.click(within(card).getByRole('button', { name: /^Comment, / }));
    expect(
      await within(card).findByText('No comments yet. Be the first to comment!'),
    ).toBeDefined();
    expect(screen.getByTestId('post-list').dataset.virtual).toBeUndefined();

    // jsdom lays nothing out: every post is 200 px tall, the window 768 px.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.hasAttribute('data-index') ? 200 : 0;
    });
    secondPage.resolve(json({ items: posts(PLAIN_LIST_MAX + 1, 5), nextCursor: null }));
    await waitFor(() => expect(screen.getByTestId('post-list').dataset.virtual).toBe('true'));
    // Only the posts in and near the window stay in the DOM: 4 in view, 4 more below.
    expect(screen.getAllByTestId('post-card').map((post) => post.dataset.postId)).toEqual(
      Array.from({ length: 8 }, (_, i) => `p${i + 1}`),
    );
    expect(screen.getByTestId('post-list').style.height).toBe(`${(PLAIN_LIST_MAX + 5) * 200}px`);
    // Same element, same state: the switch did not remount the post.
    expect(screen.getByText('post 1').closest('[data-testid="post-card"]')).toBe(card);
    expect(within(card).getByText('No comments yet. Be the first to comment!')).toBeDefined();
    expect(await screen.findByText('You’re all caught up.')).toBeDefined();
  });
});
