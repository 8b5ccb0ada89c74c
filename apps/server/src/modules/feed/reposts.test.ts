import {
  FREE_POST_TTL_MS,
  feedItemSchema,
  feedPageSchema,
  repostResponseSchema,
  type FeedItem,
  type FeedPageResponse,
  type UploadResponse,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import * as files from '../media/test-kit.ts';
import { block, followed } from '../people/test-kit.ts';
import { createdVaultPost } from '../vaults/test-kit.ts';
import { runFeedCleanup } from './expiry.ts';
import { countRows, createdPost, errorOf, type Headers, type SignedIn } from './test-kit.ts';

/** PUT and DELETE /api/messages/{id}/repost, and reposts on the feeds. */
describe.each(testDatabaseKinds())('reposts on %s', (kind) => {
  let t: TestApp;
  let author: SignedIn;
  let fans: SignedIn[];
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { UPLOAD_RATE_LIMIT: '1000', ...NO_WRITE_LIMITS });
    t.ctx.bus.subscribe((message) => events.push(message));
    author = await createSignedInUser(t.ctx);
    fans = [];
    for (let i = 0; i < 16; i += 1) fans.push(await createSignedInUser(t.ctx));
  });
  afterAll(async () => {
    await t.close();
  });

  /** Access tokens live 15 minutes of the test clock: sign in again after moving it far. */
  async function signInAgain(): Promise<void> {
    author = await createSignedInUser(t.ctx, author.user.solAddress);
    fans = await Promise.all(fans.map((fan) => createSignedInUser(t.ctx, fan.user.solAddress)));
  }

  function repost(headers: Headers, id: string, on = true) {
    return t.app.inject({
      method: on ? 'PUT' : 'DELETE',
      url: `/api/messages/${id}/repost`,
      headers,
    });
  }

  async function read(id: string, headers: Headers = {}): Promise<FeedItem> {
    const res = await t.app.inject({ url: `/api/messages-v2/messages/${id}`, headers });
    expect(res.statusCode).toBe(200);
    return feedItemSchema.parse(res.json());
  }

  async function page(query: string, headers: Headers = {}) {
    const res = await t.app.inject({ url: `/api/messages-v2/feed?${query}`, headers });
    expect(res.statusCode).toBe(200);
    const parsed: FeedPageResponse = feedPageSchema.parse(res.json());
    return { body: res.body, page: parsed };
  }

  const repostRows = (id: string) =>
    countRows(t, 'select count(*) as n from reposts where message_id = $1', [id]);
  const rewards = (id: string) =>
    countRows(
      t,
      `select count(*) as n from emission_ledger where kind = 'repost_given' and reference = $1`,
      [id],
    );

  async function upload(headers: Headers): Promise<string> {
    const { payload, headers: multipart } = files.multipartBody({
      filename: 'pic.png',
      contentType: 'image/png',
      data: await files.png(8, 8),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/vault-media',
      headers: { ...headers, ...multipart },
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json<UploadResponse>().mediaUrl;
  }

  it('reposts and takes it back idempotently, with the count and the viewer mark', async () => {
    const { id } = await createdPost(t, author.headers, 'repost me');
    const fan = fans[0]!;
    const on = await repost(fan.headers, id);
    expect(on.statusCode).toBe(200);
    expect(repostResponseSchema.parse(on.json())).toEqual({ reposted: true, repostCount: 1 });
    // A second PUT changes nothing and answers the same.
    expect((await repost(fan.headers, id)).json()).toEqual({ reposted: true, repostCount: 1 });
    expect(await read(id, fan.headers)).toMatchObject({ repostCount: 1, repostedByViewer: true });
    expect(await read(id)).toMatchObject({ repostCount: 1, repostedByViewer: false });
    // The shared pages carry the count and the viewer's own mark.
    const all = (await page('limit=50', fan.headers)).page.items.find((item) => item.id === id);
    expect(all).toMatchObject({ repostCount: 1, repostedByViewer: true });
    const anon = (await page('limit=50')).page.items.find((item) => item.id === id);
    expect(anon).toMatchObject({ repostCount: 1, repostedByViewer: false });

    expect((await repost(fan.headers, id, false)).json()).toEqual({
      reposted: false,
      repostCount: 0,
    });
    expect((await repost(fan.headers, id, false)).json()).toEqual({
      reposted: false,
      repostCount: 0,
    });
    expect(await read(id, fan.headers)).toMatchObject({ repostCount: 0, repostedByViewer: false });
    const after = (await page('limit=50', fan.headers)).page.items.find((item) => item.id === id);
    expect(after).toMatchObject({ repostCount: 0, repostedByViewer: false });
  });

  it('keeps the count equal to its rows when many repost and take back at once', async () => {
    const { id } = await createdPost(t, author.headers, 'popular');
    const first = await Promise.all(fans.map((fan) => repost(fan.headers, id)));
    expect(first.every((res) => res.statusCode === 200)).toBe(true);
    expect(await repostRows(id)).toBe(fans.length);
    expect(await read(id)).toMatchObject({ repostCount: fans.length });

    // Half take theirs back, some twice at once, while the others repost again at once.
    const leaving = fans.slice(0, 8);
    await Promise.all([
      ...leaving.flatMap((fan) => [repost(fan.headers, id, false), repost(fan.headers, id, false)]),
      ...fans.slice(8).flatMap((fan) => [repost(fan.headers, id), repost(fan.headers, id)]),
    ]);
    expect(await repostRows(id)).toBe(fans.length - leaving.length);
    expect(await read(id)).toMatchObject({ repostCount: fans.length - leaving.length });
    const mismatched = await countRows(
      t,
      `select count(*) as n from messages m
       where m.repost_count <> (select count(*) from reposts r where r.message_id = m.id)`,
    );
    expect(mismatched).toBe(0);
    // One reward per reposter ever, however often they reposted.
    expect(await rewards(id)).toBe(fans.length);
  });

  it("rewards a repost of someone else's post once, never one's own, and tells the author", async () => {
    const { id } = await createdPost(t, author.headers, 'reward me');
    const fan = fans[1]!;
    await repost(fan.headers, id);
    await repost(fan.headers, id, false);
    await repost(fan.headers, id);
    expect(await rewards(id)).toBe(1);
    const told = events.filter(
      (m) => m.kind === 'event' && m.event.type === 'post_reposted' && m.event.data.postId === id,
    );
    // Once: taking it back and reposting again tells the author again (a new repost).
    expect(told.length).toBe(2);
    expect(told[0]).toMatchObject({
      audience: { kind: 'users', userIds: [author.user.id] },
      event: { data: { reposterId: fan.user.id, reposterAddress: fan.user.solAddress } },
    });

    const own = await createdPost(t, author.headers, 'my own');
    expect((await repost(author.headers, own.id)).json()).toEqual({
      reposted: true,
      repostCount: 1,
    });
    expect(await rewards(own.id)).toBe(0);
    expect(
      events.some(
        (m) =>
          m.kind === 'event' && m.event.type === 'post_reposted' && m.event.data.postId === own.id,
      ),
    ).toBe(false);
  });

  it('refuses a repost across a block either way, and lets one made before be taken back', async () => {
    const blocker = await createSignedInUser(t.ctx);
    const fan = await createSignedInUser(t.ctx);
    const other = await createSignedInUser(t.ctx);
    const { id } = await createdPost(t, blocker.headers, 'not for you');
    await repost(fan.headers, id);
    expect((await block(t, blocker.headers, fan.user.solAddress)).statusCode).toBe(200);
    expect((await block(t, blocker.headers, other.user.solAddress)).statusCode).toBe(200);

    // Blocked by the author: no repost.
    const refused = await repost(other.headers, id);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('blocked');
    // The reposter blocked the author: no repost either.
    const mine = await createdPost(t, author.headers, 'blocked both ways');
    await block(t, fan.headers, author.user.solAddress);
    expect((await repost(fan.headers, mine.id)).statusCode).toBe(403);
    expect(await repostRows(mine.id)).toBe(0);

    // The repost from before the block can be taken back.
    expect((await repost(fan.headers, id, false)).json()).toEqual({
      reposted: false,
      repostCount: 0,
    });
    expect(await repostRows(id)).toBe(0);
  });

  it('refuses unknown posts, bad ids, anonymous callers and a wallet whose account is gone', async () => {
    const { id } = await createdPost(t, author.headers, 'edge cases');
    const fan = fans[2]!;
    const missing = await repost(fan.headers, '987654321');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('post_not_found');
    expect((await repost(fan.headers, '987654321', false)).statusCode).toBe(404);
    for (const bad of ['abc', '-1', '0', '99999999999999999999']) {
      const res = await repost(fan.headers, bad);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
    expect((await repost({}, id)).statusCode).toBe(401);
    const gone = await createSignedInUser(t.ctx);
    await t.ctx.database.pool.query('delete from users where id = $1', [gone.user.id]);
    expect((await repost(gone.headers, id)).statusCode).toBe(401);
    expect(await repostRows(id)).toBe(0);
    expect(await read(id)).toMatchObject({ repostCount: 0 });
  });

  it('shows a followed wallet’s repost on the Following feed once per post, with who reposted', async () => {
    const viewer = await createSignedInUser(t.ctx);
    const [a, b, stranger] = [fans[3]!, fans[4]!, await createSignedInUser(t.ctx)];
    await followed(t, viewer.headers, a.user.solAddress);
    await followed(t, viewer.headers, b.user.solAddress);
    await t.ctx.database.pool.query(`update users set display_name = 'Bee' where id = $1`, [
      b.user.id,
    ]);
    t.clock.advance(1000);
    const theirs = await createdPost(t, stranger.headers, 'from a stranger');
    t.clock.advance(1000);
    const byA = await createdPost(t, a.headers, 'from a friend');
    t.clock.advance(1000);
    const own = await createdPost(t, viewer.headers, 'my own');
    t.clock.advance(1000);
    await repost(a.headers, theirs.id);
    t.clock.advance(1000);
    await repost(b.headers, theirs.id);
    t.clock.advance(1000);
    await repost(b.headers, byA.id);

    for (const round of [1, 2]) {
      const { page: first } = await page('scope=following&limit=20', viewer.headers);
      const ids = first.items.map((item) => item.id);
      // Newest activity first: b's repost of a's post, then b's repost of the stranger's.
      expect(ids.slice(0, 3), `round ${round}`).toEqual([byA.id, theirs.id, own.id]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(first.items[0]!.repostedBy).toEqual({
        address: b.user.solAddress,
        displayName: 'Bee',
      });
      expect(first.items[1]!.repostedBy).toEqual({
        address: b.user.solAddress,
        displayName: 'Bee',
      });
      expect(first.items[2]!.repostedBy ?? null).toBeNull();
    }
    // A remembered first page keeps its cursor (at the repost's time): the same on each read.
    const once = await page('scope=following&limit=1', viewer.headers);
    const again = await page('scope=following&limit=1', viewer.headers);
    expect(again.page.nextCursor).toBe(once.page.nextCursor);
    expect(again.page.items[0]?.repostedBy).toEqual(once.page.items[0]?.repostedBy);
    // Page by page, each post once.
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i += 1) {
      const query = `scope=following&limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const { page: next } = await page(query, viewer.headers);
      seen.push(...next.items.map((item) => item.id));
      cursor = next.nextCursor;
      if (!cursor) break;
    }
    expect(seen.slice(0, 3)).toEqual([byA.id, theirs.id, own.id]);
    expect(new Set(seen).size).toBe(seen.length);

    // A repost taken back takes its entry with it; a post of a blocked wallet is not shown.
    await repost(b.headers, byA.id, false);
    const { page: after } = await page('scope=following&limit=20', viewer.headers);
    expect(after.items.find((item) => item.id === byA.id)?.repostedBy ?? null).toBeNull();
    await block(t, viewer.headers, stranger.user.solAddress);
    const { page: blocked } = await page('scope=following&limit=20', viewer.headers);
    expect(blocked.items.map((item) => item.id)).not.toContain(theirs.id);
  });

  it('keeps locked vault and sealed capsule content locked in a repost', async () => {
    const viewer = await createSignedInUser(t.ctx);
    const friend = fans[5]!;
    await followed(t, viewer.headers, friend.user.solAddress);
    const imageUrl = await upload(author.headers);
    const vault = await createdVaultPost(t, author.headers, '0.1', {
      imageUrl,
      altText: 'The secret, described',
    });
    const unlockAt = new Date(t.clock.now().getTime() + 2 * 3600_000).toISOString();
    const capsule = await createdPost(t, author.headers, 'capsule secret words', {
      kind: 'capsule',
      unlockAt,
    });
    await repost(friend.headers, vault.id);
    await repost(friend.headers, capsule.id);
    for (const headers of [viewer.headers, friend.headers]) {
      const { body, page: following } = await page('scope=following&limit=20', headers);
      if (headers === viewer.headers) {
        const ids = following.items.map((item) => item.id);
        expect(ids).toContain(vault.id);
        expect(ids).toContain(capsule.id);
      }
      for (const secret of [imageUrl, 'The secret, described', 'capsule secret words']) {
        expect(body).not.toContain(secret);
      }
      const shownVault = following.items.find((item) => item.id === vault.id);
      if (shownVault) expect(shownVault).toMatchObject({ locked: true, imageUrl: null });
    }
  });

  it('lets an ephemeral post be reposted until it expires, and its reposts go with it', async () => {
    const viewer = await createSignedInUser(t.ctx);
    const friend = fans[6]!;
    await followed(t, viewer.headers, friend.user.solAddress);
    const { id } = await createdPost(t, author.headers, 'here today');
    await repost(friend.headers, id);
    expect(
      (await page('scope=following&limit=20', viewer.headers)).page.items.map((item) => item.id),
    ).toContain(id);

    t.clock.advance(FREE_POST_TTL_MS + 1000);
    await signInAgain();
    const late = await createSignedInUser(t.ctx, viewer.user.solAddress);
    expect((await repost(fans[7]!.headers, id)).statusCode).toBe(404);
    expect(
      (await page('scope=following&limit=20', late.headers)).page.items.map((item) => item.id),
    ).not.toContain(id);
    await runFeedCleanup(
      {
        db: t.ctx.database.db,
        media: t.ctx.media,
        logger: t.ctx.logger,
        rateWindowMs: t.ctx.config.feed.uploadRateWindowMs,
      },
      t.clock.now(),
    );
    expect(await repostRows(id)).toBe(0);
  });
});
