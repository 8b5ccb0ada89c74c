import { generateSigner } from '@dum/chain';
import { moderationQueueSchema, reportSchema, type Report } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import {
  countRows,
  createdPost,
  wholeFeed,
  type Headers,
  type SignedIn,
} from '../feed/test-kit.ts';

/**
 * A report weighs its reporter's trust (modules/trust) when filed: the automatic hide and the
 * earning hold need the open reports to weigh MODERATION_AUTO_HIDE_REPORTS (HOLD) fully trusted
 * wallets, and the queue reads the heaviest reporters first. Trust is on here (TRUST_REWARDS),
 * with weights written as the trust job would write them.
 */

const moderatorAddress = generateSigner().address;

/** The trust job's output for one wallet: its weight in parts per million. */
async function setTrust(t: TestApp, userId: string, weightPpm: number): Promise<void> {
  await t.ctx.database.pool.query(
    `insert into trust_scores (user_id, score, weight_ppm) values ($1, $2, $3)
     on conflict (user_id) do update set score = excluded.score, weight_ppm = excluded.weight_ppm`,
    [userId, weightPpm / 1_000_000, weightPpm],
  );
}

async function wallets(t: TestApp, count: number, weightPpm: number): Promise<SignedIn[]> {
  const made = await Promise.all(Array.from({ length: count }, () => createSignedInUser(t.ctx)));
  for (const wallet of made) if (weightPpm > 0) await setTrust(t, wallet.user.id, weightPpm);
  return made;
}

async function reported(
  t: TestApp,
  headers: Headers,
  payload: Record<string, unknown>,
): Promise<Report> {
  const res = await t.app.inject({ method: 'POST', url: '/api/reports', headers, payload });
  if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
  return reportSchema.parse(res.json());
}

