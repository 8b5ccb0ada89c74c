import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import type { AuthContextValue } from '../auth/index.ts';
import { useViewer } from '../auth/index.ts';
import { postKey } from './feed-cache.ts';
import { usePost } from './feed-queries.ts';
import { PostCard } from './post-card.tsx';
import {
  apiError,
  json,
  makePost,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  signedIn,
  signedOut,
} from './test-kit.tsx';
import type { FeedPost, QuotedPost } from './types.ts';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));

function CachedPost({ id }: { id: string }) {
  const viewer = useViewer();
  const { data } = usePost(id, viewer.userId);
  return data ? <PostCard post={data} viewer={viewer} referralCode={null} /> : null;
}

function renderPost(post: FeedPost) {
  const queryClient = createQueryClient();
  const viewerId = auth.current?.isAuthenticated ? (auth.current.user?.id ?? null) : null;
  queryClient.setQueryData(postKey(post.id, viewerId), post);
  return renderWithProviders(<CachedPost id={post.id} />, { queryClient });
}

const repostButton = () => screen.getByRole('button', { name: /^Repost(ed)?, / });

function quotedPost(overrides: Partial<QuotedPost> = {}): QuotedPost {
  return {
    id: 'post-9',
    kind: 'public',
    author: {
      id: 'user-9',
      avatarUrl: null,
      displayName: 'Grace',
      username: 'grace',
      isVerified: false,
    },
    author_wallet: 'GraceWa11etGraceWa11etGraceWa11etGraceW',
    body: 'the original words',
    createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    imageUrl: null,
    altText: null,
    audioUrl: null,
    locked: false,
    vault: null,
    unlockAt: null,
    ...overrides,
  };
}

describe('reposts and quotes on a post card', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('reposts from the menu by keyboard, moving the count at once, and undoes it', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = mockApi({
      'PUT /api/messages/post-1/repost': async () => {
        await held;
        return json({ reposted: true, repostCount: 8 });
      },
      'DELETE /api/messages/post-1/repost': () => json({ reposted: false, repostCount: 7 }),
    });
    renderPost(makePost({ repostCount: 6 }));
    expect(repostButton().textContent).toBe('6');
    repostButton().focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Quote' })).toBeDefined();
    await user.keyboard('{ArrowDown}{Enter}');
    // Optimistic: the mark and the count move before the server answers.
    await waitFor(() => expect(repostButton().getAttribute('aria-label')).toBe('Reposted, 7'));
    release();
    // The server's exact count wins.
    await waitFor(() => expect(repostButton().getAttribute('aria-label')).toBe('Reposted, 8'));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(repostButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Undo repost' }));
    await waitFor(() => expect(repostButton().getAttribute('aria-label')).toBe('Repost, 7'));
  });

  it('puts the mark back and says so when the repost fails', async () => {
    const user = userEvent.setup();
    mockApi({
      'PUT /api/messages/post-1/repost': () =>
        apiError(403, 'blocked', 'You cannot interact with this user.'),
    });
    renderPost(makePost({ repostCount: 2 }));
    await user.click(repostButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Repost' }));
    expect(await screen.findByText('Failed to repost')).toBeDefined();
    await waitFor(() => expect(repostButton().getAttribute('aria-label')).toBe('Repost, 2'));
  });

  it('tells a signed-out visitor to connect a wallet and sends nothing', async () => {
    auth.current = signedOut();
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    renderPost(makePost());
    await user.click(repostButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Repost' }));
    expect(await screen.findByText('Wallet Required')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the quote composer with the post shown, and posts the quote', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi({
      'POST /api/messages-v2/messages': ({ body }) => {
        sent.push(body);
        return json(makePost({ id: 'post-2', body: 'so true', quoted: quotedPost() }), 201);
      },
    });
    renderPost(makePost());
    await user.click(repostButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quote post' });
    const preview = within(dialog).getByTestId('quoted-card');
    expect(within(preview).getByText('gm, vibes only')).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Post' })).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your comment' }), 'so true');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ body: 'so true', kind: 'public', quoteOf: 'post-1' }]);
    expect(await screen.findByText('Posted!')).toBeDefined();
  });

  it('draws the quoted post inside the card, locked content as a note, or that it is gone', async () => {
    const { unmount } = renderPost(
      makePost({ quoted: quotedPost({ imageUrl: '/media/cat.png', altText: 'a cat' }) }),
    );
    // The quoted card's code loads with the first quote shown.
    const quoted = await screen.findByRole('figure', { name: 'Quoted post by Grace' });
    expect(within(quoted).getByText('the original words')).toBeDefined();
    expect(within(quoted).getByRole('img', { name: 'a cat' })).toBeDefined();
    expect(
      within(quoted)
        .getByRole('link', { name: /Open the quoted post/ })
        .getAttribute('href'),
    ).toBe('/posts/post-9');
    unmount();

    const unlockAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const sealed = renderPost(
      makePost({ quoted: quotedPost({ kind: 'capsule', body: '', locked: true, unlockAt }) }),
    );
    expect(await screen.findByText(/^Sealed time capsule · opens in/)).toBeDefined();
    sealed.unmount();

    renderPost(makePost({ quoted: null, quotedUnavailable: true }));
    expect(await screen.findByText('This post is unavailable.')).toBeDefined();
  });

  it('says which followed wallet reposted a post on the Following feed', () => {
    renderPost(makePost({ repostedBy: { address: 'BobWa11et', displayName: 'Bob' } }));
    const line = screen.getByText(/Reposted by/);
    expect(within(line).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe(
      '/profile/BobWa11et',
    );
  });
});
