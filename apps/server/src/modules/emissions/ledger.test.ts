import { capMint, epochForEvent, MAX_SUPPLY, rewardForEvent } from '@dum/core';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';
import { recordRewardedEvent } from './ledger.ts';
import type { EventOutcome, RewardedEventKind } from './emission-rules.ts';
import { createEmissionSequencer, type EmissionSequencer } from './sequencer.ts';

const KINDS: RewardedEventKind[] = ['post_created', 'comment_created', 'like_given', 'follow'];
const NOW = new Date('2026-11-23T12:00:00Z');
const DAILY_CAP = 6;

interface Row {
  event_index: string | null;
  epoch: number | null;
  amount: string;
  recipient_id: string;
  kind: string;
  reference: string;
}

describe.each(testDatabaseKinds())('emission ledger on %s', (kind) => {
  let database: Database;
  let sequencer: EmissionSequencer;
  let userIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    sequencer = createEmissionSequencer({
      database,
      clock: { now: () => NOW },
      logger: pino({ level: 'silent' }),
      rules: {
        dailyCap: DAILY_CAP,
        pairDailyCap: 1000,
        referrerDailyCap: 1000,
        // Everyone established: these tests are about indices, caps and concurrency.
        established: {
          minAgeMs: 0,
          requirePost: false,
          requireVouch: false,
          voucherMinAgeMs: 0,
          seedWallets: new Set(),
        },
      },
      // Small batches, so concurrent events also cross batch boundaries.
      batchSize: 4,
    });
    const { rows } = await database.pool.query<{ id: string }>(
      `insert into users (sol_address) select 'wallet-' || g from generate_series(1, 5) g returning id`,
    );
    userIds = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await sequencer.stop();
    await database.close();
  });

  async function reset(totalEvents: bigint, totalMinted: bigint): Promise<void> {
    await database.pool.query('delete from emission_queue');
    await database.pool.query('delete from emission_ledger');
    await database.pool.query('delete from dum_accounts');
    await database.pool.query('delete from activity');
    await database.pool.query(
      'update emission_state set total_events = $1, total_minted = $2 where id = 1',
      [totalEvents.toString(), totalMinted.toString()],
    );
  }

  async function ledgerRow(kind: string, reference: string, recipientId: string) {
    const { rows } = await database.pool.query<{ event_index: string | null; amount: string }>(
      `select event_index::text, amount::text from emission_ledger
       where kind = $1 and reference = $2 and recipient_id = $3`,
      [kind, reference, recipientId],
    );
    return rows[0] ?? null;
  }

  /**
   * What a service does: queue the event in the action's transaction, then settle after commit.
   * Answers what became of it (read back from the ledger once sequenced).
   */
  async function award(event: {
    kind: RewardedEventKind;
    actor: number;
    owner: number;
    reference: string;
  }): Promise<EventOutcome | { status: 'self_engagement' }> {
    const actorId = userIds[event.actor]!;
    const before = await ledgerRow(event.kind, event.reference, actorId);
    const queued = await recordRewardedEvent(
      database.pool,
      {
        kind: event.kind,
        actorId,
        subjectOwnerId: userIds[event.owner]!,
        reference: event.reference,
      },
      NOW,
    );
    if (queued.status !== 'queued') return queued;
    await sequencer.settle();
    if (before) return { status: 'already_recorded' };
    const row = await ledgerRow(event.kind, event.reference, actorId);
    if (!row) throw new Error('a queued event was not sequenced by settle()');
    if (row.event_index === null) return { status: 'over_daily_cap' };
    const eventIndex = BigInt(row.event_index);
    return {
      status: 'rewarded',
      eventIndex,
      epoch: epochForEvent(eventIndex),
      amount: BigInt(row.amount),
    };
  }

  const eventArb = fc.record({
    kind: fc.constantFrom(...KINDS),
    actor: fc.integer({ min: 0, max: 4 }),
    owner: fc.integer({ min: 0, max: 4 }),
    // A small reference space makes repeats (the same action twice) common.
    reference: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'),
  });

  const seedArb = fc.constantFrom(
    { events: 0n, minted: 0n },
    // Just before a halving boundary.
    { events: 69_995n, minted: 69_995n * 150_000_000_000n },
    { events: 139_997n, minted: 15_000_000_000_000_000n },
    // A few rewards short of the 21M cap.
    { events: 500_000n, minted: MAX_SUPPLY - 100_000_000_000n },
    { events: 500_000n, minted: MAX_SUPPLY },
  );

  it('keeps every invariant under random concurrent interleavings (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        seedArb,
        fc.array(eventArb, { minLength: 1, maxLength: 30 }),
        async (seed, events) => {
          await reset(seed.events, seed.minted);
          // All at once: the database decides the interleaving.
          const results = await Promise.all(events.map((event) => award(event)));

          const { rows } = await database.pool.query<Row>(
            'select event_index::text, epoch, amount::text, recipient_id, kind, reference from emission_ledger',
          );
          const rewarded = rows
            .filter((row) => row.event_index !== null)
            .sort((a, b) => (BigInt(a.event_index!) < BigInt(b.event_index!) ? -1 : 1));

          // Consecutive indices from the seed, none skipped or repeated.
          rewarded.forEach((row, i) =>
            expect(BigInt(row.event_index!)).toBe(seed.events + BigInt(i)),
          );
          // The right reward for each index, cut at the cap.
          let minted = seed.minted;
          for (const row of rewarded) {
            const index = BigInt(row.event_index!);
            expect(BigInt(row.epoch!)).toBe(epochForEvent(index));
            expect(BigInt(row.amount)).toBe(capMint(rewardForEvent(index), minted));
            minted += BigInt(row.amount);
          }
          expect(minted).toBeLessThanOrEqual(MAX_SUPPLY > seed.minted ? MAX_SUPPLY : seed.minted);

          const state = await database.pool.query<{ total_events: string; total_minted: string }>(
            'select total_events::text, total_minted::text from emission_state where id = 1',
          );
          expect(BigInt(state.rows[0]!.total_events)).toBe(seed.events + BigInt(rewarded.length));
          expect(BigInt(state.rows[0]!.total_minted)).toBe(minted);

          // Every queued event was sequenced before its settle() answered.
          const queue = await database.pool.query('select 1 from emission_queue');
          expect(queue.rowCount).toBe(0);

          // One action never pays twice; self-engagement writes nothing.
          const keys = rows.map((row) => `${row.kind}|${row.reference}|${row.recipient_id}`);
          expect(new Set(keys).size).toBe(keys.length);
          const distinctNonSelf = new Set(
            events
              .filter((e) => e.actor !== e.owner)
              .map((e) => `${e.kind}|${e.reference}|${e.actor}`),
          );
          expect(rows.length).toBe(distinctNonSelf.size);
          expect(results.filter((r) => r.status === 'self_engagement').length).toBe(
            events.filter((e) => e.actor === e.owner).length,
          );

          // Balances are kept in step with the ledger: each account holds exactly its mints.
          const accounts = await database.pool.query<{
            user_id: string;
            balance: string;
            total_earned: string;
          }>('select user_id, balance::text, total_earned::text from dum_accounts');
          const ledgerSums = new Map<string, bigint>();
          for (const row of rows)
            ledgerSums.set(
              row.recipient_id,
              (ledgerSums.get(row.recipient_id) ?? 0n) + BigInt(row.amount),
            );
          for (const account of accounts.rows) {
            expect(BigInt(account.balance)).toBe(ledgerSums.get(account.user_id) ?? 0n);
            expect(account.total_earned).toBe(account.balance);
          }
          for (const [userId, sum] of ledgerSums) {
            if (sum > 0n) expect(accounts.rows.some((a) => a.user_id === userId)).toBe(true);
          }

          // Nobody earns on more than the daily cap of events.
          const perUser = new Map<string, number>();
          for (const row of rewarded)
            perUser.set(row.recipient_id, (perUser.get(row.recipient_id) ?? 0) + 1);
          for (const n of perUser.values()) expect(n).toBeLessThanOrEqual(DAILY_CAP);
        },
      ),
      { numRuns: kind === 'postgres' ? 40 : 25 },
    );
  });

  it('does not pay for an event past the daily cap, nor count it toward the halving', async () => {
    await reset(0n, 0n);
    for (let i = 0; i < DAILY_CAP; i++) {
      expect(
        (await award({ kind: 'like_given', actor: 0, owner: 1, reference: `p${i}` })).status,
      ).toBe('rewarded');
    }
    expect(await award({ kind: 'like_given', actor: 0, owner: 1, reference: 'late' })).toEqual({
      status: 'over_daily_cap',
    });
    const state = await database.pool.query<{ total_events: string }>(
      'select total_events::text from emission_state where id = 1',
    );
    expect(state.rows[0]!.total_events).toBe(String(DAILY_CAP));
    // Recorded once: a retry of the same action is not a new event either.
    expect(await award({ kind: 'like_given', actor: 0, owner: 1, reference: 'late' })).toEqual({
      status: 'already_recorded',
    });
  });

  it("pays the referral bonuses once, on the friend's first rewarded event, doubled in epoch 0", async () => {
    await reset(0n, 0n);
    // userIds[3] was referred by userIds[2].
    await database.pool.query('update users set referred_by_id = $1 where id = $2', [
      userIds[2],
      userIds[3],
    ]);
    try {
      await award({ kind: 'post_created', actor: 3, owner: 0, reference: 'r1' });
      await award({ kind: 'post_created', actor: 3, owner: 0, reference: 'r2' });
      const { rows } = await database.pool.query<{
        kind: string;
        amount: string;
        recipient_id: string;
      }>(
        `select kind, amount::text, recipient_id from emission_ledger where kind like 'referral_%' order by kind`,
      );
      expect(rows).toEqual([
        { kind: 'referral_friend', amount: String(100n * 10n ** 9n), recipient_id: userIds[3] },
        { kind: 'referral_referrer', amount: String(200n * 10n ** 9n), recipient_id: userIds[2] },
      ]);
      const balances = await database.pool.query<{ user_id: string; balance: string }>(
        'select user_id, balance::text from dum_accounts',
      );
      const byUser = Object.fromEntries(balances.rows.map((r) => [r.user_id, r.balance]));
      // The friend: two post rewards (150 each) plus the doubled 50 DUM bonus.
      expect(byUser[userIds[3]!]).toBe(String((300n + 100n) * 10n ** 9n));
      expect(byUser[userIds[2]!]).toBe(String(200n * 10n ** 9n));
      // Bonuses do not move the halving counter.
      const state = await database.pool.query<{ total_events: string }>(
        'select total_events::text from emission_state',
      );
      expect(state.rows[0]!.total_events).toBe('2');
    } finally {
      await database.pool.query('update users set referred_by_id = null');
    }
  });

  it('writes Live Activity for actions, halvings and milestones', async () => {
    await reset(69_999n, 0n);
    await award({ kind: 'comment_created', actor: 0, owner: 1, reference: 'c1' });
    const { rows } = await database.pool.query<{ type: string; message: string }>(
      'select type, message from activity order by id',
    );
    expect(rows.map((r) => r.type)).toEqual(['comment', 'halving']);
    expect(rows[0]!.message).toMatch(/commented · \+150 DUM$/);
    expect(rows[1]!.message).toBe('Halving! Epoch 1 begins: 75 DUM per vibe');
  });
});
