import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { feedKey, prependPost, updatePostEverywhere } from '../post/index.ts';
import { makePost } from '../post/test-kit.tsx';
import type { FeedPage } from '../post/index.ts';
import {
  followingFeedKey,
  followingFeedPath,
  followListPath,
  userPostsKey,
  userPostsPath,
  usernameAvailabilityPath,
  withFollowing,
} from './people-cache.ts';
import { makeProfile } from './test-kit.ts';

const page = (ids: string[]): InfiniteData<FeedPage> => ({
  pages: [{ items: ids.map((id) => makePost({ id })), nextCursor: null }],
  pageParams: [null],
});
const ids = (data: InfiniteData<FeedPage> | undefined) =>
  data?.pages.flatMap((p) => p.items.map((item) => item.id));

describe('people cache', () => {
  it('builds the fixed API paths', () => {
    expect(userPostsPath('W1', null, 20)).toBe('/api/users/W1/posts?limit=20');
    expect(followListPath('W1', 'followers', 'c/1', 20)).toBe(
      '/api/follows/W1/followers?limit=20&cursor=c%2F1',
    );
    expect(followingFeedPath(null, 20)).toBe('/api/messages-v2/feed?scope=following&limit=20');
    expect(usernameAvailabilityPath('ada_2')).toBe('/api/users/username-available?username=ada_2');
  });

  it('moves the follower count with the follow, once', () => {
    const profile = makeProfile({ isFollowing: false, followerCount: 0 });
    expect(withFollowing(profile, true)).toMatchObject({ isFollowing: true, followerCount: 1 });
    expect(withFollowing(withFollowing(profile, true), true).followerCount).toBe(1);
    expect(withFollowing(profile, false)).toBe(profile);
  });

  it("puts a new post in the feeds and its author's list, not in another wallet's", () => {
    const queryClient = createQueryClient();
    const author = 'AuthorWa11et';
    queryClient.setQueryData(feedKey('u1'), page(['1']));
    queryClient.setQueryData(followingFeedKey('u1'), page(['1']));
    queryClient.setQueryData(userPostsKey(author, 'u1'), page(['1']));
    queryClient.setQueryData(userPostsKey('SomeoneElse', 'u1'), page(['9']));
    prependPost(queryClient, makePost({ id: '2', author_wallet: author }));
    expect(ids(queryClient.getQueryData(feedKey('u1')))).toEqual(['2', '1']);
    expect(ids(queryClient.getQueryData(followingFeedKey('u1')))).toEqual(['2', '1']);
    expect(ids(queryClient.getQueryData(userPostsKey(author, 'u1')))).toEqual(['2', '1']);
    expect(ids(queryClient.getQueryData(userPostsKey('SomeoneElse', 'u1')))).toEqual(['9']);
    // A like on a profile's post is the feed's edit too.
    updatePostEverywhere(queryClient, '9', (post) => ({ ...post, liked: true }));
    const liked = queryClient.getQueryData<InfiniteData<FeedPage>>(
      userPostsKey('SomeoneElse', 'u1'),
    );
    expect(liked?.pages[0]?.items[0]?.liked).toBe(true);
  });
});
