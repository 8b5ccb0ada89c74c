import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../lib/i18n/index.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import type { AuthContextValue } from '../auth/index.ts';
import { commentsKey, postKey } from './feed-cache.ts';
import { usePost } from './feed-queries.ts';
import { PostCard } from './post-card.tsx';
import {
  apiError,
  json,
  makeComment,
  makePost,
  mockApi,
  renderWithProviders,
  requestPath,
  resetFeedTestState,
  signedIn,
  signedOut,
  WALLET,
} from './test-kit.tsx';
import type { FeedPost } from './types.ts';
import { useViewer } from '../auth/index.ts';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));

/** Renders the card from the query cache, as the pages do, so optimistic edits show. */
function CachedPost({ id, referralCode = null }: { id: string; referralCode?: string | null }) {
  const viewer = useViewer();
  const { data } = usePost(id, viewer.userId);
  return data ? <PostCard post={data} viewer={viewer} referralCode={referralCode} /> : null;
}

function renderPost(post: FeedPost, options: { referralCode?: string | null } = {}) {
  const queryClient = createQueryClient();
  const viewerId = auth.current?.isAuthenticated ? (auth.current.user?.id ?? null) : null;
  queryClient.setQueryData(postKey(post.id, viewerId), post);
  return renderWithProviders(<CachedPost id={post.id} referralCode={options.referralCode} />, {
    queryClient,
  });
}

const likeButton = () => screen.getByRole('button', { name: /^Like, / });
const commentButton = () => screen.getByRole('button', { name: /^Comment, / });

