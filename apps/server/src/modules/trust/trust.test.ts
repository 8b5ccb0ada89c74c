import { randomUUID } from 'node:crypto';
import { generateSigner } from '@dum/chain';
import {
  pairsFromEngagements,
  TRUST_EDGE_WEIGHTS,
  TRUST_WEIGHT_FULL,
  trustSummarySchema,
} from '@dum/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  makeEstablished,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { createdPost, type SignedIn } from '../feed/test-kit.ts';
import { inTransaction } from '../../db/prepared.ts';
import { auditTrust, recomputeTrust, trustOf, trustPolicyOf } from './index.ts';
import { readEngagements, readMaxLedgerId, unpack } from './repo.ts';

/**
 * Trust (docs/security.md "Trust") through the real routes and the real sequencer: the job reads
 * the ledger's edges, the scores are a probability vector the audit replays exactly, one
 * instance computes at a time, and rewards, referral bonuses and vouching follow the weight.
 */
const SEED = generateSigner().address;
const DUM = 1_000_000_000n;

describe.each(testDatabaseKinds())('trust on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ESTABLISHED_SEED_WALLETS: SEED,
      TRUST_REWARDS: 'true',
      PAIR_DAILY_REWARD_CAP: '100',
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.ctx.database.pool.query('update users set referred_by_id = null');
    await t.ctx.database.pool.query(
      `truncate emission_ledger, emission_queue, dum_accounts, activity, messages, users,
         trust_scores, trust_runs cascade`,
    );
    await t.ctx.database.pool.query('update emission_state set total_events = 0, total_minted = 0');
  });

  async function headers(by: SignedIn): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await t.ctx.tokens.issueAccessToken({ ...by.user, sessionId: randomUUID() })}`,
    };
  }
  async function post(by: SignedIn, text: string): Promise<string> {
    return (await createdPost(t, await headers(by), text)).id;
  }
  async function like(by: SignedIn, postId: string): Promise<void> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${postId}/engage`,
      headers: await headers(by),
      payload: { kind: 'like' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function follow(by: SignedIn, whom: SignedIn): Promise<void> {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/follows/${whom.user.solAddress}`,
      headers: await headers(by),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  async function recompute(): Promise<void> {
    const result = await recomputeTrust(t.ctx.database, {
      now: t.ctx.clock.now(),
      seedWallets: new Set([SEED]),
    });
    expect(result.recomputed).toBe(true);
  }
  async function scores(): Promise<Map<string, { score: number; weight: number }>> {
    const { rows } = await t.ctx.database.pool.query<{
      user_id: string;
      score: number;
      weight_ppm: number;
    }>('select user_id, score, weight_ppm from trust_scores');
    return new Map(rows.map((r) => [r.user_id, { score: r.score, weight: r.weight_ppm }]));
  }
  async function setWeight(userId: string, weightPpm: number): Promise<void> {
    await t.ctx.database.pool.query(
      `insert into trust_scores (user_id, score, weight_ppm) values ($1, 0.01, $2)
       on conflict (user_id) do update set weight_ppm = excluded.weight_ppm`,
      [userId, weightPpm],
    );
  }
  async function lastAmount(userId: string): Promise<{ amount: bigint; indexed: boolean }> {
    const { rows } = await t.ctx.database.pool.query<{ amount: string; indexed: boolean }>(
      `select amount::text, event_index is not null as indexed from emission_ledger
       where recipient_id = $1 order by id desc limit 1`,
      [userId],
    );
    const row = rows[0];
    if (!row) throw new Error('no ledger row');
    return { amount: BigInt(row.amount), indexed: row.indexed };
  }

  it('computes scores from the ledger that sum to 1, and the audit replays them exactly', async () => {
    const seed = await createSignedInUser(t.ctx, SEED);
    const alice = await createSignedInUser(t.ctx);
    const bob = await createSignedInUser(t.ctx);
    const stranger = await createSignedInUser(t.ctx);
    const alicePost = await post(alice, 'hello');
    const bobPost = await post(bob, 'hi');
    await like(seed, alicePost);
    await follow(alice, bob);
    await like(stranger, bobPost);
    // The stranger's like is an edge out of it; nobody trusted engages with the stranger.
    await recompute();

    const stored = await scores();
    let sum = 0;
    for (const { score } of stored.values()) sum += score;
    expect(Math.abs(sum - 1)).toBeLessThan(1e-9);
    expect(stored.get(alice.user.id)?.weight).toBeGreaterThan(0);
    expect(stored.get(bob.user.id)?.weight).toBeGreaterThan(0);
    expect(stored.has(stranger.user.id)).toBe(false);

    const audit = await auditTrust(t.ctx.database);
    expect(audit.mismatches).toEqual([]);
    expect(audit.wallets).toBe(stored.size);

    // A score changed in the store is caught.
    await t.ctx.database.pool.query(
      'update trust_scores set score = score * 2 where user_id = $1',
      [bob.user.id],
    );
    const tampered = await auditTrust(t.ctx.database);
    expect(tampered.mismatches.map((m) => m.userId)).toEqual([bob.user.id]);
  });

  it('computes the same scores in a worker thread as inline', async () => {
    const seed = await createSignedInUser(t.ctx, SEED);
    const alice = await createSignedInUser(t.ctx);
    const bob = await createSignedInUser(t.ctx);
    await like(seed, await post(alice, 'one'));
    await follow(alice, bob);
    await like(bob, await post(alice, 'two'));
    await recompute();
    const inline = await scores();
    const result = await recomputeTrust(t.ctx.database, {
      now: t.ctx.clock.now(),
      seedWallets: new Set([SEED]),
      offThreadFrom: 0,
    });
    expect(result.recomputed).toBe(true);
    expect(await scores()).toEqual(inline);
  });

  it('keeps an edge after the free post it was on expires (the ledger outlives the post)', async () => {
    const seed = await createSignedInUser(t.ctx, SEED);
    const alice = await createSignedInUser(t.ctx);
    await like(seed, await post(alice, 'gone tomorrow'));
    await t.ctx.database.pool.query('delete from messages');
    await recompute();
    expect((await scores()).get(alice.user.id)?.weight).toBeGreaterThan(0);
  });

  it("sums a pair's strongest engagement per UTC day over its days, however the ledger is read", async () => {
    const seed = await createSignedInUser(t.ctx, SEED);
    const alice = await createSignedInUser(t.ctx);
    const bob = await createSignedInUser(t.ctx);
    const alicePost = await post(alice, 'one');
    await like(seed, alicePost);
    await follow(seed, alice);
    await like(bob, alicePost);
    await follow(alice, bob);
    t.clock.advance(24 * 3600_000);
    await like(bob, await post(alice, 'two'));
    const read = async (rowsPerRead?: number) => {
      const snapshot = await inTransaction(t.ctx.database, async (client) =>
        readEngagements(client, {
          maxLedgerId: await readMaxLedgerId(client),
          weights: TRUST_EDGE_WEIGHTS,
          seedAddresses: [SEED],
          rowsPerRead,
        }),
      );
      const engagements = unpack(snapshot.packed, snapshot.walletIds.length, snapshot.kindWeights);
      return { ...snapshot, ...pairsFromEngagements(engagements) };
    };
    const whole = await read();
    const pairs = [...whole.from].map((from, k) => [
      whole.walletIds[from],
      whole.walletIds[whole.to[k]!],
      whole.weight[k],
    ]);
    // Day one: the seed's like and follow count as the follow (2); bob's like 1, and again on
    // day two: 2. Alice follows bob: 2.
    expect(pairs).toHaveLength(3);
    expect(pairs).toEqual(
      expect.arrayContaining([
        [seed.user.id, alice.user.id, 2],
        [bob.user.id, alice.user.id, 2],
        [alice.user.id, bob.user.id, 2],
      ]),
    );
    expect(whole.seeds.map((ix) => whole.walletIds[ix])).toEqual([seed.user.id]);
    const inPieces = await read(1);
    expect([...inPieces.from]).toEqual([...whole.from]);
    expect([...inPieces.to]).toEqual([...whole.to]);
    expect([...inPieces.weight]).toEqual([...whole.weight]);
  });

  it('lets one instance compute at a time, and skips a run younger than the interval', async () => {
    await createSignedInUser(t.ctx, SEED);
    const run = () =>
      recomputeTrust(t.ctx.database, {
        now: t.ctx.clock.now(),
        seedWallets: new Set([SEED]),
        minIntervalMs: 60_000,
      });
    // On PostgreSQL the second finds the lock taken; PGlite serialises the two transactions, so
    // there the second finds the first's run, younger than the interval. Either way: one run.
    const runs = await Promise.all([run(), run()]);
    expect(runs.filter((r) => r.recomputed)).toHaveLength(1);
    const again = await recomputeTrust(t.ctx.database, {
      now: t.ctx.clock.now(),
      seedWallets: new Set([SEED]),
      minIntervalMs: 60_000,
    });
    expect(again.recomputed).toBe(false);
    t.clock.advance(61_000);
    const later = await recomputeTrust(t.ctx.database, {
      now: t.ctx.clock.now(),
      seedWallets: new Set([SEED]),
      minIntervalMs: 60_000,
    });
    expect(later.recomputed).toBe(true);
  });

  it('scales a reward by the actor’s weight, pays nothing under the floor, and a seed in full', async () => {
    const seed = await createSignedInUser(t.ctx, SEED);
    const quarter = await createSignedInUser(t.ctx);
    const faint = await createSignedInUser(t.ctx);
    await setWeight(quarter.user.id, 250_000);
    await setWeight(faint.user.id, 10_000);

    await post(quarter, 'a quarter of a vibe');
    expect(await lastAmount(quarter.user.id)).toEqual({ amount: (150n * DUM) / 4n, indexed: true });
    await post(faint, 'barely here');
    // Under the floor: recorded, not paid, and not counted toward the halving.
    expect(await lastAmount(faint.user.id)).toEqual({ amount: 0n, indexed: false });
    await post(seed, 'gm');
    expect(await lastAmount(seed.user.id)).toEqual({ amount: 150n * DUM, indexed: true });
    const { rows } = await t.ctx.database.pool.query<{ total_events: string }>(
      'select total_events::text from emission_state',
    );
    expect(rows[0]?.total_events).toBe('2');
  });

  it('scales referral bonuses by the friend’s weight', async () => {
    const referrer = await createSignedInUser(t.ctx);
    const friend = await createSignedInUser(t.ctx);
    await setWeight(referrer.user.id, TRUST_WEIGHT_FULL);
    await setWeight(friend.user.id, 500_000);
    await t.ctx.database.pool.query('update users set referred_by_id = $2 where id = $1', [
      friend.user.id,
      referrer.user.id,
    ]);
    await post(friend, 'joined through a friend');
    const { rows } = await t.ctx.database.pool.query<{ kind: string; amount: string }>(
      `select kind, amount::text from emission_ledger where kind like 'referral_%' order by kind`,
    );
    // Epoch 0 doubles them: 100 DUM to the friend, 200 to the referrer, each halved by trust.
    expect(rows).toEqual([
      { kind: 'referral_friend', amount: (50n * DUM).toString() },
      { kind: 'referral_referrer', amount: (100n * DUM).toString() },
    ]);
  });

  it('reads every wallet as fully trusted when trust is off, and a seed as a seed', async () => {
    const seed = await createSignedInUser(t.ctx, SEED);
    const fresh = await createSignedInUser(t.ctx);
    const on = await trustOf(t.ctx.database.pool, trustPolicyOf(t.ctx), [
      seed.user.id,
      fresh.user.id,
    ]);
    expect(on.get(seed.user.id)).toEqual({ weightPpm: TRUST_WEIGHT_FULL, band: 'seed' });
    expect(on.get(fresh.user.id)).toEqual({ weightPpm: 0, band: 'new' });
    const off = await trustOf(
      t.ctx.database.pool,
      { enabled: false, seedWallets: new Set([SEED]) },
      [fresh.user.id],
    );
    expect(off.get(fresh.user.id)?.weightPpm).toBe(TRUST_WEIGHT_FULL);
  });

  it('publishes the parameters, the seeds and the newest run', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/trust' });
    expect(empty.statusCode).toBe(200);
    expect(trustSummarySchema.parse(empty.json()).run).toBeNull();
    await createSignedInUser(t.ctx, SEED);
    await recompute();
    const res = await t.app.inject({ method: 'GET', url: '/api/trust' });
    const summary = trustSummarySchema.parse(res.json());
    expect(summary).toMatchObject({ enabled: true, seeds: [SEED], params: { alpha: 0.5 } });
    expect(summary.run?.wallets).toBe(1);
    // The newest of many runs (ids compared as numbers: run 10 is newer than run 9).
    for (let k = 0; k < 10; k++) {
      t.clock.advance(1000);
      await recompute();
    }
    const newest = trustSummarySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/trust' })).json(),
    );
    expect(newest.run?.computedAt).toBe(t.clock.now().toISOString());
    const bad = await t.app.inject({ method: 'GET', url: '/api/trust?x=1' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets only a trusted wallet vouch', async () => {
    const established = await createSignedInUser(t.ctx);
    const trusted = await createSignedInUser(t.ctx);
    const newcomer = await createSignedInUser(t.ctx);
    await makeEstablished(t.ctx, established.user.id);
    await makeEstablished(t.ctx, trusted.user.id);
    await setWeight(established.user.id, 100_000);
    await setWeight(trusted.user.id, 600_000);
    const newcomerPost = await post(newcomer, 'first');
    const vouchedAt = async (): Promise<unknown> =>
      (
        await t.ctx.database.pool.query<{ vouched_at: Date | null }>(
          'select vouched_at from wallet_standing where user_id = $1',
          [newcomer.user.id],
        )
      ).rows[0]?.vouched_at ?? null;
    await like(established, newcomerPost);
    expect(await vouchedAt()).toBeNull();
    await like(trusted, newcomerPost);
    expect(await vouchedAt()).not.toBeNull();
  });
});
