import { randomUUID } from 'node:crypto';
import { generateSigner } from '@dum/chain';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  makeEstablished,
  STRICT_EARNING_ENV,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { createEmissionSequencer, recordRewardedEvent } from '../emissions/index.ts';
import { createdPost, type SignedIn } from '../feed/test-kit.ts';

/**
 * Who earns (docs/decisions/013-established-wallets.md), on the production defaults: only
 * established wallets, a like or comment only up to the per-pair daily cap, referral bonuses
 * only once the friend is established, within the daily cap and the referrer's daily count,
 * paid later (exactly once) when withheld.
 */
const HOUR = 3_600_000;
const SEED = generateSigner().address;

describe.each(testDatabaseKinds())('established wallets on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ...STRICT_EARNING_ENV,
      ESTABLISHED_SEED_WALLETS: SEED,
      PAIR_DAILY_REWARD_CAP: '3',
      REFERRAL_DAILY_CAP: '2',
      DAILY_REWARD_CAP: '100',
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.ctx.database.pool.query('update users set referred_by_id = null');
    await t.ctx.database.pool.query(
      'truncate emission_ledger, emission_queue, dum_accounts, activity, messages, users cascade',
    );
    await t.ctx.database.pool.query('update emission_state set total_events = 0, total_minted = 0');
  });

  /** A token issued now by the test clock (the clock moves by hours; tokens last minutes). */
  async function fresh(by: SignedIn, app: TestApp = t): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await app.ctx.tokens.issueAccessToken({ ...by.user, sessionId: randomUUID() })}`,
    };
  }

  async function post(by: SignedIn, text: string, app: TestApp = t) {
    return createdPost(app, await fresh(by, app), text);
  }

  async function like(by: SignedIn, postId: string): Promise<void> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${postId}/engage`,
      headers: await fresh(by),
      payload: { kind: 'like' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function comment(by: SignedIn, postId: string): Promise<void> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${postId}/comments`,
      headers: await fresh(by),
      payload: { content: 'nice' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** The wallet's ledger rows, oldest first: [kind, amount in whole DUM]. */
  async function earnings(userId: string): Promise<Array<[string, number]>> {
    const { rows } = await t.ctx.database.pool.query<{ kind: string; amount: string }>(
      `select kind, amount::text from emission_ledger where recipient_id = $1 order by id`,
      [userId],
    );
    return rows.map((r) => [r.kind, Number(BigInt(r.amount) / 1_000_000_000n)]);
  }

  async function referred(referrer: SignedIn | null): Promise<SignedIn> {
    const user = await createSignedInUser(t.ctx);
    if (referrer) {
      await t.ctx.database.pool.query('update users set referred_by_id = $2 where id = $1', [
        user.user.id,
        referrer.user.id,
      ]);
    }
    return user;
  }

  it('pays a fresh wallet nothing until it is an hour old, has posted and a seed engaged with it', async () => {
    const seed = await createSignedInUser(t.ctx, SEED);
    const fresh = await createSignedInUser(t.ctx);
    const first = await post(fresh, 'first');
    // The seed is established from sign-up: its own post pays at once.
    const seedPost = await post(seed, 'welcome');
    await like(fresh, seedPost.id);
    expect(await earnings(fresh.user.id)).toEqual([
      ['post_created', 0],
      ['like_given', 0],
    ]);
    expect(await earnings(seed.user.id)).toEqual([['post_created', 150]]);

    // The seed likes the newcomer's post: vouched, but not an hour old yet.
    await like(seed, first.id);
    await post(fresh, 'second');
    expect((await earnings(fresh.user.id)).at(-1)).toEqual(['post_created', 0]);

    t.clock.advance(HOUR);
    await post(fresh, 'third');
    expect((await earnings(fresh.user.id)).at(-1)).toEqual(['post_created', 150]);
    const { rows } = await t.ctx.database.pool.query(
      'select vouched_at, first_post_at from wallet_standing where user_id = $1',
      [fresh.user.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('lets only wallets established for a day vouch: a ring that wins one like cannot pull the rest in', async () => {
    const seed = await createSignedInUser(t.ctx, SEED);
    const bait = await createSignedInUser(t.ctx);
    const ring = await createSignedInUser(t.ctx);
    const baitPost = await post(bait, 'bait');
    const ringPost = await post(ring, 'ring');
    await like(seed, baitPost.id);
    t.clock.advance(HOUR);
    // The bait is established now and earns; its like does not vouch for the ring yet.
    await like(bait, ringPost.id);
    expect((await earnings(bait.user.id)).at(-1)).toEqual(['like_given', 150]);
    t.clock.advance(2 * HOUR);
    await post(ring, 'still nothing');
    expect((await earnings(ring.user.id)).map(([, dum]) => dum)).toEqual([0, 0]);

    // A day after it became established, the bait's engagement vouches (free posts last a
    // day: the ring posts again).
    t.clock.advance(24 * HOUR);
    await comment(bait, (await post(ring, 'again')).id);
    t.clock.advance(HOUR);
    await post(ring, 'now');
    expect((await earnings(ring.user.id)).at(-1)).toEqual(['post_created', 150]);
  });

  it('caps rewarded likes and comments per (giver, receiver) per UTC day', async () => {
    const giver = await createSignedInUser(t.ctx);
    const author = await createSignedInUser(t.ctx);
    const other = await createSignedInUser(t.ctx);
    await makeEstablished(t.ctx, giver.user.id);
    const posts = [];
    for (let i = 0; i < 5; i++) posts.push(await post(author, `p${i}`));
    const otherPost = await post(other, 'other');
    for (const post of posts.slice(0, 3)) await like(giver, post.id);
    await comment(giver, posts[3]!.id);
    await like(giver, posts[4]!.id);
    await like(giver, otherPost.id);
    expect(await earnings(giver.user.id)).toEqual([
      ['like_given', 150],
      ['like_given', 150],
      ['like_given', 150],
      ['comment_created', 0],
      ['like_given', 0],
      ['like_given', 150],
    ]);
    // The next UTC day, the pair earns again.
    t.clock.advance(24 * HOUR);
    await comment(giver, (await post(author, 'tomorrow')).id);
    expect((await earnings(giver.user.id)).at(-1)).toEqual(['comment_created', 150]);
  });

  it('pays referral bonuses once the friend is established, within the caps, and later when withheld', async () => {
    const referrer = await createSignedInUser(t.ctx);
    await makeEstablished(t.ctx, referrer.user.id);
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await referred(referrer));
    const [early, ...rest] = friends;

    // Not established yet: the friend's post pays nothing, and neither does the referral.
    await post(early!, 'hi');
    expect(await earnings(referrer.user.id)).toEqual([]);

    for (const friend of friends) await makeEstablished(t.ctx, friend.user.id);
    for (const friend of [early!, ...rest]) await post(friend, 'established');
    // Friends each get their welcome bonus; the referrer at most 2 a day (REFERRAL_DAILY_CAP).
    for (const friend of friends) {
      expect(await earnings(friend.user.id)).toContainEqual(['referral_friend', 100]);
    }
    expect((await earnings(referrer.user.id)).map(([k]) => k)).toEqual([
      'referral_referrer',
      'referral_referrer',
    ]);

    // The third friend acts again the same day: still withheld. The next day: paid, once.
    const third = friends[2]!;
    await post(third, 'again');
    expect(await earnings(referrer.user.id)).toHaveLength(2);
    t.clock.advance(24 * HOUR);
    await post(third, 'next day');
    await post(third, 'and again');
    expect(await earnings(referrer.user.id)).toEqual([
      ['referral_referrer', 200],
      ['referral_referrer', 200],
      ['referral_referrer', 200],
    ]);
    const { rows } = await t.ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from emission_ledger where kind = 'referral_friend'`,
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('counts referral bonuses against the daily cap of the wallet they pay', async () => {
    const capped = await createTestApp(kind, {
      ...STRICT_EARNING_ENV,
      DAILY_REWARD_CAP: '2',
    });
    try {
      const referrer = await createSignedInUser(capped.ctx);
      const friend = await createSignedInUser(capped.ctx);
      await capped.ctx.database.pool.query('update users set referred_by_id = $2 where id = $1', [
        friend.user.id,
        referrer.user.id,
      ]);
      await makeEstablished(capped.ctx, referrer.user.id);
      await makeEstablished(capped.ctx, friend.user.id);
      await post(referrer, 'r1', capped);
      await post(referrer, 'r2', capped);
      // The friend's post takes a slot, its welcome bonus the second; the referrer is full.
      await post(friend, 'f1', capped);
      const { rows } = await capped.ctx.database.pool.query<{ kind: string; n: number }>(
        `select kind, count(*)::int as n from emission_ledger where amount > 0
         group by kind order by kind`,
      );
      expect(rows).toEqual([
        { kind: 'post_created', n: 3 },
        { kind: 'referral_friend', n: 1 },
      ]);
      // The next day, the friend's next rewarded event brings the referrer's bonus.
      capped.clock.advance(24 * HOUR);
      await post(friend, 'f2', capped);
      const after = await capped.ctx.database.pool.query<{ n: number }>(
        `select count(*)::int as n from emission_ledger where kind = 'referral_referrer'`,
      );
      expect(after.rows[0]!.n).toBe(1);
    } finally {
      await capped.close();
    }
  });

  it('pays a withheld referral bonus exactly once when two instances sequence at once', async () => {
    const referrer = await createSignedInUser(t.ctx);
    const friend = await referred(referrer);
    await makeEstablished(t.ctx, referrer.user.id);
    await makeEstablished(t.ctx, friend.user.id);
    const rules = {
      dailyCap: 100,
      pairDailyCap: 3,
      referrerDailyCap: 2,
      established: t.ctx.config.economy.established,
    };
    const instances = [1, 2].map(() =>
      createEmissionSequencer({
        database: t.ctx.database,
        clock: t.clock,
        logger: pino({ level: 'silent' }),
        rules,
        batchSize: 3,
      }),
    );
    for (let i = 0; i < 20; i++) {
      await recordRewardedEvent(
        t.ctx.database.pool,
        { kind: 'post_created', actorId: friend.user.id, reference: `race-${i}` },
        t.clock.now(),
      );
    }
    await Promise.all([...instances.map((s) => s.settle()), t.ctx.emissions.settle()]);
    await Promise.all(instances.map((s) => s.stop()));
    const { rows } = await t.ctx.database.pool.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from emission_ledger group by kind order by kind`,
    );
    expect(rows).toEqual([
      { kind: 'post_created', n: 20 },
      { kind: 'referral_friend', n: 1 },
      { kind: 'referral_referrer', n: 1 },
    ]);
  });
});
