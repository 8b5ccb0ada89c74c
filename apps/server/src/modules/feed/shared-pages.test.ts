import type { FeedPageResponse } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  twoInstances,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { block, followed } from '../people/test-kit.ts';
import { createdPost, engage, type Headers, type SignedIn } from './test-kit.ts';

/**
 * The feed's shared pages (page-cache.ts) made each viewer's with their marks (viewer-state.ts):
 * every answer must equal the one read in SQL for that viewer, and a viewer's own change shows
 * in their very next read.
 */

async function page(
  t: TestApp,
  headers: Headers,
  limit: number,
  cursor: string | null = null,
): Promise<FeedPageResponse> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/messages-v2/feed?${query.toString()}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<FeedPageResponse>();
}

/** Every page, as one list of answers (items and cursors). */
async function walk(t: TestApp, headers: Headers, limit: number): Promise<FeedPageResponse[]> {
  const pages: FeedPageResponse[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i += 1) {
    const answer = await page(t, headers, limit, cursor);
    pages.push(answer);
    cursor = answer.nextCursor;
    if (!cursor) return pages;
  }
  throw new Error('did not end');
}

function marksOf(answer: FeedPageResponse) {
  return answer.items.map((item) => ({
    id: item.id,
    liked: item.liked,
    bookmarked: item.bookmarked,
    likeCount: item.likeCount,
  }));
}

