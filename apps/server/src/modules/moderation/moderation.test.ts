import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { generateSigner } from '@dum/chain';
import {
  FREE_POST_TTL_MS,
  moderationQueueSchema,
  reportSchema,
  type FeedItem,
  type ModerationQueue,
  type Report,
  type UploadResponse,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { runFeedCleanup, type CleanupDeps } from '../feed/index.ts';
import {
  addedComment,
  countRows,
  createdPost,
  createPost,
  engage,
  errorOf,
  wholeFeed,
  type Headers,
  type SignedIn,
} from '../feed/test-kit.ts';
import { mediaStoreAt } from '../media/index.ts';
import { restoreEndedSuspensions } from './index.ts';
import * as files from '../media/test-kit.ts';
import { createdVaultPost } from '../vaults/test-kit.ts';

const moderatorAddress = generateSigner().address;

function report(t: TestApp, headers: Headers, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/reports', headers, payload });
}

async function reported(
  t: TestApp,
  headers: Headers,
  payload: Record<string, unknown>,
): Promise<Report> {
  const res = await report(t, headers, payload);
  if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
  return reportSchema.parse(res.json());
}

function decide(t: TestApp, headers: Headers, id: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/moderation/reports/${id}/decision`,
    headers,
    payload,
  });
}

async function queue(t: TestApp, headers: Headers): Promise<ModerationQueue> {
  const res = await t.app.inject({ method: 'GET', url: '/api/moderation/queue', headers });
  expect(res.statusCode).toBe(200);
  return moderationQueueSchema.parse(res.json());
}

async function visible(t: TestApp, postId: string): Promise<boolean> {
  return (await wholeFeed(t, 50)).some((item: FeedItem) => item.id === postId);
}

/** A post's expiry as PostgreSQL prints it (to the microsecond). */
async function expiryOf(t: TestApp, postId: string): Promise<string | null> {
  const { rows } = await t.ctx.database.pool.query<{ at: string | null }>(
    'select expires_at::text as at from messages where id = $1',
    [postId],
  );
  return rows[0]?.at ?? null;
}

describe.each(testDatabaseKinds())('moderation on %s', (kind) => {
  let t: TestApp;
  let deps: CleanupDeps;
  let mod: SignedIn;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let dave: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      MODERATOR_WALLETS: moderatorAddress,
      MODERATION_AUTO_HIDE_REPORTS: '3',
      MODERATION_HOLD_REPORTS: '3',
      // The anonymous first page is read fresh each time (no 1 s cache).
      FEED_CACHE_MS: '0',
      // Vault posts (no chain needed to create one).
      VAULTS_ENABLED: 'true',
    });
    deps = {
      db: t.ctx.database.db,
      media: mediaStoreAt(t.ctx.config.dataDir),
      logger: t.ctx.logger,
      rateWindowMs: t.ctx.config.feed.uploadRateWindowMs,
    };
    await signIn();
  });
  afterAll(async () => {
    await t.close();
  });

  const addresses = [1, 2, 3, 4].map(() => generateSigner().address);
  async function signIn(): Promise<void> {
    mod = await createSignedInUser(t.ctx, moderatorAddress);
    [alice, bob, carol, dave] = (await Promise.all(
      addresses.map((address) => createSignedInUser(t.ctx, address)),
    )) as [SignedIn, SignedIn, SignedIn, SignedIn];
  }

  it("refuses: signed out, an unknown target, one's own content, a duplicate, a bad reason", async () => {
    const post = await createdPost(t, alice.headers, 'refusals');
    expect(
      (await report(t, {}, { targetKind: 'post', targetId: post.id, reason: 'spam' })).statusCode,
    ).toBe(401);
    for (const [targetKind, targetId] of [
      ['post', '999999999'],
      ['post', 'abc'],
      ['comment', '999999999'],
      ['message', '999999999'],
      ['wallet', generateSigner().address],
    ]) {
      const res = await report(t, bob.headers, { targetKind, targetId, reason: 'spam' });
      expect(res.statusCode, `${targetKind} ${targetId}`).toBe(404);
      expect(errorOf(res).code).toBe('report_target_not_found');
    }
    const own = await report(t, alice.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).code).toBe('report_own_content');
    const noNote = await report(t, bob.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'other',
    });
    expect(noNote.statusCode).toBe(400);
    expect(errorOf(noNote).code).toBe('validation_failed');

    const first = await reported(t, bob.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    expect(first.status).toBe('open');
    expect(first.snapshot.body).toBe('refusals');
    const again = await report(t, bob.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'scam',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('report_duplicate');
    expect(
      await countRows(t, 'select count(*) as n from reports where reporter_id = $1', [bob.user.id]),
    ).toBe(1);
  });

  it('shows a report to its reporter and moderators only; the queue and decisions are for moderators', async () => {
    const post = await createdPost(t, alice.headers, 'whose report');
    const mine = await reported(t, bob.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'harassment',
    });
    const get = (headers: Headers, id: string) =>
      t.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers });
    expect((await get(bob.headers, mine.id)).statusCode).toBe(200);
    expect((await get(mod.headers, mine.id)).statusCode).toBe(200);
    const someoneElses = await get(carol.headers, mine.id);
    expect(someoneElses.statusCode).toBe(404);
    expect(errorOf(someoneElses).code).toBe('report_not_found');
    expect((await get(carol.headers, 'x')).statusCode).toBe(404);

    const list = await t.app.inject({ method: 'GET', url: '/api/reports', headers: bob.headers });
    expect(list.json<{ items: Report[] }>().items.map((r) => r.id)).toContain(mine.id);
    const carols = await t.app.inject({
      method: 'GET',
      url: '/api/reports',
      headers: carol.headers,
    });
    expect(carols.json<{ items: Report[] }>().items.map((r) => r.id)).not.toContain(mine.id);

    const notMod = await t.app.inject({
      method: 'GET',
      url: '/api/moderation/queue',
      headers: bob.headers,
    });
    expect(notMod.statusCode).toBe(403);
    expect(errorOf(notMod).code).toBe('not_moderator');
    const notModDecision = await decide(t, bob.headers, mine.id, {
      action: 'dismiss',
      reason: 'x',
    });
    expect(notModDecision.statusCode).toBe(403);
    const lift = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/wallets/${alice.user.solAddress}/lift`,
      headers: carol.headers,
      payload: { reason: 'x' },
    });
    expect(lift.statusCode).toBe(403);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/moderation/me',
      headers: mod.headers,
    });
    expect(me.json()).toEqual({ moderator: true, suspension: null });
    const notMe = await t.app.inject({
      method: 'GET',
      url: '/api/moderation/me',
      headers: bob.headers,
    });
    expect(notMe.json()).toEqual({ moderator: false, suspension: null });

    const q = await queue(t, mod.headers);
    const item = q.reports.find((r) => r.id === mine.id);
    expect(item?.reporterAddress).toBe(bob.user.solAddress);
    expect(item?.target.address).toBe(alice.user.solAddress);

    expect(
      (await decide(t, mod.headers, '999999', { action: 'dismiss', reason: 'x' })).statusCode,
    ).toBe(404);
    const ok = await decide(t, mod.headers, mine.id, {
      action: 'dismiss',
      reason: 'Not harassment',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Report>().status).toBe('dismissed');
    const twice = await decide(t, mod.headers, mine.id, { action: 'remove', reason: 'x' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('report_decided');
  });

  it('keeps a reported free post past its 24 hours, hidden, until the report is decided', async () => {
    const post = await createdPost(t, alice.headers, 'evidence');
    const comment = await addedComment(t, carol.headers, post.id, 'a comment');
    const filed = await reported(t, bob.headers, {
      targetKind: 'comment',
      targetId: comment.id,
      reason: 'spam',
    });
    t.clock.advance(FREE_POST_TTL_MS + 60_000);
    await signIn();
    await runFeedCleanup(deps, t.clock.now());
    expect(await countRows(t, 'select count(*) as n from messages where id = $1', [post.id])).toBe(
      1,
    );
    expect(
      await countRows(t, 'select count(*) as n from comments where id = $1', [comment.id]),
    ).toBe(1);
    expect(await visible(t, post.id)).toBe(false);
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/messages-v2/messages/${post.id}`,
    });
    expect(direct.statusCode).toBe(404);

    // Decided: the freeze ends and the next run deletes it.
    expect(
      (await decide(t, mod.headers, filed.id, { action: 'dismiss', reason: 'ok' })).statusCode,
    ).toBe(200);
    await runFeedCleanup(deps, t.clock.now());
    expect(await countRows(t, 'select count(*) as n from messages where id = $1', [post.id])).toBe(
      0,
    );
  });

  it('removes reported content for everyone, media files too, and tells the reporter', async () => {
    const { payload, headers: form } = files.multipartBody({
      filename: 'a.png',
      contentType: 'application/octet-stream',
      data: await files.png(),
    });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/upload/vault-media',
      headers: { ...alice.headers, ...form },
      payload,
    });
    const image = up.json<UploadResponse>();
    const post = await createdPost(t, alice.headers, 'remove me', { imageUrl: image.mediaUrl });
    const file = path.join(t.ctx.config.dataDir, 'media', image.mediaUrl.replace('/media/', ''));
    expect(existsSync(file)).toBe(true);
    const filed = await reported(t, bob.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'illegal',
    });
    const also = await reported(t, carol.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'spam',
    });

    const events: unknown[] = [];
    const unsubscribe = t.ctx.bus.subscribe((message) => events.push(message));
    const res = await decide(t, mod.headers, filed.id, { action: 'remove', reason: 'Illegal' });
    unsubscribe();
    expect(res.statusCode).toBe(200);
    expect(res.json<Report>().status).toBe('removed');
    expect(await countRows(t, 'select count(*) as n from messages where id = $1', [post.id])).toBe(
      0,
    );
    expect(
      await countRows(t, 'select count(*) as n from media where storage_key = $1', [
        image.mediaUrl.replace('/media/', ''),
      ]),
    ).toBe(0);
    expect(existsSync(file)).toBe(false);
    // Both reports on the target are decided; both reporters are told.
    const carols = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${also.id}`,
      headers: carol.headers,
    });
    expect(carols.json<Report>().status).toBe('removed');
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          audience: { kind: 'users', userIds: [bob.user.id] },
          event: { type: 'report_decided', data: { reportId: filed.id, status: 'removed' } },
        }),
        expect.objectContaining({ audience: { kind: 'users', userIds: [carol.user.id] } }),
      ]),
    );
  });

  it('copies a reported direct message into the report, and removal blanks it for both', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${bob.user.solAddress}/messages`,
      headers: alice.headers,
      payload: { body: 'buy my scam coin' },
    });
    expect(sent.statusCode).toBe(201);
    const dm = sent.json<{ id: string }>();
    // Only its recipient can report it.
    expect(
      (await report(t, carol.headers, { targetKind: 'message', targetId: dm.id, reason: 'scam' }))
        .statusCode,
    ).toBe(404);
    const filed = await reported(t, bob.headers, {
      targetKind: 'message',
      targetId: dm.id,
      reason: 'scam',
    });
    expect(filed.snapshot.body).toBe('buy my scam coin');
    expect(filed.snapshot.authorAddress).toBe(alice.user.solAddress);
    await decide(t, mod.headers, filed.id, { action: 'remove', reason: 'Scam' });
    const { rows } = await t.ctx.database.pool.query<{ body: string }>(
      'select body from direct_messages where id = $1',
      [dm.id],
    );
    expect(rows[0]?.body).not.toContain('scam coin');
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${filed.id}`,
      headers: bob.headers,
    });
    expect(kept.json<Report>().snapshot.body).toBe('buy my scam coin');
  });

  it('hides a post at once when reported by the threshold of trusted wallets, not below', async () => {
    const post = await createdPost(t, dave.headers, 'contested');
    const expiry = await expiryOf(t, post.id);
    await reported(t, alice.headers, { targetKind: 'post', targetId: post.id, reason: 'spam' });
    await reported(t, bob.headers, { targetKind: 'post', targetId: post.id, reason: 'spam' });
    expect(await visible(t, post.id)).toBe(true);
    // Trust is off here (the test default), so every reporter weighs a fully trusted wallet
    // and the third report reaches the threshold (report-weight.test.ts weighs trust).
    const third = await reported(t, carol.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    expect(await visible(t, post.id)).toBe(false);
    const q = await queue(t, mod.headers);
    const item = q.reports.find((r) => r.id === third.id);
    expect(item?.hidden).toBe(true);
    expect(item?.openReportsOnTarget).toBe(3);
    expect(item?.audit.map((a) => a.action)).toEqual(expect.arrayContaining(['auto_hide', 'hold']));
    // Three trusted reporters on dave: dave earns nothing meanwhile.
    const other = await createdPost(t, alice.headers, 'like me');
    await engage(t, dave.headers, other.id, 'like');
    const paid = await countRows(
      t,
      `select count(*) as n from emission_ledger
       where recipient_id = $1 and kind = 'like_given' and reference like $2 and amount > 0`,
      [dave.user.id, `%${other.id}%`],
    );
    expect(paid).toBe(0);
    // Dismissed: the post is back, and so is dave's earning.
    await decide(t, mod.headers, third.id, { action: 'dismiss', reason: 'Fine' });
    expect(await visible(t, post.id)).toBe(true);
    // With the very expiry it had.
    expect(await expiryOf(t, post.id)).toBe(expiry);
    expect(
      await countRows(
        t,
        `select count(*) as n from wallet_restrictions where user_id = $1 and kind = 'hold' and lifted_at is null`,
        [dave.user.id],
      ),
    ).toBe(0);
  });

  it('writes every action to an append-only audit log', async () => {
    const { rows } = await t.ctx.database.pool.query<{
      action: string;
      moderator_id: string | null;
      reason: string;
      created_at: Date;
    }>('select action, moderator_id, reason, created_at from moderation_actions order by id');
    const byModerator = rows.filter((row) => row.action !== 'auto_hide' && row.action !== 'hold');
    // dismiss (refusals test), dismiss (freeze), remove (post), remove (message), dismiss (hide).
    expect(byModerator.map((row) => row.action)).toEqual([
      'dismiss',
      'dismiss',
      'remove',
      'remove',
      'dismiss',
    ]);
    for (const row of byModerator) {
      expect(row.moderator_id).toBe(mod.user.id);
      expect(row.reason.length).toBeGreaterThan(0);
      expect(row.created_at).toBeInstanceOf(Date);
    }
    await expect(
      t.ctx.database.pool.query(`update moderation_actions set reason = 'edited'`),
    ).rejects.toThrow(/append-only/);
    await expect(t.ctx.database.pool.query('delete from moderation_actions')).rejects.toThrow(
      /append-only/,
    );
    expect(await countRows(t, 'select count(*) as n from moderation_actions')).toBe(rows.length);
  });

  it('keeps an automatically hidden post hidden when its author is suspended, and gives it back when the suspension ends', async () => {
    const post = await createdPost(t, dave.headers, 'hidden twice');
    const filed = await Promise.all(
      [alice, bob, carol].map((who) =>
        reported(t, who.headers, { targetKind: 'post', targetId: post.id, reason: 'harassment' }),
      ),
    );
    expect(await visible(t, post.id)).toBe(false);
    const endsAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const res = await decide(t, mod.headers, filed[0]!.id, {
      action: 'suspend',
      reason: 'Harassment',
      endsAt,
    });
    expect(res.statusCode).toBe(200);
    expect(await visible(t, post.id)).toBe(false);
    // The hour passes: the job gives the post back (its own 24 hours are not over).
    t.clock.advance(3_600_000 + 1000);
    await signIn();
    expect(await restoreEndedSuspensions(t.ctx.slices.moderation)).toBe(1);
    expect(await visible(t, post.id)).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/moderation/me',
      headers: dave.headers,
    });
    expect(me.json()).toEqual({ moderator: false, suspension: null });
    expect((await createPost(t, dave.headers, { body: 'back', kind: 'public' })).statusCode).toBe(
      201,
    );
  });

  it('refuses a suspension that ends in the past', async () => {
    const post = await createdPost(t, alice.headers, 'past');
    const filed = await reported(t, bob.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    const res = await decide(t, mod.headers, filed.id, {
      action: 'suspend',
      reason: 'x',
      endsAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('invalid_suspension_end');
    expect(
      (await createPost(t, alice.headers, { body: 'still free', kind: 'public' })).statusCode,
    ).toBe(201);
  });

  it("answers a hidden vault post's vault page as its post's: not found, for everyone, until the hide ends", async () => {
    const creator = await createSignedInUser(t.ctx);
    const post = await createdVaultPost(t, creator.headers, '0.3');
    const get = (url: string, headers: Headers = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    const pages = [
      `/api/vaults/${post.vault.id}`,
      `/api/vaults/${post.vault.id}/leaderboard`,
      `/api/actions/vaults/${post.vault.id}`,
    ];
    for (const url of pages) expect((await get(url)).statusCode, url).toBe(200);
    const filed = await Promise.all(
      [alice, bob, carol].map((who) =>
        reported(t, who.headers, { targetKind: 'post', targetId: post.id, reason: 'scam' }),
      ),
    );
    const postPage = await get(`/api/messages-v2/messages/${post.id}`, creator.headers);
    expect(postPage.statusCode).toBe(404);
    expect(errorOf(postPage).code).toBe('post_not_found');
    for (const headers of [{}, bob.headers, creator.headers, mod.headers]) {
      for (const url of pages) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(404);
        // The Blink answers in the Actions spec's shape, { message }.
        const code = url.startsWith('/api/actions/') ? null : errorOf(res).code;
        if (code !== null) expect(code, url).toBe('vault_not_found');
      }
    }
    // Dismissed: the post is back, and its vault page with it.
    for (const report of filed) {
      await decide(t, mod.headers, report.id, { action: 'dismiss', reason: 'Fine' });
    }
    expect((await get(`/api/messages-v2/messages/${post.id}`)).statusCode).toBe(200);
    for (const url of pages) expect((await get(url)).statusCode, url).toBe(200);
  });
});

/**
 * A suspension holds at once on every instance: two apps on one database (and, with
 * TEST_REDIS_URL, one Redis bus); the check reads the database on every write.
 */
describe.each(testDatabaseKinds())('suspension across two instances on %s', (kind) => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env: Record<string, string> = { MODERATOR_WALLETS: moderatorAddress, FEED_CACHE_MS: '0' };
    if (process.env.TEST_REDIS_URL) {
      env.REDIS_URL = process.env.TEST_REDIS_URL;
      env.REDIS_PREFIX = `test-moderation-${randomBytes(6).toString('hex')}`;
    }
    a = await createTestApp(kind, env, { bus: 'from-config' });
    b = await createTestApp(kind, env, { bus: 'from-config', database: a.ctx.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('stops posting, commenting, messaging, following, liking and earning at once, and lifts at once', async () => {
    const mod = await createSignedInUser(a.ctx, moderatorAddress);
    const eve = await createSignedInUser(a.ctx);
    const frank = await createSignedInUser(a.ctx);
    const evePost = await createdPost(b, eve.headers, 'before');
    const franksPost = await createdPost(a, frank.headers, 'franks');
    const filed = await reported(a, frank.headers, {
      targetKind: 'wallet',
      targetId: eve.user.solAddress,
      reason: 'harassment',
    });
    const endsAt = new Date(a.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const res = await decide(a, mod.headers, filed.id, {
      action: 'suspend',
      reason: 'Harassment',
      endsAt,
    });
    expect(res.statusCode).toBe(200);

    // On the other instance, at once.
    const post = await createPost(b, eve.headers, { body: 'after', kind: 'public' });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({
      error: { code: 'account_suspended', details: { endsAt } },
    });
    const comment = await b.app.inject({
      method: 'POST',
      url: `/api/messages/${franksPost.id}/comments`,
      headers: eve.headers,
      payload: { content: 'x' },
    });
    expect(comment.statusCode).toBe(403);
    const dm = await b.app.inject({
      method: 'POST',
      url: `/api/conversations/${frank.user.solAddress}/messages`,
      headers: eve.headers,
      payload: { body: 'x' },
    });
    expect(dm.statusCode).toBe(403);
    const follow = await b.app.inject({
      method: 'PUT',
      url: `/api/follows/${frank.user.solAddress}`,
      headers: eve.headers,
    });
    expect(follow.statusCode).toBe(403);
    // Reading still works; the status says so, with the end time.
    expect((await wholeFeed(b, 50, eve.headers)).some((item) => item.id === evePost.id)).toBe(
      false,
    );
    const me = await b.app.inject({
      method: 'GET',
      url: '/api/moderation/me',
      headers: eve.headers,
    });
    expect(me.json()).toEqual({ moderator: false, suspension: { endsAt, reason: 'Harassment' } });
    // Liking is refused too (suspension-guard.test.ts has every such write), and earns nothing.
    expect((await engage(b, eve.headers, franksPost.id, 'like')).statusCode).toBe(403);
    const paid = await countRows(
      b,
      `select count(*) as n from emission_ledger where recipient_id = $1 and kind = 'like_given' and amount > 0`,
      [eve.user.id],
    );
    expect(paid).toBe(0);

    // Lifted on B: A lets eve post at once, and her posts are back.
    const lift = await b.app.inject({
      method: 'POST',
      url: `/api/moderation/wallets/${eve.user.solAddress}/lift`,
      headers: mod.headers,
      payload: { reason: 'Appeal granted' },
    });
    expect(lift.statusCode).toBe(204);
    expect((await createPost(a, eve.headers, { body: 'back', kind: 'public' })).statusCode).toBe(
      201,
    );
    expect((await wholeFeed(a, 50)).some((item) => item.id === evePost.id)).toBe(true);
    const again = await b.app.inject({
      method: 'POST',
      url: `/api/moderation/wallets/${eve.user.solAddress}/lift`,
      headers: mod.headers,
      payload: { reason: 'again' },
    });
    expect(again.statusCode).toBe(404);
    const { rows } = await a.ctx.database.pool.query<{ action: string }>(
      'select action from moderation_actions where target_user_id = $1 order by id',
      [eve.user.id],
    );
    expect(rows.map((row) => row.action)).toEqual(['suspend', 'lift']);
  });
});
