import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { cancelRefetches } from '../../lib/query-client.ts';
import type { CommentPage, EngagementKind, FeedPage, FeedPost, PostComment } from './types.ts';

/**
 * Query keys of the feed and the pure cache edits the optimistic updates use. The first key
 * part is the API path, so the realtime client's prefix invalidation (['/api/messages-v2/feed'],
 * ['/api/messages']) reaches these queries. The viewer is part of the feed and post keys because
 * `liked` and `bookmarked` are the viewer's: signing in or out shows a fresh page, not a stale one.
 */
export const FEED_ROOT = '/api/messages-v2/feed';
export const POST_ROOT = '/api/messages-v2/messages';
export const COMMENTS_ROOT = '/api/messages';

type Viewer = string | null | undefined;

export function feedKey(viewerId: Viewer) {
  return [FEED_ROOT, { viewer: viewerId ?? 'anonymous' }] as const;
}

export function postKey(postId: string, viewerId: Viewer) {
  return [POST_ROOT, postId, { viewer: viewerId ?? 'anonymous' }] as const;
}

export function commentsKey(postId: string) {
  return [COMMENTS_ROOT, postId, 'comments'] as const;
}

/** The feed's request path for one page. */
export function feedPath(cursor: string | null, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `${FEED_ROOT}?${params.toString()}`;
}

export function commentsPath(postId: string, cursor: string | null): string {
  const base = `${COMMENTS_ROOT}/${encodeURIComponent(postId)}/comments`;
  return cursor ? `${base}?${new URLSearchParams({ cursor }).toString()}` : base;
}

/** Flips one toggle and moves its count with it. */
export function toggleEngagement(post: FeedPost, kind: EngagementKind): FeedPost {
  if (kind === 'like') {
    return {
      ...post,
      liked: !post.liked,
      likeCount: Math.max(0, post.likeCount + (post.liked ? -1 : 1)),
    };
  }
  return { ...post, bookmarked: !post.bookmarked };
}

/** Sets a toggle to what the server answered, moving the count only if it changes. */
export function settleEngagement(post: FeedPost, kind: EngagementKind, on: boolean): FeedPost {
  const current = kind === 'like' ? post.liked : post.bookmarked;
  return current === on ? post : toggleEngagement(post, kind);
}

/** The viewer's repost on (true) or off, its count moved only if the mark changes. */
export function withRepost(post: FeedPost, on: boolean): FeedPost {
  if (post.repostedByViewer === on) return post;
  return {
    ...post,
    repostedByViewer: on,
    repostCount: Math.max(0, post.repostCount + (on ? 1 : -1)),
  };
}

/** The server's answer to a repost: its mark and its exact count. */
export function settleRepost(
  post: FeedPost,
  result: { reposted: boolean; repostCount: number },
): FeedPost {
  return { ...post, repostedByViewer: result.reposted, repostCount: result.repostCount };
}

export function withCommentCount(post: FeedPost, delta: number): FeedPost {
  return { ...post, commentCount: Math.max(0, post.commentCount + delta) };
}

/** Applies `update` to the post with `postId` in every cached feed page and its detail query. */
export function updatePostEverywhere(
  queryClient: QueryClient,
  postId: string,
  update: (post: FeedPost) => FeedPost,
): void {
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: [FEED_ROOT] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.items.some((item) => item.id === postId)
              ? {
                  ...page,
                  items: page.items.map((item) => (item.id === postId ? update(item) : item)),
                }
              : page,
          ),
        }
      : data,
  );
  queryClient.setQueriesData<FeedPost>({ queryKey: [POST_ROOT, postId] }, (post) =>
    post ? update(post) : post,
  );
}

/**
 * Puts a new post at the top of every cached feed it belongs in: not in another wallet's posts
 * (lists of one wallet's posts hold `author` in their key, beside the viewer), and in the media
 * feed (Reels, `scope: 'media'`) only with an image or audio.
 */
export function prependPost(queryClient: QueryClient, post: FeedPost): void {
  const belongs = (queryKey: readonly unknown[]) => {
    const scope = queryKey[1];
    if (typeof scope !== 'object' || scope === null) return true;
    if ('scope' in scope && scope.scope === 'media') {
      return post.imageUrl !== null || post.audioUrl !== null;
    }
    if (!('author' in scope)) return true;
    return scope.author === post.author_wallet;
  };
  const filters = {
    queryKey: [FEED_ROOT],
    predicate: ({ queryKey }: { queryKey: readonly unknown[] }) => belongs(queryKey),
  };
  queryClient.setQueriesData<InfiniteData<FeedPage>>(filters, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    if (first.items.some((item) => item.id === post.id)) return data;
    return { ...data, pages: [{ ...first, items: [post, ...first.items] }, ...rest] };
  });
}

/**
 * Puts a post just made at the top of the feeds, so that no answer read before it was saved
 * takes it away again: refetches running began before it (cancelled, as before an optimistic
 * write), and a feed still reading its first page, which has no list to add it to, reads again
 * from after the post (TanStack Query would join the running read rather than start another).
 * The caller does not wait for that read: the post is saved.
 */
export async function showNewPost(queryClient: QueryClient, post: FeedPost): Promise<void> {
  await cancelRefetches(queryClient, [FEED_ROOT]);
  prependPost(queryClient, post);
  void queryClient.resetQueries({
    queryKey: [FEED_ROOT],
    predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching',
  });
}

export function removePost(queryClient: QueryClient, postId: string): void {
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: [FEED_ROOT] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => item.id !== postId),
          })),
        }
      : data,
  );
}

/** Comments are oldest first: a new one goes at the end of the last loaded page. */
export function appendComment(
  data: InfiniteData<CommentPage> | undefined,
  comment: PostComment,
): InfiniteData<CommentPage> | undefined {
  const last = data?.pages.at(-1);
  if (!data || !last) return data;
  const pages = [...data.pages];
  pages[pages.length - 1] = { ...last, items: [...last.items, comment] };
  return { ...data, pages };
}

export function replaceComment(
  data: InfiniteData<CommentPage> | undefined,
  id: string,
  replacement: PostComment | null,
): InfiniteData<CommentPage> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((item) =>
        item.id === id ? (replacement ? [replacement] : []) : [item],
      ),
    })),
  };
}
