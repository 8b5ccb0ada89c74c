import { randomBytes } from 'node:crypto';
import { ANALYTICS_SERIES, ANALYTICS_TOP_POSTS, type AnalyticsResponse } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { runFeedCleanup } from '../feed/index.ts';
import {
  addedComment,
  countRows,
  createdPost,
  engage,
  errorOf,
  type SignedIn,
} from '../feed/test-kit.ts';
import { mediaStoreAt } from '../media/index.ts';
import { sent } from '../messages/test-kit.ts';
import { block, follow, followed } from '../people/test-kit.ts';
import {
  chainUser,
  createdVaultPost,
  support,
  transfer,
  type ChainUser,
} from '../vaults/test-kit.ts';
import { analyticsOf, analyticsRequest, dayOf, moveClockTo, valueOn } from './test-kit.ts';

const DAY_MS = 86_400_000;

describe.each(testDatabaseKinds())('analytics on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  const newUser = (): Promise<SignedIn> => createSignedInUser(t.ctx);
  /** Signs in again: access tokens live 15 minutes of the test clock. */
  const again = (user: SignedIn): Promise<SignedIn> =>
    createSignedInUser(t.ctx, user.user.solAddress);
  const liked = async (user: SignedIn, postId: string) => {
    const res = await engage(t, user.headers, postId, 'like');
    expect(res.json()).toEqual({ toggled: 'on' });
  };
  const unliked = async (user: SignedIn, postId: string) => {
    const res = await engage(t, user.headers, postId, 'like');
    expect(res.json()).toEqual({ toggled: 'off' });
  };
  const today = () => dayOf(t.clock.now());
  /** Every series' value on one day. */
  const figuresOn = (body: AnalyticsResponse, day: string) =>
    Object.fromEntries(ANALYTICS_SERIES.map((name) => [name, valueOn(body, name, day)]));

  it('refuses signed-out callers, a bad range and parameters it does not take', async () => {
    const signedOut = await analyticsRequest(t, {}, 'range=7d');
    expect(signedOut.statusCode).toBe(401);
    expect(errorOf(signedOut).code).toBe('unauthorized');
    const badToken = await analyticsRequest(t, { authorization: 'Bearer nope' });
    expect(badToken.statusCode).toBe(401);

    const alice = await newUser();
    for (const query of ['range=1y', 'range=', 'range=7D', 'range=7d&range=30d']) {
      const res = await analyticsRequest(t, alice.headers, query);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).code, query).toBe('validation_failed');
    }
    const unknown = await analyticsRequest(t, alice.headers, 'range=7d&user=someone');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).code).toBe('unknown_query_parameter');
  });

  it('answers a new wallet zeros for every day of the range, oldest first, and no top posts', async () => {
    const alice = await newUser();
    const implicit = await analyticsRequest(t, alice.headers);
    expect(implicit.statusCode).toBe(200);
    expect(implicit.headers['cache-control']).toBe('private, no-store');
    expect(implicit.json<AnalyticsResponse>().range).toBe('7d');

    for (const [range, days] of [
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
    ] as const) {
      const body = await analyticsOf(t, alice.headers, range);
      expect(body.range).toBe(range);
      const expectedDays = Array.from({ length: days }, (_, i) =>
        dayOf(new Date(t.clock.now().getTime() - (days - 1 - i) * DAY_MS)),
      );
      for (const name of ANALYTICS_SERIES) {
        const amount = ['dumEarned', 'solRaised', 'tipsReceived'].includes(name);
        expect(body.series[name].map((p) => p.day)).toEqual(expectedDays);
        expect(body.series[name].every((p) => p.value === (amount ? '0' : 0))).toBe(true);
        expect(body.totals[name]).toEqual(
          amount ? { value: '0', previous: '0' } : { value: 0, previous: 0 },
        );
      }
      expect(body.dumByKind).toEqual({});
      expect(body.topPosts).toEqual([]);
    }
  });

  it("counts posts, likes and comments received and followers gained; not the caller's own likes and comments, nor anyone else's figures", async () => {
    const [alice, bob, carol, dave] = await Promise.all([
      newUser(),
      newUser(),
      newUser(),
      newUser(),
    ]);
    const first = await createdPost(t, alice.headers, 'first');
    const second = await createdPost(t, alice.headers, 'second');
    const carols = await createdPost(t, carol.headers, 'not yours');

    await liked(bob, first.id);
    await liked(bob, second.id);
    await liked(carol, first.id);
    await liked(alice, first.id); // self: not counted
    await liked(bob, carols.id); // carol's
    await addedComment(t, bob.headers, first.id, 'nice');
    await addedComment(t, bob.headers, second.id, 'also nice');
    await addedComment(t, alice.headers, first.id, 'thanks'); // self: not counted
    await addedComment(t, alice.headers, carols.id, 'hi carol'); // carol's
    await followed(t, dave.headers, alice.user.solAddress);
    await followed(t, bob.headers, alice.user.solAddress);
    await followed(t, alice.headers, carol.user.solAddress); // carol's

    const body = await analyticsOf(t, alice.headers);
    expect(figuresOn(body, today())).toEqual({
      posts: 2,
      likesReceived: 3,
      commentsReceived: 2,
      followersGained: 2,
      dumEarned: body.totals.dumEarned.value,
      solRaised: '0',
      tipsReceived: '0',
    });
    expect(body.totals.posts).toEqual({ value: 2, previous: 0 });
    expect(body.totals.likesReceived).toEqual({ value: 3, previous: 0 });
    // The top posts: most likes plus comments first, with the live counts (self-likes too, as
    // the post shows them).
    expect(body.topPosts.map((p) => [p.id, p.body, p.likeCount, p.commentCount])).toEqual([
      [first.id, 'first', 3, 2],
      [second.id, 'second', 1, 1],
    ]);

    const carolsBody = await analyticsOf(t, carol.headers);
    expect(figuresOn(carolsBody, today())).toMatchObject({
      posts: 1,
      likesReceived: 1,
      commentsReceived: 1,
      followersGained: 1,
    });
    const bobs = await analyticsOf(t, bob.headers);
    expect(figuresOn(bobs, today())).toMatchObject({
      posts: 0,
      likesReceived: 0,
      commentsReceived: 0,
      followersGained: 0,
    });

    // Withdrawn: an unlike, a deleted comment, an unfollow, and a block (which removes bob's
    // follow) come off; liking again counts again.
    await unliked(carol, first.id);
    const comment = await addedComment(t, carol.headers, second.id, 'gone soon');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/${second.id}/comments/${comment.id}`,
      headers: carol.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await follow(t, dave.headers, alice.user.solAddress, false)).statusCode).toBe(200);
    expect((await block(t, alice.headers, bob.user.solAddress)).statusCode).toBe(200);
    let after = await analyticsOf(t, alice.headers);
    expect(figuresOn(after, today())).toMatchObject({
      posts: 2,
      likesReceived: 2,
      commentsReceived: 2,
      followersGained: 0,
    });
    await liked(carol, first.id);
    after = await analyticsOf(t, alice.headers);
    expect(valueOn(after, 'likesReceived', today())).toBe(3);
  });

  it('counts concurrent likes, comments and follows exactly (one row per wallet and day, taken in turn)', async () => {
    const alice = await newUser();
    const [first, second] = [
      await createdPost(t, alice.headers, 'popular'),
      await createdPost(t, alice.headers, 'also popular'),
    ];
    const fans = await Promise.all(Array.from({ length: 12 }, () => newUser()));
    await Promise.all(
      fans.flatMap((fan, i) => [
        liked(fan, first.id),
        liked(fan, second.id),
        addedComment(t, fan.headers, i % 2 ? first.id : second.id, `comment ${i}`),
        followed(t, fan.headers, alice.user.solAddress),
      ]),
    );
    const body = await analyticsOf(t, alice.headers);
    expect(figuresOn(body, today())).toMatchObject({
      posts: 2,
      likesReceived: 24,
      commentsReceived: 12,
      followersGained: 12,
    });
    // Half of them take back their like of the first post, all at once.
    await Promise.all(fans.slice(0, 6).map((fan) => unliked(fan, first.id)));
    expect(valueOn(await analyticsOf(t, alice.headers), 'likesReceived', today())).toBe(18);
  });

  it('keeps the likes and comments of a post that expired and was deleted, on the day they were given', async () => {
    const [alice, bob] = await Promise.all([newUser(), newUser()]);
    const post = await createdPost(t, alice.headers, 'here today');
    await liked(bob, post.id);
    await addedComment(t, bob.headers, post.id, 'gone tomorrow');
    const day = today();

    t.clock.advance(25 * 60 * 60_000);
    const cleanup = await runFeedCleanup(
      {
        db: t.ctx.database.db,
        media: mediaStoreAt(t.ctx.config.dataDir),
        logger: t.ctx.logger,
        rateWindowMs: t.ctx.config.feed.uploadRateWindowMs,
      },
      t.clock.now(),
    );
    expect(cleanup.posts).toBeGreaterThanOrEqual(1);
    expect(await countRows(t, 'select count(*) as n from messages where id = $1', [post.id])).toBe(
      0,
    );
    expect(
      await countRows(t, 'select count(*) as n from engagements where message_id = $1', [post.id]),
    ).toBe(0);

    const body = await analyticsOf(t, (await again(alice)).headers);
    expect(figuresOn(body, day)).toMatchObject({ posts: 1, likesReceived: 1, commentsReceived: 1 });
    expect(figuresOn(body, today())).toMatchObject({
      posts: 0,
      likesReceived: 0,
      commentsReceived: 0,
    });
    expect(body.totals.likesReceived.value).toBe(1);
    // Top posts are live posts only.
    expect(body.topPosts).toEqual([]);
  });

  it("DUM earned is the caller's ledger rows of every kind, per day and per kind", async () => {
    const [alice, bob] = await Promise.all([newUser(), newUser()]);
    const bobs = await createdPost(t, bob.headers, 'like me');
    await createdPost(t, alice.headers, 'a post'); // post_created
    await liked(alice, bobs.id); // like_given
    await followed(t, alice.headers, bob.user.solAddress); // follow
    await addedComment(t, alice.headers, bobs.id, 'a comment'); // comment_created
    // A bonus mint (recordBonusMint): staking rewards claimed two days later.
    const staked = await t.app.inject({
      method: 'POST',
      url: '/api/users/stake',
      headers: alice.headers,
      payload: { amount: '100', action: 'stake' },
    });
    expect(staked.statusCode).toBe(200);
    t.clock.advance(2 * DAY_MS);
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/users/stake/claim',
      headers: (await again(alice)).headers,
    });
    expect(BigInt(claim.json<{ claimed: string }>().claimed)).toBeGreaterThan(0n);

    const { rows } = await t.ctx.database.pool.query<{ kind: string; amount: string }>(
      `select kind, sum(amount)::text as amount from emission_ledger
       where recipient_id = $1 and amount > 0 group by kind`,
      [alice.user.id],
    );
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'comment_created',
      'follow',
      'like_given',
      'post_created',
      'staking_reward',
    ]);
    const total = rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
    const body = await analyticsOf(t, (await again(alice)).headers, '30d');
    expect(body.dumByKind).toEqual(Object.fromEntries(rows.map((r) => [r.kind, r.amount])));
    // Highest first.
    const amounts = Object.values(body.dumByKind).map(BigInt);
    expect(amounts.every((amount, i) => i === 0 || amount <= (amounts[i - 1] ?? 0n))).toBe(true);
    const staking = rows.find((r) => r.kind === 'staking_reward')?.amount;
    expect(valueOn(body, 'dumEarned', today())).toBe(staking);
    const twoDaysAgo = dayOf(new Date(t.clock.now().getTime() - 2 * DAY_MS));
    expect(valueOn(body, 'dumEarned', twoDaysAgo)).toBe(
      (total - BigInt(staking ?? '0')).toString(),
    );
    expect(body.totals.dumEarned).toEqual({ value: total.toString(), previous: '0' });
    // Bob earned from his own post only: alice's actions paid alice.
    const bobsBody = await analyticsOf(t, (await again(bob)).headers, '30d');
    expect(Object.keys(bobsBody.dumByKind)).toEqual(['post_created']);
  });

  it('lists at most the top posts of the range, live ones only', async () => {
    const [alice, bob] = await Promise.all([newUser(), newUser()]);
    const posts = [];
    for (let i = 0; i < ANALYTICS_TOP_POSTS + 2; i += 1) {
      posts.push(await createdPost(t, alice.headers, `post ${i}`));
    }
    // Post i gets i likes from distinct wallets... and bob comments on the first.
    for (const [i, post] of posts.entries()) {
      for (let n = 0; n < i; n += 1) await liked(await newUser(), post.id);
    }
    await addedComment(t, bob.headers, posts[0]?.id ?? '', 'first!');
    const body = await analyticsOf(t, alice.headers);
    expect(body.topPosts.map((p) => p.body)).toEqual(
      ['post 6', 'post 5', 'post 4', 'post 3', 'post 2'].slice(0, ANALYTICS_TOP_POSTS),
    );
    expect(body.topPosts[0]).toMatchObject({ likeCount: 6, commentCount: 0 });
    expect(body.topPosts[0]?.createdAt).toBe(posts[6]?.createdAt);
  });

  it('buckets by UTC day at the edges of the range and compares with the previous period', async () => {
    const [alice, bob, carol] = await Promise.all([newUser(), newUser(), newUser()]);
    // Day D at noon: a post; bob likes it at the last millisecond of D, carol at the first of D+1.
    const noon = new Date(`${dayOf(new Date(t.clock.now().getTime() + DAY_MS))}T12:00:00.000Z`);
    moveClockTo(t, noon);
    const d = today();
    const post = await createdPost(t, (await again(alice)).headers, 'edge');
    moveClockTo(t, new Date(`${d}T23:59:59.999Z`));
    await liked(await again(bob), post.id);
    t.clock.advance(1);
    const d1 = today();
    expect(d1).not.toBe(d);
    await liked(await again(carol), post.id);

    let body = await analyticsOf(t, (await again(alice)).headers);
    expect(valueOn(body, 'likesReceived', d)).toBe(1);
    expect(valueOn(body, 'likesReceived', d1)).toBe(1);
    expect(body.series.likesReceived.at(-1)?.day).toBe(d1);
    expect(body.totals.likesReceived).toEqual({ value: 2, previous: 0 });
    expect(body.totals.posts).toEqual({ value: 1, previous: 0 });

    // The last millisecond of D+7: the range is D+1..D+7 (carol's like), the previous D-6..D.
    moveClockTo(t, new Date(new Date(`${d1}T00:00:00.000Z`).getTime() + 7 * DAY_MS - 1));
    body = await analyticsOf(t, (await again(alice)).headers);
    expect(body.series.likesReceived[0]?.day).toBe(d1);
    expect(body.totals.likesReceived).toEqual({ value: 1, previous: 1 });
    expect(body.totals.posts).toEqual({ value: 0, previous: 1 });
    expect(body.topPosts).toEqual([]);

    // One millisecond on, D+8 begins: the range is D+2..D+8, the previous D-5..D+1 (both likes).
    t.clock.advance(1);
    body = await analyticsOf(t, (await again(alice)).headers);
    expect(valueOn(body, 'likesReceived', d1)).toBeUndefined();
    expect(body.totals.likesReceived).toEqual({ value: 0, previous: 2 });
    expect(body.totals.posts).toEqual({ value: 0, previous: 1 });
    const dum = body.totals.dumEarned;
    expect(dum.value).toBe('0');
    // The post's reward was minted on D, in the previous period.
    expect(BigInt(dum.previous)).toBeGreaterThan(0n);
    // 30 days still hold them all.
    const month = await analyticsOf(t, (await again(alice)).headers, '30d');
    expect(month.totals.likesReceived).toEqual({ value: 2, previous: 0 });
  });
});

describe.each(testDatabaseKinds())(
  'SOL raised and tips received on %s against the localnet',
  (kind) => {
    let t: TestApp;
    let creator: ChainUser;
    let other: ChainUser;
    let fan: ChainUser;
    let fan2: ChainUser;

    beforeAll(async () => {
      t = await createTestApp(kind, NO_WRITE_LIMITS, { localnet: true });
      [creator, other, fan, fan2] = await Promise.all([
        chainUser(t),
        chainUser(t),
        chainUser(t, 20n),
        chainUser(t, 20n),
      ]);
    });
    afterAll(async () => {
      await t.close();
    });

    const SOL = 1_000_000_000n;

    it("counts verified supports of the caller's vaults and tips sent to the caller, in lamports", async () => {
      const vault = await createdVaultPost(t, creator.headers, '5');
      const otherVault = await createdVaultPost(t, other.headers, '5');
      const supported = await support(t, fan.headers, vault.vault.id, {
        transactionSignature: await transfer(t, fan.keypair, creator.address, SOL / 10n),
        amount: '0.1',
      });
      expect(supported.statusCode).toBe(200);
      const tip = await transfer(t, fan2.keypair, creator.address, SOL / 20n);
      await sent(t, fan2.headers, creator.address, {
        body: 'for you',
        tip: { transactionSignature: tip, amount: (SOL / 20n).toString() },
      });
      // A message without a tip adds nothing.
      await sent(t, fan.headers, creator.address, { body: 'hello' });

      // Supports recorded together (the group commit's record_vault_supports, called as the
      // support writer calls it; the SQL function does not verify transfers, the route did):
      // each creator's row gets its own vaults' lamports.
      const now = t.clock.now().toISOString();
      const item = (vaultId: string, supporterId: string, amount: bigint) => ({
        vaultId,
        supporterId,
        signature: randomBytes(32).toString('hex'),
        amount: amount.toString(),
        slot: 1,
        now,
      });
      const { rows } = await t.ctx.database.pool.query<{ results: Array<{ outcome: string }> }>(
        'select record_vault_supports($1::jsonb) as results',
        [
          JSON.stringify([
            item(vault.vault.id, fan.id, 2_000_000n),
            item(vault.vault.id, fan2.id, 3_000_000n),
            item(otherVault.vault.id, fan.id, 7_000_000n),
          ]),
        ],
      );
      expect(rows[0]?.results.map((r) => r.outcome)).toEqual(['recorded', 'recorded', 'recorded']);
      // The rewards of the tip and of those supports, as their writers settle them.
      await t.ctx.emissions.settle();

      const body = await analyticsOf(t, creator.headers);
      const day = dayOf(t.clock.now());
      expect(valueOn(body, 'solRaised', day)).toBe((SOL / 10n + 5_000_000n).toString());
      expect(valueOn(body, 'tipsReceived', day)).toBe((SOL / 20n).toString());
      expect(body.totals.solRaised).toEqual({
        value: (SOL / 10n + 5_000_000n).toString(),
        previous: '0',
      });
      expect(body.totals.tipsReceived).toEqual({ value: (SOL / 20n).toString(), previous: '0' });
      expect(body.totals.posts).toEqual({ value: 1, previous: 0 });
      expect(body.topPosts.map((p) => p.id)).toEqual([vault.id]);

      const others = await analyticsOf(t, other.headers);
      expect(others.totals.solRaised.value).toBe('7000000');
      expect(others.totals.tipsReceived.value).toBe('0');
      // The givers raised and received nothing; their DUM came from supporting and tipping.
      const fans = await analyticsOf(t, fan2.headers);
      expect(fans.totals.solRaised.value).toBe('0');
      expect(fans.totals.tipsReceived.value).toBe('0');
      expect(Object.keys(fans.dumByKind).sort()).toEqual(['tip', 'vault_supported']);
    });
  },
);
