import {
  FEED_PAGE_MAX,
  feedItemSchema,
  feedPageSchema,
  FREE_POST_TTL_MS,
  POST_MAX_LENGTH,
  type FeedItem,
  type FeedPageResponse,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { encodeCursor } from './cursor.ts';
import {
  countRows,
  createdPost,
  createPost,
  errorOf,
  feedPage,
  setProfile,
  wholeFeed,
  type SignedIn,
} from './test-kit.ts';

describe.each(testDatabaseKinds())('posts and the feed on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await createSignedInUser(t.ctx);
    bob = await createSignedInUser(t.ctx);
    await setProfile(t, alice.user.id, {
      username: 'alice',
      displayName: 'Alice',
      avatarUrl: '/avatars/alice.png',
      isVerified: true,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Access tokens live 15 minutes: after moving the clock further, sign in again. */
  async function refreshTokens(): Promise<void> {
    alice = await createSignedInUser(t.ctx, alice.user.solAddress);
    bob = await createSignedInUser(t.ctx, bob.user.solAddress);
  }

  async function clearPosts(): Promise<void> {
    await t.ctx.database.pool.query('delete from messages');
    // A write through the API drops the cached first page; a direct delete does not.
    t.clock.advance(60_000);
  }

  it('answers an empty feed', async () => {
    const res = await feedPage(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });

  it('creates a public post and answers it in full', async () => {
    const res = await createPost(t, alice.headers, { body: '  gm, dum club  ', kind: 'public' });
    expect(res.statusCode).toBe(201);
    const item = res.json<FeedItem>();
    expect(feedItemSchema.parse(item)).toEqual(item);
    const now = t.clock.now();
    expect(item).toEqual({
      id: expect.stringMatching(/^[1-9]\d*$/) as string,
      kind: 'public',
      body: 'gm, dum club',
      content: 'gm, dum club',
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + FREE_POST_TTL_MS).toISOString(),
      author: {
        id: alice.user.id,
        avatarUrl: '/avatars/alice.png',
        displayName: 'Alice',
        username: 'alice',
        isVerified: true,
      },
      author_wallet: alice.user.solAddress,
      imageUrl: null,
      altText: null,
      audioUrl: null,
      vault: null,
      likeCount: 0,
      commentCount: 0,
      liked: false,
      bookmarked: false,
      repostCount: 0,
      repostedByViewer: false,
      quoted: null,
      mentions: [],
      poll: null,
      replyPolicy: 'everyone',
    });

    const feed = await feedPage(t);
    expect(feed.statusCode).toBe(200);
    const page = feedPageSchema.parse(feed.json());
    expect(page.items[0]).toEqual(item);

    const detail = await t.app.inject({ url: `/api/messages-v2/messages/${item.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(item);
  });

  it('accepts content as an alias of body, and kind defaults to public', async () => {
    const item = (await createPost(t, bob.headers, { content: 'from content' })).json<FeedItem>();
    expect(item.body).toBe('from content');
    expect(item.kind).toBe('public');
  });

  it('rewards the post in the same transaction and records it in Live Activity', async () => {
    const item = await createdPost(t, bob.headers, 'rewarded');
    const ledger = await countRows(
      t,
      `select count(*) as n from emission_ledger
       where kind = 'post_created' and reference = $1 and recipient_id = $2`,
      [item.id, bob.user.id],
    );
    expect(ledger).toBe(1);
    expect(
      await countRows(
        t,
        `select count(*) as n from activity where type = 'post_created' and reference = $1`,
        [item.id],
      ),
    ).toBe(1);
  });

  it('publishes new_post on the bus after commit', async () => {
    const seen: BusMessage[] = [];
    const unsubscribe = t.ctx.bus.subscribe((message) => seen.push(message));
    const item = await createdPost(t, alice.headers, 'live');
    unsubscribe();
    const events = seen.filter(
      (message): message is Extract<BusMessage, { kind: 'event' }> =>
        message.kind === 'event' && message.event.type === 'new_post',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      audience: { kind: 'all' },
      event: {
        type: 'new_post',
        data: { postId: item.id, author: { id: alice.user.id, username: 'alice' } },
      },
    });
  });

  it.each([
    ['an empty body', { body: '', kind: 'public' }],
    ['only spaces', { body: ' \n\t ', kind: 'public' }],
    ['no text at all', { kind: 'public' }],
  ])('refuses %s with content_required', async (_name, payload) => {
    const res = await createPost(t, alice.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'content_required', message: 'Please write something to post' },
    });
  });

  it(`takes ${POST_MAX_LENGTH} characters (emoji count as one) and refuses more`, async () => {
    const longest = '🚀'.repeat(POST_MAX_LENGTH);
    const ok = await createPost(t, alice.headers, { body: longest, kind: 'public' });
    expect(ok.statusCode).toBe(201);
    const res = await createPost(t, alice.headers, { body: `${longest}a`, kind: 'public' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'post_too_long',
        message: `Posts can be at most ${POST_MAX_LENGTH} characters`,
      },
    });
  });

  it('asks a vault post for its SOL to lock (vaults are on by default on the localnet)', async () => {
    // The flag switched off, and everything else about vaults: modules/vaults/vaults.test.ts.
    const res = await createPost(t, alice.headers, { body: 'lock it', kind: 'vault' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('invalid_amount');
  });

  it('refuses other kinds, non-string bodies and both media at once', async () => {
    // A capsule without its unlock time: modules/capsules/capsules.test.ts.
    for (const payload of [
      { body: 'x', kind: 'shout' },
      { body: 42, kind: 'public' },
      { body: 'x', imageUrl: '/media/a.png', audioUrl: '/media/b.mp3' },
    ]) {
      const res = await createPost(t, alice.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
  });

  it('needs a signed-in user to post, and a valid token', async () => {
    const anonymous = await createPost(t, {});
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('unauthorized');
    const forged = await createPost(t, { authorization: 'Bearer a.b.c' });
    expect(forged.statusCode).toBe(401);
  });

  it('pages newest first with keyset cursors, ties broken by id, nothing lost or repeated', async () => {
    await clearPosts();
    const made: FeedItem[] = [];
    for (let i = 0; i < 7; i += 1) {
      // Pairs share a timestamp: the id decides their order.
      if (i % 2 === 0) t.clock.advance(1000);
      made.push(await createdPost(t, i % 2 ? alice.headers : bob.headers, `post ${i}`));
    }
    const expected = made.map((item) => item.id).reverse();

    const first = await feedPage(t, 'limit=3');
    const firstPage = first.json<FeedPageResponse>();
    expect(firstPage.items.map((item) => item.id)).toEqual(expected.slice(0, 3));
    expect(firstPage.nextCursor).toEqual(expect.any(String));

    for (const limit of [1, 2, 3, 7, 50]) {
      const all = await wholeFeed(t, limit);
      expect(all.map((item) => item.id)).toEqual(expected);
    }
    // The last page says there is no more.
    const last = await feedPage(t, 'limit=7');
    expect(last.json<FeedPageResponse>().nextCursor).toBeNull();
    // A post made while someone pages does not shift what they see next.
    const second = await feedPage(t, `limit=3&cursor=${firstPage.nextCursor!}`);
    await createdPost(t, alice.headers, 'newer');
    const again = await feedPage(t, `limit=3&cursor=${firstPage.nextCursor!}`);
    expect(again.json()).toEqual(second.json());
  });

  it(`defaults to 20 items and cuts a larger limit to ${FEED_PAGE_MAX}`, async () => {
    await clearPosts();
    await t.ctx.database.pool.query(
      `insert into messages (author_id, body, created_at, expires_at)
       select $1, 'seeded ' || g, $2::timestamptz - g * interval '1 second',
              $2::timestamptz + interval '23 hours'
       from generate_series(1, 60) g`,
      [alice.user.id, t.clock.now()],
    );
    const byDefault = await feedPage(t);
    expect(byDefault.json<FeedPageResponse>().items).toHaveLength(20);
    const capped = await feedPage(t, 'limit=500');
    expect(capped.statusCode).toBe(200);
    expect(capped.json<FeedPageResponse>().items).toHaveLength(FEED_PAGE_MAX);
    const signedIn = await feedPage(t, 'limit=51', alice.headers);
    expect(signedIn.json<FeedPageResponse>().items).toHaveLength(FEED_PAGE_MAX);
  });

  it.each(['limit=0', 'limit=-1', 'limit=abc', 'limit=2.5'])('refuses %s', async (query) => {
    const res = await feedPage(t, query);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('validation_failed');
  });

  it('refuses a query parameter it does not take', async () => {
    const res = await feedPage(t, 'offset=40');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('unknown_query_parameter');
  });

  it('treats empty cursor and limit as absent', async () => {
    const res = await feedPage(t, 'cursor=&limit=');
    expect(res.statusCode).toBe(200);
    expect(res.json<FeedPageResponse>().items).toHaveLength(20);
  });

  it('answers 400 invalid_cursor for a malformed, tampered or foreign cursor', async () => {
    const page = (await feedPage(t, 'limit=2')).json<FeedPageResponse>();
    const cursor = page.nextCursor!;
    const [payload, sum] = cursor.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      t: number;
      i: string;
    };
    const edited = Buffer.from(JSON.stringify({ ...decoded, i: '1' })).toString('base64url');
    const flipped = `${payload.slice(0, -1)}${payload.endsWith('A') ? 'B' : 'A'}.${sum}`;
    const foreign = encodeCursor('comments', { createdAt: new Date(), id: 5n });
    const bad = [
      'garbage',
      '%00%01',
      flipped,
      `${edited}.${sum}`,
      payload,
      foreign,
      `${Buffer.from('{"t":1,"i":"99999999999999999999"}').toString('base64url')}.${sum}`,
      'x'.repeat(401),
    ];
    for (const value of bad) {
      const res = await feedPage(t, `cursor=${encodeURIComponent(value)}`);
      expect(res.statusCode, value).toBe(400);
      if (value.length <= 400) {
        expect(res.json()).toEqual({
          error: { code: 'invalid_cursor', message: 'The page cursor is not valid.' },
        });
      }
    }
  });

  it('shows the signed-in viewer their likes and bookmarks, and anonymous readers none', async () => {
    await clearPosts();
    const post = await createdPost(t, alice.headers, 'like me');
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${post.id}/engage`,
      headers: bob.headers,
      payload: { kind: 'like' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${post.id}/engage`,
      headers: bob.headers,
      payload: { kind: 'bookmark' },
    });
    const asBob = (await feedPage(t, '', bob.headers)).json<FeedPageResponse>().items[0]!;
    expect(asBob).toMatchObject({ id: post.id, likeCount: 1, liked: true, bookmarked: true });
    const asAlice = (await feedPage(t, '', alice.headers)).json<FeedPageResponse>().items[0]!;
    expect(asAlice).toMatchObject({ likeCount: 1, liked: false, bookmarked: false });
    const anonymous = (await feedPage(t)).json<FeedPageResponse>().items[0]!;
    expect(anonymous).toMatchObject({ likeCount: 1, liked: false, bookmarked: false });
    const detail = await t.app.inject({
      url: `/api/messages-v2/messages/${post.id}`,
      headers: bob.headers,
    });
    expect(detail.json()).toMatchObject({ liked: true, bookmarked: true });
  });

  it('answers 404 for an unknown post id and 400 for one that is not a post id', async () => {
    const unknown = await t.app.inject({ url: '/api/messages-v2/messages/999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'post_not_found', message: 'This post does not exist or has expired.' },
    });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '9223372036854775808']) {
      const res = await t.app.inject({ url: `/api/messages-v2/messages/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
  });

  it('hides an expired post everywhere before the job deletes it', async () => {
    await clearPosts();
    const post = await createdPost(t, alice.headers, 'short lived');
    t.clock.advance(FREE_POST_TTL_MS - 1);
    expect((await feedPage(t)).json<FeedPageResponse>().items).toHaveLength(1);
    t.clock.advance(1);
    await refreshTokens();
    expect((await feedPage(t)).json<FeedPageResponse>().items).toHaveLength(0);
    expect((await feedPage(t, '', bob.headers)).json<FeedPageResponse>().items).toHaveLength(0);
    const detail = await t.app.inject({ url: `/api/messages-v2/messages/${post.id}` });
    expect(detail.statusCode).toBe(404);
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${post.id}/engage`,
      headers: bob.headers,
      payload: { kind: 'like' },
    });
    expect(like.statusCode).toBe(404);
    const comments = await t.app.inject({ url: `/api/messages/${post.id}/comments` });
    expect(comments.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages-v2/messages/${post.id}`,
      headers: alice.headers,
    });
    expect(remove.statusCode).toBe(404);
  });

  it('lets only the author delete a post, with its comments and likes', async () => {
    const post = await createdPost(t, alice.headers, 'mine');
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${post.id}/comments`,
      headers: bob.headers,
      payload: { content: 'nice' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${post.id}/engage`,
      headers: bob.headers,
      payload: { kind: 'like' },
    });

    const byBob = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages-v2/messages/${post.id}`,
      headers: bob.headers,
    });
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json()).toEqual({
      error: { code: 'forbidden', message: 'You can only delete your own posts.' },
    });
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages-v2/messages/${post.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/messages-v2/messages/${post.id}` })).statusCode).toBe(
      200,
    );

    const byAlice = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages-v2/messages/${post.id}`,
      headers: alice.headers,
    });
    expect(byAlice.statusCode).toBe(200);
    expect(byAlice.json()).toEqual({ id: post.id, deleted: true });
    expect((await t.app.inject({ url: `/api/messages-v2/messages/${post.id}` })).statusCode).toBe(
      404,
    );
    expect((await feedPage(t)).json<FeedPageResponse>().items.map((i) => i.id)).not.toContain(
      post.id,
    );
    for (const table of ['comments', 'engagements']) {
      expect(
        await countRows(t, `select count(*) as n from ${table} where message_id = $1`, [post.id]),
      ).toBe(0);
    }
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages-v2/messages/${post.id}`,
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('serves the anonymous first page from a cache that every write refreshes', async () => {
    await clearPosts();
    const first = await createdPost(t, alice.headers, 'one');
    expect((await feedPage(t)).json<FeedPageResponse>().items.map((i) => i.id)).toEqual([first.id]);
    const second = await createdPost(t, bob.headers, 'two');
    expect((await feedPage(t)).json<FeedPageResponse>().items.map((i) => i.id)).toEqual([
      second.id,
      first.id,
    ]);
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${first.id}/engage`,
      headers: bob.headers,
      payload: { kind: 'like' },
    });
    expect((await feedPage(t)).json<FeedPageResponse>().items[1]!.likeCount).toBe(1);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/messages-v2/messages/${second.id}`,
      headers: bob.headers,
    });
    expect((await feedPage(t)).json<FeedPageResponse>().items.map((i) => i.id)).toEqual([first.id]);
    // A post made on another instance arrives as new_post on the bus.
    await t.ctx.database.pool.query(
      `insert into messages (author_id, body, created_at, expires_at)
       values ($1, 'elsewhere', $2, $3)`,
      [bob.user.id, t.clock.now(), new Date(t.clock.now().getTime() + FREE_POST_TTL_MS)],
    );
    await t.ctx.bus.publish({
      kind: 'event',
      audience: { kind: 'all' },
      event: {
        type: 'new_post',
        data: { postId: '0', author: { id: bob.user.id, username: null } },
      },
      timestamp: t.clock.now().toISOString(),
    });
    expect((await feedPage(t)).json<FeedPageResponse>().items).toHaveLength(2);
  });
});
