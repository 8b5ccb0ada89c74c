import { feedPageSchema, type FeedItem, type FeedPageResponse } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  twoInstances,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { block, follow, followed } from '../people/test-kit.ts';
import { encodeCursor } from './cursor.ts';
import { createdPost, engage, errorOf, type SignedIn } from './test-kit.ts';

describe.each(testDatabaseKinds())("the Following feed and a wallet's posts on %s", (kind) => {
  let t: TestApp;
  let viewer: SignedIn;
  let friends: SignedIn[];
  let stranger: SignedIn;
  /** Every post, newest first. */
  const posts: Array<FeedItem & { by: string }> = [];

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS);
    viewer = await createSignedInUser(t.ctx);
    friends = [await createSignedInUser(t.ctx), await createSignedInUser(t.ctx)];
    stranger = await createSignedInUser(t.ctx);
    for (const friend of friends) await followed(t, viewer.headers, friend.user.solAddress);
    const authors = [viewer, ...friends, stranger];
    for (let i = 0; i < 12; i += 1) {
      const author = authors[i % authors.length]!;
      t.clock.advance(1000);
      const post = await createdPost(t, author.headers, `post ${i}`);
      posts.unshift({ ...post, by: author.user.id });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  async function walk(url: string, headers: Record<string, string>, limit: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const query = new URLSearchParams({ limit: String(limit) });
      if (cursor) query.set('cursor', cursor);
      const sep = url.includes('?') ? '&' : '?';
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}${sep}${query.toString()}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<FeedPageResponse>();
      expect(feedPageSchema.parse(body)).toEqual(body);
      expect(body.items.length).toBeLessThanOrEqual(limit);
      ids.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor;
      if (!cursor) return ids;
    }
    throw new Error('did not end');
  }

  it("shows the viewer's posts and those of whom they follow, newest first, page by page", async () => {
    const expected = posts.filter((post) => post.by !== stranger.user.id).map((post) => post.id);
    expect(expected).toHaveLength(9);
    for (const limit of [1, 2, 4, 20]) {
      expect(await walk('/api/messages-v2/feed?scope=following', viewer.headers, limit)).toEqual(
        expected,
      );
    }
    // The item shape is the feed's, with the viewer's likes and bookmarks.
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/messages-v2/feed?scope=following&limit=1',
      headers: viewer.headers,
    });
    const [item] = first.json<FeedPageResponse>().items;
    const { by: _by, ...inAllFeed } = posts.find((post) => post.id === item!.id)!;
    expect(item).toMatchObject({ ...inAllFeed, liked: false, bookmarked: false });
  });

  it('answers only your own posts when you follow nobody', async () => {
    const ids = await walk('/api/messages-v2/feed?scope=following', stranger.headers, 5);
    expect(ids).toEqual(posts.filter((p) => p.by === stranger.user.id).map((p) => p.id));
  });

  it('keeps scope=all (and no scope) as the whole feed', async () => {
    const all = posts.map((post) => post.id);
    expect(await walk('/api/messages-v2/feed?scope=all', viewer.headers, 5)).toEqual(all);
    expect(await walk('/api/messages-v2/feed', viewer.headers, 5)).toEqual(all);
  });

  it('refuses the Following feed signed out, an unknown scope and a bad cursor', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/messages-v2/feed?scope=following',
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/messages-v2/feed?scope=friends',
      headers: viewer.headers,
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).code).toBe('validation_failed');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/messages-v2/feed?scope=following&cursor=nope.nope',
      headers: viewer.headers,
    });
    expect(errorOf(bad).code).toBe('invalid_cursor');
  });

  it("pages a wallet's posts, signed in or not, and refuses unknown wallets", async () => {
    const friend = friends[0]!;
    const expected = posts.filter((post) => post.by === friend.user.id).map((post) => post.id);
    expect(expected.length).toBeGreaterThan(1);
    expect(await walk(`/api/users/${friend.user.solAddress}/posts`, {}, 1)).toEqual(expected);
    expect(await walk(`/api/users/${friend.user.solAddress}/posts`, viewer.headers, 2)).toEqual(
      expected,
    );
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/users/11111111111111111111111111111112/posts',
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('user_not_found');
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/nope/posts' });
    expect(bad.statusCode).toBe(400);
    const cursor = encodeCursor('feed', { createdAt: new Date(0), id: 1n });
    const past = await t.app.inject({
      method: 'GET',
      url: `/api/users/${friend.user.solAddress}/posts?cursor=${cursor}`,
    });
    expect(past.json()).toEqual({ items: [], nextCursor: null });
  });

  it('pages right when one followed wallet wrote most of the newest posts', async () => {
    // Each followed wallet is probed for a whole page: one wallet may fill it alone.
    const reader = await createSignedInUser(t.ctx);
    const prolific = await createSignedInUser(t.ctx);
    const quiet = friends[1]!;
    await followed(t, reader.headers, prolific.user.solAddress);
    await followed(t, reader.headers, quiet.user.solAddress);
    const mine: Array<{ id: string; by: string }> = [];
    for (let i = 0; i < 9; i += 1) {
      const author = i === 4 ? quiet : prolific;
      t.clock.advance(1000);
      const post = await createdPost(t, author.headers, `burst ${i}`);
      mine.unshift({ id: post.id, by: author.user.id });
    }
    const expected = [...mine, ...posts.filter((post) => post.by === quiet.user.id)].map(
      (post) => post.id,
    );
    for (const limit of [3, 5, 6, 20]) {
      expect(await walk('/api/messages-v2/feed?scope=following', reader.headers, limit)).toEqual(
        expected,
      );
    }
  });

  it('leaves out expired posts', async () => {
    t.clock.advance(25 * 60 * 60 * 1000);
    const refreshed = await createSignedInUser(t.ctx, viewer.user.solAddress);
    expect(await walk('/api/messages-v2/feed?scope=following', refreshed.headers, 5)).toEqual([]);
    expect(await walk(`/api/users/${viewer.user.solAddress}/posts`, {}, 5)).toEqual([]);
  });
});

