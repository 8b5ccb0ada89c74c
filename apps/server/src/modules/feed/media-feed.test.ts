import {
  FREE_POST_TTL_MS,
  feedPageSchema,
  type FeedItem,
  type FeedPageResponse,
  type UploadResponse,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import * as files from '../media/test-kit.ts';
import { block } from '../people/test-kit.ts';
import { createdVaultPost } from '../vaults/test-kit.ts';
import { encodeCursor } from './cursor.ts';
import { MEDIA_FEED_STATEMENTS } from './repo.ts';
import { createdPost, errorOf, feedPage, type Headers, type SignedIn } from './test-kit.ts';

/** GET /api/messages-v2/feed?scope=media: the posts with an image or audio (Reels). */
describe.each(testDatabaseKinds())('the media feed (scope=media) on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let viewer: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { UPLOAD_RATE_LIMIT: '1000', ...NO_WRITE_LIMITS });
    [alice, bob, viewer] = await Promise.all([
      createSignedInUser(t.ctx),
      createSignedInUser(t.ctx),
      createSignedInUser(t.ctx),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Access tokens live 15 minutes of the test clock: sign in again after moving it far. */
  async function refreshTokens(): Promise<void> {
    alice = await createSignedInUser(t.ctx, alice.user.solAddress);
    bob = await createSignedInUser(t.ctx, bob.user.solAddress);
    viewer = await createSignedInUser(t.ctx, viewer.user.solAddress);
  }

  async function clearPosts(): Promise<void> {
    await t.ctx.database.pool.query('delete from messages');
    // A direct delete does not drop the cached anonymous first page of the main feed.
    t.clock.advance(60_000);
  }

  async function upload(headers: Headers, type: 'image' | 'audio'): Promise<string> {
    const file =
      type === 'image'
        ? { filename: 'pic.png', contentType: 'image/png', data: await files.png(8, 8) }
        : { filename: 'song.mp3', contentType: 'audio/mpeg', data: files.mp3() };
    const { payload, headers: multipart } = files.multipartBody(file);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/vault-media',
      headers: { ...headers, ...multipart },
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json<UploadResponse>().mediaUrl;
  }

  async function mediaPage(query = '', headers: Headers = {}) {
    return feedPage(t, `scope=media${query ? `&${query}` : ''}`, headers);
  }

  /** Every page of the media feed at this page size, checked against the contract. */
  async function wholeMediaFeed(limit: number, headers: Headers = {}): Promise<FeedItem[]> {
    const items: FeedItem[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page += 1) {
      const query = new URLSearchParams({ limit: String(limit) });
      if (cursor) query.set('cursor', cursor);
      const res = await mediaPage(query.toString(), headers);
      expect(res.statusCode).toBe(200);
      const body = feedPageSchema.parse(res.json());
      expect(body.items.length).toBeLessThanOrEqual(limit);
      items.push(...body.items);
      cursor = body.nextCursor;
      if (!cursor) return items;
    }
    throw new Error('the media feed did not end');
  }

  it('lists only the posts with an image or audio, newest first, page by page', async () => {
    await clearPosts();
    const expected: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      t.clock.advance(1000);
      const author = i % 2 === 0 ? alice : bob;
      const media =
        i % 3 === 0
          ? {}
          : i % 3 === 1
            ? { imageUrl: await upload(author.headers, 'image'), altText: `picture ${i}` }
            : { audioUrl: await upload(author.headers, 'audio') };
      const post = await createdPost(t, author.headers, `post ${i}`, media);
      if (i % 3 !== 0) expected.unshift(post.id);
    }
    // Two posts at the same instant: the id breaks the tie, as in the main feed.
    const sameTime = [
      await createdPost(t, alice.headers, 'twin a', {
        imageUrl: await upload(alice.headers, 'image'),
      }),
      await createdPost(t, alice.headers, 'twin b', {
        audioUrl: await upload(alice.headers, 'audio'),
      }),
    ];
    expected.unshift(sameTime[1]!.id, sameTime[0]!.id);
    expect(expected).toHaveLength(8);

    for (const limit of [1, 2, 3, 8, 50]) {
      const ids = (await wholeMediaFeed(limit)).map((item) => item.id);
      expect(ids, `limit ${limit}`).toEqual(expected);
      const signedIn = (await wholeMediaFeed(limit, viewer.headers)).map((item) => item.id);
      expect(signedIn, `limit ${limit}, signed in`).toEqual(expected);
    }

    // The item shape is the main feed's: the same post reads the same in both.
    const all = feedPageSchema.parse((await feedPage(t, 'limit=50', viewer.headers)).json());
    const media = await wholeMediaFeed(50, viewer.headers);
    for (const item of media) {
      expect(item).toEqual(all.items.find((post) => post.id === item.id));
      expect(item.imageUrl !== null || item.audioUrl !== null).toBe(true);
    }
    expect(media.find((item) => item.body === 'post 1')).toMatchObject({ altText: 'picture 1' });
  });

  it("shows the viewer's likes and bookmarks on the media feed", async () => {
    await clearPosts();
    const post = await createdPost(t, alice.headers, 'like me', {
      imageUrl: await upload(alice.headers, 'image'),
    });
    const liked = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${post.id}/engage`,
      headers: viewer.headers,
      payload: { kind: 'like' },
    });
    expect(liked.statusCode).toBe(200);
    const page = (await mediaPage('', viewer.headers)).json<FeedPageResponse>();
    expect(page.items[0]).toMatchObject({ id: post.id, liked: true, likeCount: 1 });
    const anonymous = (await mediaPage()).json<FeedPageResponse>();
    expect(anonymous.items[0]).toMatchObject({ id: post.id, liked: false, likeCount: 1 });
  });

  it('leaves out expired posts and keeps vault posts', async () => {
    await clearPosts();
    const free = await createdPost(t, alice.headers, 'free', {
      imageUrl: await upload(alice.headers, 'image'),
    });
    const kept = await createdVaultPost(t, alice.headers, '0.1', {
      audioUrl: await upload(alice.headers, 'audio'),
    });
    expect((await wholeMediaFeed(10)).map((item) => item.id)).toEqual([kept.id, free.id]);
    t.clock.advance(FREE_POST_TTL_MS);
    await refreshTokens();
    expect((await wholeMediaFeed(10)).map((item) => item.id)).toEqual([kept.id]);
    expect((await wholeMediaFeed(10, viewer.headers)).map((item) => item.id)).toEqual([kept.id]);
  });

  it("withholds a locked vault's media from everyone but its creator, until it unlocks", async () => {
    await clearPosts();
    const imageUrl = await upload(alice.headers, 'image');
    const audioUrl = await upload(alice.headers, 'audio');
    const picture = await createdVaultPost(t, alice.headers, '0.1', {
      imageUrl,
      altText: 'The secret, described',
    });
    const track = await createdVaultPost(t, alice.headers, '0.1', { audioUrl });
    // A vault post without media is not a reel.
    const textOnly = await createdVaultPost(t, alice.headers, '0.1');

    for (const headers of [{}, viewer.headers, bob.headers]) {
      const res = await mediaPage('limit=50', headers);
      expect(res.statusCode).toBe(200);
      const page = feedPageSchema.parse(res.json());
      expect(page.items.map((item) => item.id)).toEqual([track.id, picture.id]);
      for (const item of page.items) {
        expect(item).toMatchObject({ imageUrl: null, altText: null, audioUrl: null, locked: true });
      }
      // Nothing of the files is anywhere in the answer: not their names, not the alt text.
      for (const secret of [imageUrl, audioUrl, 'The secret, described']) {
        expect(res.body).not.toContain(secret);
      }
    }
    // The creator sees their own, through URLs with the vault's media key.
    const own = feedPageSchema.parse((await mediaPage('', alice.headers)).json());
    expect(own.items.map((item) => item.id)).toEqual([track.id, picture.id]);
    expect(own.items.find((item) => item.id === picture.id)).toMatchObject({
      locked: false,
      altText: 'The secret, described',
      imageUrl: expect.stringMatching(new RegExp(`^${imageUrl}\\?key=`)) as unknown,
    });
    expect(own.items.some((item) => item.id === textOnly.id)).toBe(false);

    // Reached its target (as the support call would leave it): everyone sees it.
    await t.ctx.database.pool.query(
      `update vaults set status = 'unlocked', unlocked_at = $2 where id = $1`,
      [picture.vault.id, t.clock.now()],
    );
    const after = feedPageSchema.parse((await mediaPage('', viewer.headers)).json());
    expect(after.items.find((item) => item.id === picture.id)).toMatchObject({
      locked: false,
      imageUrl,
      altText: 'The secret, described',
    });
    expect(after.items.find((item) => item.id === track.id)).toMatchObject({
      locked: true,
      audioUrl: null,
    });
  });

  it('hides the posts of wallets the viewer blocked', async () => {
    await clearPosts();
    const fromAlice = await createdPost(t, alice.headers, 'alice', {
      imageUrl: await upload(alice.headers, 'image'),
    });
    const fromBob = await createdPost(t, bob.headers, 'bob', {
      audioUrl: await upload(bob.headers, 'audio'),
    });
    expect((await block(t, viewer.headers, bob.user.solAddress)).statusCode).toBe(200);
    expect((await wholeMediaFeed(1, viewer.headers)).map((item) => item.id)).toEqual([
      fromAlice.id,
    ]);
    // Others still see both.
    expect((await wholeMediaFeed(1, alice.headers)).map((item) => item.id)).toEqual([
      fromBob.id,
      fromAlice.id,
    ]);
    expect((await block(t, viewer.headers, bob.user.solAddress, false)).statusCode).toBe(200);
  });

  it('refuses an unknown scope, a bad cursor and a bad limit with 400, never a 500', async () => {
    for (const scope of ['video', 'MEDIA', 'media,all', 'reels']) {
      const res = await feedPage(t, `scope=${encodeURIComponent(scope)}`);
      expect(res.statusCode, scope).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
    for (const cursor of ['nope', encodeCursor('comments', { createdAt: new Date(), id: 1n })]) {
      const res = await mediaPage(`cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('invalid_cursor');
    }
    for (const limit of ['0', '-1', '1.5', 'ten']) {
      const res = await mediaPage(`limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
    // Empty values count as absent; a large limit is cut to the maximum.
    expect((await feedPage(t, 'scope=media&cursor=&limit=')).statusCode).toBe(200);
    expect((await mediaPage('limit=1000')).statusCode).toBe(200);
  });

  it('reads the partial index messages_media_feed backwards, for every variant of the page', async () => {
    // A feed of 20,000 posts, one in 20 with media, and fresh statistics: the planner's choice
    // is the one it makes on a real table, not forced.
    await clearPosts();
    const now = t.clock.now();
    await t.ctx.database.pool.query(
      `insert into messages (author_id, kind, body, created_at, expires_at, image_key)
       select $1, 'public', 'post ' || i, $2::timestamptz - i * interval '1 second',
         $2::timestamptz + interval '1 hour',
         case when i % 20 = 0 then 'seeded-' || i || '.png' end
       from generate_series(1, 20000) i`,
      [alice.user.id, now],
    );
    await t.ctx.database.pool.query('analyze messages');
    const { rows: middle } = await t.ctx.database.pool.query<{ created_at: Date; id: string }>(
      `select created_at, id::text as id from messages where image_key is not null
       order by created_at desc, id desc offset 500 limit 1`,
    );
    const after = [middle[0]!.created_at, middle[0]!.id];
    const variants: Array<[string, { text: string }, unknown[]]> = [
      ['first, anonymous', MEDIA_FEED_STATEMENTS.firstAnon, [now, 21]],
      ['first, signed in', MEDIA_FEED_STATEMENTS.firstViewer, [now, 21, viewer.user.id]],
      ['after, anonymous', MEDIA_FEED_STATEMENTS.afterAnon, [now, 21, ...after]],
      ['after, signed in', MEDIA_FEED_STATEMENTS.afterViewer, [now, 21, ...after, viewer.user.id]],
    ];
    try {
      for (const [name, statement, values] of variants) {
        const { rows } = await t.ctx.database.pool.query<{ 'QUERY PLAN': string }>({
          text: `explain ${statement.text}`,
          values,
        });
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan, name).toContain('Index Scan Backward using messages_media_feed');
        expect(plan, name).not.toMatch(/^\s*(->\s*)?Sort\b/m);
      }
      // And the answer is the same page the planner's index order gives.
      const page = feedPageSchema.parse((await mediaPage('limit=3')).json());
      expect(page.items.map((item) => item.body)).toEqual(['post 20', 'post 40', 'post 60']);
    } finally {
      await clearPosts();
    }
  });
});
