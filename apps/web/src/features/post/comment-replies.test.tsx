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
import type { FeedPost, PostComment } from './types.ts';

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

const commentButton = () => screen.getByRole('button', { name: /^Comment, / });
const top = makeComment({ id: 'c1', body: 'top comment', replyCount: 1 });
const firstReply = makeComment({
  id: 'r1',
  body: 'first reply',
  display_name: 'Hopper',
  author_wallet: 'HopperWa11etHopperWa11etHopperWa11etHop',
  authorId: 'user-4',
  username: 'hopper',
  parentId: 'c1',
});

describe('comment threads', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('opens a comment’s replies on demand, with the “replying to” line', async () => {
    const user = userEvent.setup();
    const second = makeComment({
      id: 'r2',
      body: 'second reply',
      parentId: 'c1',
      replyTo: { address: firstReply.author_wallet ?? '', username: 'hopper' },
    });
    const fetchMock = mockApi({
      'GET /api/messages/post-1/comments': () =>
        json({ items: [{ ...top, replyCount: 2 }], nextCursor: null }),
      'GET /api/comments/c1/replies': () => json({ items: [firstReply, second], nextCursor: null }),
    });
    renderPost(makePost({ commentCount: 3 }));
    await user.click(commentButton());
    const toggle = await screen.findByRole('button', { name: 'View 2 replies' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(fetchMock.mock.calls.some(([input]) => requestPath(input).includes('/replies'))).toBe(
      false,
    );
    await user.click(toggle);
    const replies = await screen.findByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('first reply')).toBeDefined();
    expect(within(replies).getByText('second reply')).toBeDefined();
    expect(within(replies).getByText('Replying to')).toBeDefined();
    const mention = within(replies).getByRole('link', { name: '@hopper' });
    expect(mention.getAttribute('href')).toBe(`/profile/${firstReply.author_wallet ?? ''}`);
    const hide = screen.getByRole('button', { name: 'Hide replies' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(hide.getAttribute('aria-controls')).toBe(replies.parentElement?.id);
    await user.click(hide);
    expect(screen.queryByRole('list', { name: 'Replies' })).toBeNull();
  });

  it('says so when the replies fail to load, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      'GET /api/messages/post-1/comments': () => json({ items: [top], nextCursor: null }),
      'GET /api/comments/c1/replies': () =>
        fail ? apiError(500, 'internal', 'boom') : json({ items: [firstReply], nextCursor: null }),
    });
    renderPost(makePost({ commentCount: 2 }));
    await user.click(commentButton());
    await user.click(await screen.findByRole('button', { name: 'View 1 reply' }));
    expect(await screen.findByText('Couldn’t load replies.', {}, { timeout: 5000 })).toBeDefined();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('first reply')).toBeDefined();
  });

  it('replies by keyboard: Reply, type, Enter; the thread opens and the counts move', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const saved: PostComment[] = [];
    mockApi({
      'GET /api/messages/post-1/comments': () =>
        json({ items: [{ ...top, replyCount: 0 }], nextCursor: null }),
      'POST /api/messages/post-1/comments': ({ body }) => {
        sent.push(body);
        const reply = makeComment({
          id: 'r9',
          body: (body as { content: string }).content,
          parentId: 'c1',
          authorId: 'user-1',
          author_wallet: WALLET,
          display_name: 'Me',
        });
        saved.push(reply);
        return json(reply, 201);
      },
      'GET /api/comments/c1/replies': () => json({ items: saved, nextCursor: null }),
      'DELETE /api/messages/post-1/comments/r9': () => new Response(null, { status: 204 }),
    });
    renderPost(makePost({ commentCount: 1 }));
    await user.click(commentButton());
    const reply = await screen.findByRole('button', { name: 'Reply to Grace' });
    reply.focus();
    await user.keyboard('{Enter}');
    const box = screen.getByRole('textbox', { name: 'Reply to Grace' });
    expect(document.activeElement).toBe(box);
    await user.keyboard('good point{Enter}');
    await waitFor(() => expect(sent).toEqual([{ content: 'good point', parentId: 'c1' }]));
    expect(await screen.findByText('good point')).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Reply to Grace' })).toBeNull();
    expect(commentButton().textContent).toBe('2');
    expect(screen.getByRole('button', { name: 'Hide replies' })).toBeDefined();
    // The viewer's own reply can be deleted; the counts go back.
    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(screen.queryByText('good point')).toBeNull());
    expect(commentButton().textContent).toBe('1');
  });

  it('closes the reply box with Escape, and shows a refusal in a toast', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/messages/post-1/comments': () =>
        json({ items: [{ ...top, replyCount: 0 }], nextCursor: null }),
      'POST /api/messages/post-1/comments': () =>
        apiError(403, 'reply_not_allowed', 'The author limited who can reply to this post.'),
    });
    renderPost(makePost({ commentCount: 1, replyPolicy: 'following' }));
    await user.click(commentButton());
    await user.click(await screen.findByRole('button', { name: 'Reply to Grace' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Reply to Grace' })).toBeNull();
    // Focus is back on the Reply that opened the box.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reply to Grace' })),
    );
    await user.click(screen.getByRole('button', { name: 'Reply to Grace' }));
    await user.keyboard('hi{Enter}');
    expect(await screen.findByText('Failed to post reply')).toBeDefined();
    expect(screen.getByText('The author limited who can reply to this post.')).toBeDefined();
    expect(commentButton().textContent).toBe('1');
  });

  it('says who can reply before anyone types', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/messages/post-1/comments': () => json({ items: [top], nextCursor: null }),
    });
    renderPost(makePost({ commentCount: 2, replyPolicy: 'following' }));
    await user.click(commentButton());
    expect(await screen.findByText('Only people Ada Lovelace follows can reply.')).toBeDefined();
    // Whom the author follows is the server's to say: the box stays.
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toBeDefined();
  });

  it('leaves out the box and Reply for a viewer a “mentioned” post does not mention', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/messages/post-1/comments': () => json({ items: [top], nextCursor: null }),
    });
    renderPost(makePost({ commentCount: 2, replyPolicy: 'mentioned' }));
    await user.click(commentButton());
    expect(await screen.findByText('Only people Ada Lovelace mentioned can reply.')).toBeDefined();
    expect(screen.getByText('top comment')).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply to Grace' })).toBeNull();
  });

  it('lets a mentioned viewer and the author in', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/messages/post-1/comments': () => json({ items: [top], nextCursor: null }),
    });
    const mentions = [{ address: WALLET, username: null, start: 0, end: 5 }];
    const view = renderPost(makePost({ commentCount: 2, replyPolicy: 'mentioned', mentions }));
    await user.click(commentButton());
    expect(await screen.findByRole('textbox', { name: 'Write a comment' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reply to Grace' })).toBeDefined();
    view.unmount();
    auth.current = signedIn({ user: { id: 'user-2', solAddress: 'AdaWallet' } });
    renderPost(makePost({ commentCount: 2, replyPolicy: 'mentioned' }));
    await user.click(commentButton());
    expect(await screen.findByText('Only people you mentioned can reply.')).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toBeDefined();
  });

  it('offers no Reply to a signed-out visitor', async () => {
    auth.current = signedOut();
    const user = userEvent.setup();
    mockApi({
      'GET /api/messages/post-1/comments': () => json({ items: [top], nextCursor: null }),
    });
    renderPost(makePost({ commentCount: 2 }));
    await user.click(commentButton());
    expect(await screen.findByText('top comment')).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Reply to/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'View 1 reply' })).toBeDefined();
  });
});