describe.each(testDatabaseKinds())('the shared feed pages on %s', (kind) => {
  /** Serves from the shared pages; `sql` reads every page in SQL (FEED_CACHE_MS=0). */
  let t: TestApp;
  let sql: TestApp;
  let viewer: SignedIn;
  let other: SignedIn;
  let noisy: SignedIn;
  let capsuleId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS);
    sql = await createTestApp(
      kind,
      { ...NO_WRITE_LIMITS, FEED_CACHE_MS: '0' },
      { database: t.ctx.database, clock: t.clock },
    );
    viewer = await createSignedInUser(t.ctx);
    other = await createSignedInUser(t.ctx);
    noisy = await createSignedInUser(t.ctx);
    // 8 posts, then 16 in a row by one wallet (more than the spare rows behind a small page),
    // then 8 more; a sealed time capsule by the viewer and one by another wallet among them.
    for (let i = 0; i < 8; i += 1) {
      t.clock.advance(1000);
      await createdPost(t, (i % 2 ? viewer : other).headers, `early ${i}`);
    }
    for (let i = 0; i < 16; i += 1) {
      t.clock.advance(1000);
      await createdPost(t, noisy.headers, `noisy ${i}`);
    }
    const unlockAt = new Date(t.clock.now().getTime() + 2 * 3600_000).toISOString();
    t.clock.advance(1000);
    await createdPost(t, viewer.headers, 'my capsule', { kind: 'capsule', unlockAt });
    t.clock.advance(1000);
    capsuleId = (
      await createdPost(t, other.headers, 'their capsule', { kind: 'capsule', unlockAt })
    ).id;
    for (let i = 0; i < 8; i += 1) {
      t.clock.advance(1000);
      await createdPost(t, other.headers, `late ${i}`);
    }
  });
  afterAll(async () => {
    await sql.close();
    await t.close();
  });

  async function sameAsSql(headers: Headers, limit: number): Promise<FeedPageResponse[]> {
    const cached = await walk(t, headers, limit);
    // Twice: the second walk is answered from the pages the first one left.
    expect(await walk(t, headers, limit)).toEqual(cached);
    expect(cached).toEqual(await walk(sql, headers, limit));
    return cached;
  }

  it('answers every page as SQL would, signed out and signed in', async () => {
    await engage(t, viewer.headers, capsuleId, 'like');
    const everyId = (await sameAsSql({}, 5)).flatMap((answer) => answer.items.map((i) => i.id));
    expect(everyId).toHaveLength(34);
    for (const limit of [1, 3, 7, 20]) {
      await sameAsSql(viewer.headers, limit);
      await sameAsSql(other.headers, limit);
    }
  });

  it('shows the viewer their own sealed capsule, and others only its seal', async () => {
    const items = (await walk(t, viewer.headers, 50)).flatMap((answer) => answer.items);
    const mine = items.find((item) => item.body === 'my capsule');
    expect(mine?.capsule?.sealed).toBe(true);
    const seenByOther = (await walk(t, other.headers, 50))
      .flatMap((answer) => answer.items)
      .find((item) => item.id === mine?.id);
    expect(seenByOther?.body).toBe('');
  });

  it("shows a viewer's like, bookmark and 'Notify me' in their next read, first and deep", async () => {
    const first = await page(t, viewer.headers, 5);
    const deep = await page(t, viewer.headers, 5, first.nextCursor);
    const [onFirst, onDeep] = [first.items[1]!, deep.items[2]!];
    // Read once more, so both pages and the viewer's marks are held.
    await page(t, viewer.headers, 5);
    await page(t, viewer.headers, 5, first.nextCursor);

    expect((await engage(t, viewer.headers, onFirst.id, 'like')).statusCode).toBe(200);
    expect((await engage(t, viewer.headers, onDeep.id, 'bookmark')).statusCode).toBe(200);
    const firstAfter = (await page(t, viewer.headers, 5)).items[1]!;
    const deepAfter = (await page(t, viewer.headers, 5, first.nextCursor)).items[2]!;
    expect(firstAfter).toMatchObject({ liked: true, likeCount: onFirst.likeCount + 1 });
    expect(deepAfter).toMatchObject({ bookmarked: true });
    expect((await page(t, other.headers, 5)).items[1]).toMatchObject({ liked: false });

    const notify = await t.app.inject({
      method: 'POST',
      url: `/api/time-capsules/${capsuleId}/notify`,
      headers: viewer.headers,
    });
    expect(notify.statusCode).toBe(200);
    const capsule = (await walk(t, viewer.headers, 50))
      .flatMap((answer) => answer.items)
      .find((item) => item.id === capsuleId);
    expect(capsule?.capsule?.notifying).toBe(true);

    expect((await engage(t, viewer.headers, onFirst.id, 'like')).statusCode).toBe(200);
    expect((await page(t, viewer.headers, 5)).items[1]).toMatchObject({
      liked: false,
      likeCount: onFirst.likeCount,
    });
  });

  it('leaves out the wallets a viewer blocked at once, also past the spare rows', async () => {
    // Counts other slices move ('Notify me' waits) show once the shared pages expire.
    t.clock.advance(1001);
    await walk(t, viewer.headers, 3);
    expect((await block(t, viewer.headers, noisy.user.solAddress)).statusCode).toBe(200);
    const pages = await sameAsSql(viewer.headers, 3);
    const bodies = pages.flatMap((answer) => answer.items.map((item) => item.body));
    expect(bodies.filter((body) => body.startsWith('noisy'))).toEqual([]);
    expect(bodies).toHaveLength(34 - 16);
    expect((await block(t, viewer.headers, noisy.user.solAddress, false)).statusCode).toBe(200);
    expect(marksOf(await page(t, viewer.headers, 34))).toEqual(
      marksOf(await page(sql, viewer.headers, 34)),
    );
  });

  it('answers the Following first page from shared rows as SQL would, changes at once', async () => {
    const following = async (app: TestApp, headers: Headers, limit: number) => {
      const res = await app.app.inject({
        method: 'GET',
        url: `/api/messages-v2/feed?scope=following&limit=${limit}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<FeedPageResponse>();
    };
    const same = async (headers: Headers, limit: number) => {
      const first = await following(t, headers, limit);
      // The second read is made from the rows the first one left.
      expect(await following(t, headers, limit)).toEqual(first);
      expect(first).toEqual(await following(sql, headers, limit));
      return first;
    };
    await followed(t, viewer.headers, other.user.solAddress);
    for (const limit of [1, 3, 7, 20]) await same(viewer.headers, limit);
    await followed(t, other.headers, viewer.user.solAddress);
    await same(other.headers, 5);

    // The viewer's like, another wallet's like (its count), a follow: each in the next read.
    const [top] = (await same(viewer.headers, 5)).items;
    expect((await engage(t, viewer.headers, top!.id, 'like')).statusCode).toBe(200);
    expect((await same(viewer.headers, 5)).items[0]).toMatchObject({ liked: !top!.liked });
    expect((await engage(t, noisy.headers, top!.id, 'like')).statusCode).toBe(200);
    const counted = (await same(other.headers, 5)).items.find((item) => item.id === top!.id);
    expect(counted?.likeCount).toBe(top!.likeCount + (top!.liked ? 0 : 2));
    await followed(t, viewer.headers, noisy.user.solAddress);
    const withNoisy = await same(viewer.headers, 20);
    expect(withNoisy.items.some((item) => item.body.startsWith('noisy'))).toBe(true);
  });
});

/**
 * Two instances of one deployment: the viewer's marks are kept on both, and a like through one
 * shows in the viewer's very next read through the other, before any bus message could.
 */
describe.runIf(process.env.TEST_REDIS_URL).each(testDatabaseKinds())(
  "a viewer's marks across instances on %s",
  (kind) => {
    let a: TestApp;
    let b: TestApp;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ a, b, close } = await twoInstances(kind, NO_WRITE_LIMITS));
    });
    afterAll(() => close());

    it('shows a like and a bookmark made on one instance in the next read on the other', async () => {
      const reader = await createSignedInUser(a.ctx);
      const author = await createSignedInUser(a.ctx);
      const post = await createdPost(a, author.headers, 'hello');
      expect((await page(b, reader.headers, 10)).items[0]).toMatchObject({ liked: false });
      for (const kind of ['like', 'bookmark'] as const) {
        expect((await engage(a, reader.headers, post.id, kind)).statusCode).toBe(200);
      }
      const item = (await page(b, reader.headers, 10)).items[0];
      expect(item).toMatchObject({ id: post.id, liked: true, bookmarked: true });
    });
  },
);
