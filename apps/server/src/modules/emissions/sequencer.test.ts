import { auditLedger } from '@dum/core';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';
import type { EarningRules } from './emission-rules.ts';
import { recordRewardedEvent } from './ledger.ts';
import { createEmissionSequencer, sequenceBatch, type SequencedEvent } from './sequencer.ts';

const NOW = new Date('2026-11-24T10:00:00Z');

const RULES: EarningRules = {
  dailyCap: 100,
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
};

describe.each(testDatabaseKinds())('emission sequencer on %s', (kind) => {
  let database: Database;
  let userIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { rows } = await database.pool.query<{ id: string }>(
      `insert into users (sol_address) select 'seq-wallet-' || g from generate_series(1, 8) g returning id`,
    );
    userIds = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.pool.query('delete from emission_queue');
    await database.pool.query('delete from emission_ledger');
    await database.pool.query('delete from dum_accounts');
    await database.pool.query(
      'update emission_state set total_events = 0, total_minted = 0 where id = 1',
    );
  });

  function sequencer(
    options: {
      batchSize?: number;
      logger?: pino.Logger;
      afterBatch?: (events: readonly SequencedEvent[]) => Promise<void>;
    } = {},
  ) {
    return createEmissionSequencer({
      database,
      clock: { now: () => NOW },
      logger: options.logger ?? pino({ level: 'silent' }),
      rules: RULES,
      batchSize: options.batchSize,
      afterBatch: options.afterBatch,
    });
  }

  async function queue(count: number, prefix: string): Promise<void> {
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        recordRewardedEvent(
          database.pool,
          {
            kind: 'post_created',
            actorId: userIds[i % userIds.length]!,
            reference: `${prefix}${i}`,
          },
          NOW,
        ),
      ),
    );
  }

  async function counts(): Promise<{ queued: number; ledger: number; events: number }> {
    const { rows } = await database.pool.query<{ queued: number; ledger: number; events: string }>(
      `select (select count(*)::int from emission_queue) as queued,
        (select count(*)::int from emission_ledger) as ledger,
        (select total_events::text from emission_state) as events`,
    );
    const row = rows[0]!;
    return { queued: row.queued, ledger: row.ledger, events: Number(row.events) };
  }

  it('settles every event committed before the call, in batches, once each', async () => {
    const s = sequencer({ batchSize: 3 });
    await queue(10, 'a');
    await s.settle();
    expect(await counts()).toEqual({ queued: 0, ledger: 10, events: 10 });
    await s.stop();
  });

  it('lets concurrent callers share runs, and two instances take turns without overlap', async () => {
    const a = sequencer({ batchSize: 4 });
    const b = sequencer({ batchSize: 4 });
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        await queue(2, `c${i}-`);
        await (i % 2 ? a : b).settle();
      }),
    );
    expect(await counts()).toEqual({ queued: 0, ledger: 24, events: 24 });
    const { rows } = await database.pool.query<{
      id: string;
      event_index: string | null;
      epoch: number | null;
      amount: string;
      recipient_id: string;
      kind: string;
      reference: string;
    }>(
      'select id::text, event_index::text, epoch, amount::text, recipient_id, kind, reference from emission_ledger order by id',
    );
    const audit = auditLedger(
      rows.map((r) => ({
        id: r.id,
        eventIndex: r.event_index,
        epoch: r.epoch,
        amount: r.amount,
        recipient: r.recipient_id,
        kind: r.kind,
        reference: r.reference,
      })),
      { totalEvents: 24n, totalMinted: 24n * 150_000_000_000n },
    );
    expect(audit.problems).toEqual([]);
    await Promise.all([a.stop(), b.stop()]);
  });

  /**
   * Another writer's batch lands between this batch's read and its write (forced: the write
   * waits for it), taking `takes` events: the write finds the counters moved and writes nothing.
   */
  async function batchLosingTo(takes: number) {
    const options = { batchSize: 100, now: NOW, rules: RULES };
    const racing = {
      pool: {
        query: async (config: { name?: string }, values?: unknown[]) => {
          if (config.name === 'emissions_write_batch') {
            await sequenceBatch(database, { ...options, batchSize: takes });
          }
          return database.pool.query(config as never, values as never);
        },
      },
    } as unknown as Pick<Database, 'pool'>;
    return sequenceBatch(racing, options);
  }

  it('needs no second read when the writer that beat it took all its events', async () => {
    await queue(5, 'race-all');
    const lost = await batchLosingTo(100);
    expect(lost).toMatchObject({ taken: 5, applied: false, settled: true });
    expect(await counts()).toEqual({ queued: 0, ledger: 5, events: 5 });
  });

  it('reads again when the writer that beat it left some of its events queued', async () => {
    await queue(5, 'race-some');
    const lost = await batchLosingTo(3);
    expect(lost).toMatchObject({ taken: 5, applied: false, settled: false });
    expect(await counts()).toEqual({ queued: 2, ledger: 3, events: 3 });
    // The next read takes the rest.
    const s = sequencer();
    await s.settle();
    expect(await counts()).toEqual({ queued: 0, ledger: 5, events: 5 });
    await s.stop();
  });

  it('sweeps what an instance left queued (it stopped between commit and settle)', async () => {
    const s = sequencer();
    await queue(5, 'crash');
    expect((await counts()).queued).toBe(5);
    await s.sweep();
    expect(await counts()).toEqual({ queued: 0, ledger: 5, events: 5 });
    // Nothing queued: the sweep answers without a run.
    await s.sweep();
    expect((await counts()).ledger).toBe(5);
    await s.stop();
  });

  it('logs a failed run and leaves its events queued for the next one', async () => {
    const logger = pino({ level: 'silent' });
    const error = vi.spyOn(logger, 'error');
    const s = sequencer({ logger });
    await queue(3, 'fail');
    // A broken database for one run: the counters' row is gone.
    await database.pool.query('delete from emission_state');
    await s.settle();
    expect(error).toHaveBeenCalledWith(expect.anything(), 'emission sequencer failed');
    expect((await counts()).queued).toBe(3);
    await database.pool.query(
      'insert into emission_state (id, total_events, total_minted) values (1, 0, 0)',
    );
    await s.settle();
    expect(await counts()).toEqual({ queued: 0, ledger: 3, events: 3 });
    await s.stop();
  });

  it('settles soon, in one batch for every caller meanwhile, when no one waits', async () => {
    const batches: number[] = [];
    let applied!: () => void;
    const firstBatch = new Promise<void>((resolve) => (applied = resolve));
    const s = sequencer({
      afterBatch: async (events) => {
        batches.push(events.length);
        applied();
      },
    });
    await queue(3, 'soon');
    s.settleSoon();
    s.settleSoon();
    s.settleSoon();
    // Nothing runs before the moment has passed.
    expect(batches).toEqual([]);
    await firstBatch;
    expect(await counts()).toEqual({ queued: 0, ledger: 3, events: 3 });
    expect(batches).toEqual([3]);
    await s.stop();
  });

  it('sequences the next batch while the last one’s afterBatch runs; callers wait for theirs', async () => {
    const started: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const s = sequencer({
      afterBatch: async (events) => {
        started.push(events.length);
        await gate;
      },
    });
    const resolved: string[] = [];
    await queue(2, 'first');
    const first = s.settle().then(() => resolved.push('first'));
    await vi.waitFor(() => expect(started).toEqual([2]));
    await queue(3, 'second');
    const second = s.settle().then(() => resolved.push('second'));
    // The second batch is applied while the first batch's afterBatch is still held...
    await vi.waitFor(async () =>
      expect(await counts()).toEqual({ queued: 0, ledger: 5, events: 5 }),
    );
    // ...and its own afterBatch waits its turn, as both callers wait for theirs.
    expect(started).toEqual([2]);
    expect(resolved).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(started).toEqual([2, 3]);
    expect(resolved).toEqual(['first', 'second']);
    await s.stop();
  });

  it('runs a settleSoon still waiting when it stops', async () => {
    const s = sequencer();
    await queue(2, 'soon-stop');
    s.settleSoon();
    await s.stop();
    expect(await counts()).toEqual({ queued: 0, ledger: 2, events: 2 });
  });

  it('runs nothing once stopped', async () => {
    const s = sequencer();
    await s.stop();
    await queue(2, 'stopped');
    await s.settle();
    await s.sweep();
    expect((await counts()).queued).toBe(2);
  });
});