describe.each(testDatabaseKinds())('report weight on %s', (kind) => {
  let t: TestApp;
  let mod: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      TRUST_REWARDS: 'true',
      MODERATOR_WALLETS: moderatorAddress,
      MODERATION_AUTO_HIDE_REPORTS: '3',
      MODERATION_HOLD_REPORTS: '3',
      FEED_CACHE_MS: '0',
    });
    mod = await createSignedInUser(t.ctx, moderatorAddress);
  });
  afterAll(async () => {
    await t.close();
  });

  const visible = async (postId: string) =>
    (await wholeFeed(t, 50)).some((item) => item.id === postId);
  const holds = (userId: string) =>
    countRows(
      t,
      `select count(*) as n from wallet_restrictions
       where user_id = $1 and kind = 'hold' and lifted_at is null`,
      [userId],
    );
  const automaticActions = (userId: string) =>
    countRows(
      t,
      `select count(*) as n from moderation_actions
       where target_user_id = $1 and action in ('auto_hide', 'hold')`,
      [userId],
    );

  it('lets three wallets nobody trusts neither hide a post nor put its author on hold', async () => {
    const author = await createSignedInUser(t.ctx);
    const post = await createdPost(t, author.headers, 'targeted by fresh wallets');
    const fresh = await wallets(t, 3, 0);
    for (const wallet of fresh) {
      await reported(t, wallet.headers, {
        targetKind: 'post',
        targetId: post.id,
        reason: 'illegal',
      });
      await reported(t, wallet.headers, {
        targetKind: 'wallet',
        targetId: author.user.solAddress,
        reason: 'scam',
      });
    }
    expect(await visible(post.id)).toBe(true);
    expect(await holds(author.user.id)).toBe(0);
    expect(await automaticActions(author.user.id)).toBe(0);
    // Filed and kept for the moderators, at the weight their reporters had: none.
    expect(
      await countRows(
        t,
        `select count(*) as n from reports
         where target_user_id = $1 and status = 'open' and reporter_weight_ppm = 0`,
        [author.user.id],
      ),
    ).toBe(6);
  });

  it('hides the post and holds its author once three trusted wallets report it', async () => {
    const author = await createSignedInUser(t.ctx);
    const post = await createdPost(t, author.headers, 'reported by trusted wallets');
    const [first, second, third] = (await wallets(t, 3, 1_000_000)) as [
      SignedIn,
      SignedIn,
      SignedIn,
    ];
    for (const wallet of [first, second]) {
      await reported(t, wallet.headers, { targetKind: 'post', targetId: post.id, reason: 'spam' });
    }
    expect(await visible(post.id)).toBe(true);
    expect(await holds(author.user.id)).toBe(0);
    await reported(t, third.headers, { targetKind: 'post', targetId: post.id, reason: 'spam' });
    expect(await visible(post.id)).toBe(false);
    expect(await holds(author.user.id)).toBe(1);
    const { rows } = await t.ctx.database.pool.query<{ action: string; reason: string }>(
      `select action, reason from moderation_actions where target_user_id = $1 order by id`,
      [author.user.id],
    );
    expect(rows.map((row) => row.action)).toEqual(['auto_hide', 'hold']);
    expect(rows[0]?.reason).toContain('3 wallets weighing 3.00 trusted wallets (threshold 3)');
  });

  it('adds up wallets trusted in part: four at 0.6 do not hide a post, a fifth does', async () => {
    const author = await createSignedInUser(t.ctx);
    const post = await createdPost(t, author.headers, 'reported by wallets trusted in part');
    const partial = await wallets(t, 5, 600_000);
    for (const wallet of partial.slice(0, 4)) {
      await reported(t, wallet.headers, { targetKind: 'post', targetId: post.id, reason: 'spam' });
    }
    expect(await visible(post.id)).toBe(true);
    expect(await holds(author.user.id)).toBe(0);
    await reported(t, partial[4]!.headers, {
      targetKind: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    expect(await visible(post.id)).toBe(false);
    expect(await holds(author.user.id)).toBe(1);
  });

  it("puts trusted reporters' reports above untrusted ones in the queue, whatever their reason", async () => {
    const author = await createSignedInUser(t.ctx);
    const posts = await Promise.all(
      ['one', 'two', 'three'].map((text) => createdPost(t, author.headers, text)),
    );
    const fresh = await wallets(t, 3, 0);
    const flood: Report[] = [];
    for (const wallet of fresh) {
      flood.push(
        await reported(t, wallet.headers, {
          targetKind: 'post',
          targetId: posts[0]!.id,
          reason: 'illegal',
        }),
      );
    }
    const [trusted, other] = (await wallets(t, 2, 1_000_000)) as [SignedIn, SignedIn];
    const [half] = (await wallets(t, 1, 500_000)) as [SignedIn];
    const trustedSpam = await reported(t, trusted.headers, {
      targetKind: 'post',
      targetId: posts[1]!.id,
      reason: 'spam',
    });
    const trustedIllegal = await reported(t, other.headers, {
      targetKind: 'post',
      targetId: posts[2]!.id,
      reason: 'illegal',
    });
    const halfHarassment = await reported(t, half.headers, {
      targetKind: 'post',
      targetId: posts[1]!.id,
      reason: 'harassment',
    });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/moderation/queue',
      headers: mod.headers,
    });
    expect(res.statusCode).toBe(200);
    const order = moderationQueueSchema.parse(res.json()).reports.map((report) => report.id);
    const at = (report: Report) => order.indexOf(report.id);
    // Equal weights keep the order by severity; weight comes first.
    expect(at(trustedIllegal)).toBeLessThan(at(trustedSpam));
    expect(at(trustedSpam)).toBeLessThan(at(halfHarassment));
    for (const report of flood) expect(at(report)).toBeGreaterThan(at(halfHarassment));
    // Every report from a wallet with any weight is above every report from one without.
    const { rows } = await t.ctx.database.pool.query<{ id: string; w: number }>(
      `select id::text as id, reporter_weight_ppm as w from reports where status = 'open'`,
    );
    const weightOf = new Map(rows.map((row) => [row.id, row.w]));
    const weights = order.map((id) => weightOf.get(id) ?? -1);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
  });
});