/**
 * The first page is remembered per viewer (following-page-cache.ts): each check below reads the
 * page once so it is remembered, changes something, and expects the next read to show it.
 */
describe.each(testDatabaseKinds())('a remembered Following first page on %s', (kind) => {
  let t: TestApp;
  let reader: SignedIn;
  let friend: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS);
    reader = await createSignedInUser(t.ctx);
    friend = await createSignedInUser(t.ctx);
    other = await createSignedInUser(t.ctx);
    await followed(t, reader.headers, friend.user.solAddress);
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(1000);
      await createdPost(t, friend.headers, `friend ${i}`);
      await createdPost(t, other.headers, `other ${i}`);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  async function firstPage(limit = 3): Promise<FeedPageResponse> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/messages-v2/feed?scope=following&limit=${limit}`,
      headers: reader.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<FeedPageResponse>();
  }
  const bodies = (page: FeedPageResponse) => page.items.map((item) => item.body);

  it('shows a new post by a followed wallet, and by the reader, at once', async () => {
    expect(bodies(await firstPage())).toEqual(['friend 3', 'friend 2', 'friend 1']);
    t.clock.advance(1000);
    await createdPost(t, friend.headers, 'friend 4');
    expect(bodies(await firstPage())).toEqual(['friend 4', 'friend 3', 'friend 2']);
    t.clock.advance(1000);
    await createdPost(t, reader.headers, 'mine');
    expect(bodies(await firstPage())).toEqual(['mine', 'friend 4', 'friend 3']);
    // A post by someone the reader does not follow changes nothing.
    t.clock.advance(1000);
    await createdPost(t, other.headers, 'other 4');
    expect(bodies(await firstPage())).toEqual(['mine', 'friend 4', 'friend 3']);
  });

  it("reads the counts and the reader's likes fresh", async () => {
    const before = await firstPage();
    const target = before.items[1]!;
    expect(target).toMatchObject({ likeCount: 0, liked: false });
    expect((await engage(t, reader.headers, target.id, 'like')).statusCode).toBe(200);
    expect((await engage(t, other.headers, target.id, 'like')).statusCode).toBe(200);
    const after = await firstPage();
    expect(after.items[1]).toMatchObject({ id: target.id, likeCount: 2, liked: true });
  });

  it('fills the page again when a post on it is deleted', async () => {
    const before = await firstPage();
    const gone = before.items[0]!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages-v2/messages/${gone.id}`,
      headers: reader.headers,
    });
    expect(res.statusCode).toBe(200);
    const after = await firstPage();
    expect(bodies(after)).toEqual(['friend 4', 'friend 3', 'friend 2']);
    // The cursor still leads on from the page shown.
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/messages-v2/feed?scope=following&limit=3&cursor=${after.nextCursor}`,
      headers: reader.headers,
    });
    expect(bodies(next.json<FeedPageResponse>())).toEqual(['friend 1', 'friend 0']);
  });

  it("follows the reader's follows, unfollows and blocks", async () => {
    expect(bodies(await firstPage())).toEqual(['friend 4', 'friend 3', 'friend 2']);
    expect((await follow(t, reader.headers, other.user.solAddress)).statusCode).toBe(200);
    expect(bodies(await firstPage())).toEqual(['other 4', 'friend 4', 'other 3']);
    expect((await follow(t, reader.headers, other.user.solAddress, false)).statusCode).toBe(200);
    expect(bodies(await firstPage())).toEqual(['friend 4', 'friend 3', 'friend 2']);
    // A block either way removes the follows.
    expect((await block(t, friend.headers, reader.user.solAddress)).statusCode).toBe(200);
    expect(bodies(await firstPage())).toEqual([]);
    expect((await block(t, friend.headers, reader.user.solAddress, false)).statusCode).toBe(200);
    await followed(t, reader.headers, friend.user.solAddress);
    expect(bodies(await firstPage())).toEqual(['friend 4', 'friend 3', 'friend 2']);
  });

  it('leaves out a post once it expires', async () => {
    const page = await firstPage(20);
    expect(bodies(page)).toEqual(['friend 4', 'friend 3', 'friend 2', 'friend 1', 'friend 0']);
    // A second before friend 0 expires (the later ones a second or more after it), the page is
    // read and remembered; a second later friend 0 is gone from it.
    const expiry = new Date(page.items.at(-1)!.expiresAt!).getTime();
    t.clock.advance(expiry - 1000 - t.clock.now().getTime());
    // The reader's token has expired by then: a fresh sign-in, same wallet.
    reader = await createSignedInUser(t.ctx, reader.user.solAddress);
    expect(bodies(await firstPage(20))).toHaveLength(5);
    t.clock.advance(1000);
    expect(bodies(await firstPage(20))).toEqual(['friend 4', 'friend 3', 'friend 2', 'friend 1']);
  });
});

/** Two instances of one deployment: a post through one drops the page the other remembers. */
describe.runIf(process.env.TEST_REDIS_URL).each(testDatabaseKinds())(
  'a remembered Following first page across instances on %s',
  (kind) => {
    let a: TestApp;
    let b: TestApp;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ a, b, close } = await twoInstances(kind, NO_WRITE_LIMITS));
    });
    afterAll(() => close());

    it("shows on one instance a followed wallet's post made through the other", async () => {
      const reader = await createSignedInUser(a.ctx);
      const friend = await createSignedInUser(a.ctx);
      await followed(a, reader.headers, friend.user.solAddress);
      await createdPost(a, friend.headers, 'first');
      const read = async () =>
        (
          await a.app.inject({
            method: 'GET',
            url: '/api/messages-v2/feed?scope=following',
            headers: reader.headers,
          })
        )
          .json<FeedPageResponse>()
          .items.map((item) => item.body);
      expect(await read()).toEqual(['first']);
      const seen = new Promise<void>((resolve) => {
        const unsubscribe = a.ctx.bus.subscribe((message) => {
          if (message.kind === 'event' && message.event.type === 'new_post') {
            unsubscribe();
            resolve();
          }
        });
      });
      b.clock.advance(1000);
      await createdPost(b, friend.headers, 'second');
      await seen;
      expect(await read()).toEqual(['second', 'first']);
    });
  },
);