describe('PostCard', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('shows the author, time, time left, text and counts', () => {
    renderPost(makePost({ likeCount: 1500, commentCount: 2 }));
    const card = screen.getByRole('article', { name: 'Ada Lovelace' });
    expect(within(card).getByText('gm, vibes only')).toBeDefined();
    expect(within(card).getByText('5m ago')).toBeDefined();
    expect(within(card).getByText(/^22h 59m left$|^23h 0m left$/)).toBeDefined();
    expect(within(card).getByTestId('avatar-initials').textContent).toBe('AL');
    // Each count is shown as it is named, so the visible text is part of the name.
    expect(screen.getByRole('button', { name: 'Like, 1.5K' }).textContent).toBe('1.5K');
    expect(screen.getByRole('button', { name: 'Comment, 2' }).textContent).toBe('2');
    expect(screen.queryByRole('img', { name: 'Verified' })).toBeNull();
  });

  it('falls back to the shortened wallet, then Anon, and shows the verified tick', () => {
    const { unmount } = renderPost(
      makePost({
        author: { id: 'u', avatarUrl: null, displayName: null, username: null, isVerified: true },
        author_wallet: WALLET,
      }),
    );
    expect(screen.getByRole('article', { name: /9xQe\.\.\.VFin/ })).toBeDefined();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeDefined();
    unmount();
    renderPost(
      makePost({
        author: { id: 'u', avatarUrl: null, displayName: null, username: null, isVerified: false },
        author_wallet: '',
      }),
    );
    expect(screen.getByRole('article', { name: 'Anon' })).toBeDefined();
    expect(screen.getByTestId('avatar-initials').textContent).toBe('AN');
  });

  it('shows an avatar image, a square lazy image with alt text, and an audio player', () => {
    const { container } = renderPost(
      makePost({
        author: { ...makePost().author, avatarUrl: '/media/ada.png' },
        imageUrl: '/media/cat.png',
        audioUrl: '/media/song.mp3',
      }),
    );
    const image = screen.getByRole('img', { name: /^Image shared by Ada Lovelace/ });
    expect(image.getAttribute('src')).toBe('/media/cat.png');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.className).toContain('aspect-square');
    const audio = container.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe('/media/song.mp3');
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(container.querySelector('img[src="/media/ada.png"]')).not.toBeNull();
    expect(screen.queryByTestId('avatar-initials')).toBeNull();
  });

  it("uses the image's alt text when its author wrote one, else names who shared it", () => {
    const { unmount } = renderPost(
      makePost({ imageUrl: '/media/cat.png', altText: 'A grey cat asleep on a keyboard' }),
    );
    expect(
      screen.getByRole('img', { name: 'A grey cat asleep on a keyboard' }).getAttribute('alt'),
    ).toBe('A grey cat asleep on a keyboard');
    unmount();
    // No alt text: named by its author, without repeating the post's text.
    renderPost(makePost({ imageUrl: '/media/cat.png', altText: null }));
    expect(screen.getByRole('img', { name: 'Image shared by Ada Lovelace' })).toBeDefined();
  });

  it('links each #hashtag to its tag on Discover, keeping the rest of the text as it is', async () => {
    const user = userEvent.setup();
    const body =
      'Sunset #Vibes at the club, #vibes again, mail@example.com #1 and C#\nnext line #über_cool';
    renderPost(makePost({ body, content: body }));
    const card = screen.getByRole('article', { name: 'Ada Lovelace' });
    const paragraph = within(card).getByText(/^Sunset/, { selector: 'p' });
    expect(paragraph.textContent).toBe(body);
    const links = within(paragraph).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['#Vibes', '/discover?tag=vibes'],
      ['#vibes', '/discover?tag=vibes'],
      ['#1', '/discover?tag=1'],
      ['#über_cool', '/discover?tag=%C3%BCber_cool'],
    ]);
    // Keyboard: each tag is a stop in the tab order, after the author and the time.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(links[0]);
  });

  it('likes optimistically and settles on the server answer', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = mockApi({
      'POST /api/messages/post-1/engage': async () => {
        await held;
        return json({ toggled: 'on' });
      },
    });
    renderPost(makePost({ likeCount: 3 }));
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    await user.click(likeButton());
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Like, 4' }).textContent).toBe('4');
    release();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toEqual({ kind: 'like' });
    await waitFor(() => expect(likeButton().textContent).toBe('4'));
  });

  it('fetches the post again when a refetch started during the toggle read it before', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const fetchMock = mockApi({
      'POST /api/messages/post-1/engage': async () => {
        await held;
        return json({ toggled: 'on' });
      },
      // The first read saw the post before the bookmark was written, and answers after it was.
      'GET /api/messages-v2/messages/post-1': async () => {
        reads += 1;
        if (reads === 1) {
          await held;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return json(makePost({ bookmarked: false }));
        }
        return json(makePost({ bookmarked: true }));
      },
    });
    const { queryClient } = renderPost(makePost());
    const bookmark = () => screen.getByRole('button', { name: 'Bookmark' });
    await user.click(bookmark());
    expect(bookmark().getAttribute('aria-pressed')).toBe('true');
    // A realtime event refreshes the post while the toggle is still on its way.
    void queryClient.invalidateQueries({ queryKey: ['/api/messages-v2/messages'] });
    await waitFor(() => expect(reads).toBe(1));
    release();
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(bookmark().getAttribute('aria-pressed')).toBe('true');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('rolls a failed like and bookmark back with an error toast', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/messages/post-1/engage': () => apiError(500, 'internal', 'Something went wrong'),
    });
    renderPost(makePost({ likeCount: 3, liked: false }));
    await user.click(likeButton());
    expect(await screen.findByText('Failed to like post')).toBeDefined();
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('false'));
    expect(likeButton().textContent).toBe('3');

    const bookmark = screen.getByRole('button', { name: 'Bookmark' });
    await user.click(bookmark);
    expect(await screen.findByText('Failed to bookmark post')).toBeDefined();
    await waitFor(() => expect(bookmark.getAttribute('aria-pressed')).toBe('false'));
  });

  it('asks signed-out visitors to connect a wallet instead of liking or bookmarking', async () => {
    auth.current = signedOut();
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    renderPost(makePost());
    await user.click(likeButton());
    expect(await screen.findByText('Wallet Required')).toBeDefined();
    expect(
      screen.getByText('Please connect your wallet using the button in the header'),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
  });

  it('opens the comments: empty text, and the signed-out note instead of the box', async () => {
    auth.current = signedOut();
    const user = userEvent.setup();
    mockApi({ 'GET /api/messages/post-1/comments': () => json({ items: [], nextCursor: null }) });
    renderPost(makePost());
    const toggle = commentButton();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('No comments yet. Be the first to comment!')).toBeDefined();
    expect(screen.getByText('Connect wallet to comment')).toBeDefined();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('comment-list').className).toContain('max-h-96');
  });

  it("links the author's and each commenter's name to their profile", async () => {
    const user = userEvent.setup();
    const comment = makeComment();
    mockApi({
      'GET /api/messages/post-1/comments': () => json({ items: [comment], nextCursor: null }),
    });
    const post = makePost();
    renderPost(post);
    const card = screen.getByRole('article', { name: 'Ada Lovelace' });
    expect(within(card).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      `/profile/${post.author_wallet}`,
    );
    await user.click(commentButton());
    const commenter = await screen.findByRole('link', { name: 'Grace' });
    expect(commenter.getAttribute('href')).toBe(`/profile/${comment.author_wallet ?? ''}`);
  });

  it('adds a comment with Enter optimistically and keeps it once saved', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /api/messages/post-1/comments': () =>
        json({ items: [makeComment({ id: 'c1', body: 'first!' })], nextCursor: null }),
      'POST /api/messages/post-1/comments': async ({ body }) => {
        await held;
        return json(
          makeComment({
            id: 'c2',
            body: (body as { content: string }).content,
            authorId: 'user-1',
            display_name: 'Me',
          }),
          201,
        );
      },
      'DELETE /api/messages/post-1/comments/c2': () => new Response(null, { status: 204 }),
    });
    renderPost(makePost({ commentCount: 1 }));
    await user.click(commentButton());
    expect(await screen.findByText('first!')).toBeDefined();
    // Only the author's own comments can be deleted.
    expect(screen.queryByRole('button', { name: 'Delete comment' })).toBeNull();

    const box = screen.getByRole('textbox', { name: 'Write a comment' });
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Post comment' })).toHaveProperty('disabled', true);
    await user.type(box, 'nice one{Enter}');
    expect(screen.getByText('nice one')).toBeDefined();
    expect(screen.getByText('Sending…')).toBeDefined();
    expect(commentButton().textContent).toBe('2');
    expect(box).toHaveProperty('value', '');
    release();
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.getByText('nice one')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(screen.queryByText('nice one')).toBeNull());
    expect(commentButton().textContent).toBe('1');
  });

  it('shows a comment sent before the comments had loaded', async () => {
    const user = userEvent.setup();
    let releaseFirstRead!: () => void;
    const firstRead = new Promise<void>((resolve) => (releaseFirstRead = resolve));
    const saved = makeComment({ id: 'c2', body: 'early one', authorId: 'user-1' });
    let reads = 0;
    mockApi({
      'GET /api/messages/post-1/comments': async () => {
        reads += 1;
        if (reads === 1) {
          await firstRead;
          return json({ items: [makeComment({ id: 'c1', body: 'first!' })], nextCursor: null });
        }
        return json({
          items: [makeComment({ id: 'c1', body: 'first!' }), saved],
          nextCursor: null,
        });
      },
      'POST /api/messages/post-1/comments': () => json(saved, 201),
    });
    renderPost(makePost({ commentCount: 1 }));
    await user.click(commentButton());
    expect(await screen.findByRole('status', { name: 'Loading comments' })).toBeDefined();
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'early one{Enter}');
    releaseFirstRead();
    expect(await screen.findByText('early one')).toBeDefined();
    expect(screen.getByText('first!')).toBeDefined();
    expect(commentButton().textContent).toBe('2');
  });

  it('rolls a failed comment back with the spec toast', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/messages/post-1/comments': () => json({ items: [], nextCursor: null }),
      'POST /api/messages/post-1/comments': () => apiError(500, 'internal', 'boom'),
    });
    renderPost(makePost({ commentCount: 0 }));
    await user.click(commentButton());
    await screen.findByText('No comments yet. Be the first to comment!');
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'oops');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Failed to post comment')).toBeDefined();
    expect(screen.getByText('Please try again')).toBeDefined();
    await waitFor(() => expect(screen.queryByText('oops')).toBeNull());
    expect(commentButton().textContent).toBe('0');
  });

  it('loads more comments page by page', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /api/messages/post-1/comments': ({ url }) =>
        url.searchParams.get('cursor') === 'next'
          ? json({ items: [makeComment({ id: 'c2', body: 'second' })], nextCursor: null })
          : json({ items: [makeComment({ id: 'c1', body: 'first' })], nextCursor: 'next' }),
    });
    renderPost(makePost({ commentCount: 2 }));
    await user.click(commentButton());
    await user.click(await screen.findByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByText('second')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Load more comments' })).toBeNull();
    expect(requestPath(fetchMock.mock.calls[1]![0])).toBe(
      '/api/messages/post-1/comments?cursor=next',
    );
  });

  it('copies a link with the referral code, with 2 s of Copied feedback', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPost(makePost(), { referralCode: 'VIBE42' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/posts/post-1?ref=VIBE42`);
    expect(await screen.findByText('Link copied!')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeDefined();
    await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
    expect(screen.getByRole('button', { name: 'Share' })).toBeDefined();
  });

  it("offers Copy Blink link on a direct vault that takes support, and copies the vault's blink", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const vault = {
      id: '42',
      status: 'active' as const,
      currentAmount: '0',
      targetAmount: '1000000000',
      supporterCount: 0,
      createdAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      creator: { walletAddress: WALLET },
      kind: 'direct' as const,
      escrow: null,
    };
    renderPost(makePost({ kind: 'vault', vault }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy Blink link' }));
    const origin = window.location.origin;
    expect(writeText).toHaveBeenCalledWith(
      `https://dial.to/?action=${encodeURIComponent(`solana-action:${origin}/api/actions/vaults/42`)}`,
    );
    expect(await screen.findByText('Blink link copied!')).toBeDefined();
  });

  it('offers no blink link on a post without a vault', async () => {
    const user = userEvent.setup();
    renderPost(makePost());
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy Link' })).toBeDefined();
    expect(screen.queryByRole('menuitem', { name: 'Copy Blink link' })).toBeNull();
  });

  it('says when copying fails, and opens the tweet intent', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPost(makePost());
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));
    expect(await screen.findByText('Failed to copy')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share on Twitter' }));
    const intent = new URL(String(open.mock.calls[0]![0]));
    expect(intent.searchParams.get('url')).toBe(`${window.location.origin}/posts/post-1`);
    expect(intent.searchParams.get('hashtags')).toBe('SocialMining,ProofOfVibe');
    expect(await screen.findByText('Sharing to Twitter')).toBeDefined();
    open.mockRestore();
  });

  it('lets only the author delete the post, after confirming', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'DELETE /api/messages-v2/messages/mine': () => new Response(null, { status: 204 }),
    });
    const { unmount } = renderPost(makePost());
    expect(screen.queryByRole('button', { name: 'Delete post' })).toBeNull();
    unmount();

    const { queryClient } = renderPost(
      makePost({ id: 'mine', author: { ...makePost().author, id: 'user-1' } }),
    );
    queryClient.setQueryData(commentsKey('mine'), { pages: [], pageParams: [] });
    await user.click(screen.getByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Post deleted')).toBeDefined();
  });
});

describe('PostCard in Spanish', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('speaks the active language: times, counts, actions and the thread', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/messages/post-1/comments': () => json({ items: [], nextCursor: null }),
    });
    await act(() => activateLocale('es'));
    renderPost(makePost({ likeCount: 1500, commentCount: 0, imageUrl: '/media/cat.png' }));
    const card = screen.getByRole('article', { name: 'Ada Lovelace' });
    expect(within(card).getByText('hace 5 min')).toBeDefined();
    expect(within(card).getByText(/^quedan (22 h 59|23 h 0) min$/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Me gusta, 1,5 mil' }).textContent).toBe('1,5 mil');
    expect(screen.getByRole('img', { name: 'Imagen compartida por Ada Lovelace' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Comentar, 0' }));
    expect(
      await screen.findByText('Aún no hay comentarios. ¡Sé el primero en comentar!'),
    ).toBeDefined();
    expect(screen.getByPlaceholderText('Escribe un comentario…')).toBeDefined();
  });
});
