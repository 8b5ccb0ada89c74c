import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import {
  appendComment,
  commentsPath,
  FEED_ROOT,
  feedKey,
  feedPath,
  postKey,
  prependPost,
  removePost,
  replaceComment,
  settleEngagement,
  toggleEngagement,
  updatePostEverywhere,
} from './feed-cache.ts';
import { makeComment, makePost } from './test-kit.tsx';
import type { CommentPage, FeedPage, FeedPost } from './types.ts';

describe('feed paths', () => {
  it('asks for the first page without a cursor and the next ones with it', () => {
    expect(feedPath(null, 20)).toBe('/api/messages-v2/feed?limit=20');
    expect(feedPath('eyJ0IjoxfQ==', 20)).toBe(
      '/api/messages-v2/feed?limit=20&cursor=eyJ0IjoxfQ%3D%3D',
    );
    expect(commentsPath('p1', null)).toBe('/api/messages/p1/comments');
    expect(commentsPath('p1', 'c/2')).toBe('/api/messages/p1/comments?cursor=c%2F2');
  });
});

describe('engagement edits', () => {
  it('flips a like with its count, and settles to what the server said', () => {
    const post = makePost({ liked: false, likeCount: 3 });
    const liked = toggleEngagement(post, 'like');
    expect(liked).toMatchObject({ liked: true, likeCount: 4 });
    expect(toggleEngagement(liked, 'like')).toMatchObject({ liked: false, likeCount: 3 });
    expect(toggleEngagement(post, 'bookmark')).toMatchObject({ bookmarked: true, likeCount: 3 });
    expect(settleEngagement(liked, 'like', true)).toBe(liked);
    expect(settleEngagement(liked, 'like', false)).toMatchObject({ liked: false, likeCount: 3 });
    expect(toggleEngagement(makePost({ liked: true, likeCount: 0 }), 'like').likeCount).toBe(0);
  });
});

describe('cache edits', () => {
  function seeded() {
    const queryClient = createQueryClient();
    const feed: InfiniteData<FeedPage> = {
      pages: [
        { items: [makePost({ id: 'a' }), makePost({ id: 'b' })], nextCursor: 'x' },
        { items: [makePost({ id: 'c' })], nextCursor: null },
      ],
      pageParams: [null, 'x'],
    };
    queryClient.setQueryData(feedKey('me'), feed);
    queryClient.setQueryData(feedKey(null), feed);
    queryClient.setQueryData(postKey('c', 'me'), makePost({ id: 'c' }));
    return queryClient;
  }
  const ids = (data: InfiniteData<FeedPage> | undefined) =>
    data?.pages.map((page) => page.items.map((item) => item.id));

  it('updates a post in every feed and in its detail query', () => {
    const queryClient = seeded();
    updatePostEverywhere(queryClient, 'c', (post) => ({ ...post, likeCount: 99 }));
    for (const viewer of ['me', null]) {
      const data = queryClient.getQueryData<InfiniteData<FeedPage>>(feedKey(viewer));
      expect(data?.pages[1]?.items[0]?.likeCount).toBe(99);
      expect(data?.pages[0]?.items[0]?.likeCount).toBe(3);
    }
    expect(queryClient.getQueryData<FeedPost>(postKey('c', 'me'))?.likeCount).toBe(99);
  });

  it('prepends a new post once and removes a deleted one', () => {
    const queryClient = seeded();
    prependPost(queryClient, makePost({ id: 'new' }));
    prependPost(queryClient, makePost({ id: 'new' }));
    expect(ids(queryClient.getQueryData(feedKey('me')))).toEqual([['new', 'a', 'b'], ['c']]);
    removePost(queryClient, 'b');
    expect(ids(queryClient.getQueryData(feedKey(null)))).toEqual([['new', 'a'], ['c']]);
  });

  it('prepends to the media feed (Reels) only a post with an image or audio', () => {
    const queryClient = seeded();
    const mediaKey = [FEED_ROOT, { viewer: 'me', scope: 'media' }];
    queryClient.setQueryData<InfiniteData<FeedPage>>(mediaKey, {
      pages: [{ items: [makePost({ id: 'pic', imageUrl: '/media/a.png' })], nextCursor: null }],
      pageParams: [null],
    });
    prependPost(queryClient, makePost({ id: 'text' }));
    prependPost(queryClient, makePost({ id: 'song', audioUrl: '/media/b.mp3' }));
    expect(ids(queryClient.getQueryData(mediaKey))).toEqual([['song', 'pic']]);
    expect(ids(queryClient.getQueryData(feedKey('me')))).toEqual([
      ['song', 'text', 'a', 'b'],
      ['c'],
    ]);
  });

  it('appends a comment to the last page and replaces or drops it by id', () => {
    const data: InfiniteData<CommentPage> = {
      pages: [
        { items: [makeComment({ id: '1' })], nextCursor: 'n' },
        { items: [makeComment({ id: '2' })], nextCursor: null },
      ],
      pageParams: [null, 'n'],
    };
    const added = appendComment(data, makeComment({ id: 'pending-1' }));
    expect(added?.pages[1]?.items.map((c) => c.id)).toEqual(['2', 'pending-1']);
    const replaced = replaceComment(added, 'pending-1', makeComment({ id: '3' }));
    expect(replaced?.pages[1]?.items.map((c) => c.id)).toEqual(['2', '3']);
    expect(replaceComment(replaced, '1', null)?.pages[0]?.items).toEqual([]);
    expect(appendComment(undefined, makeComment())).toBeUndefined();
  });
});
