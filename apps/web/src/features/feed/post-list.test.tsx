import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/use-auth.ts';
import { PostList } from './post-list.tsx';
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
} from './test-utils.tsx';
import { useViewer } from './use-viewer.ts';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));

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
  afterEach(() => resetFeedTestState());

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
      expect(screen.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    // The share links need the viewer's referral code.
    expect(fetchMock.mock.calls.map(([input]) => requestPath(input)).sort()).toEqual([
      '/api/auth/me',
      '/api/messages-v2/feed?limit=20',
    ]);
  });
});
