import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Queryable } from '../../db/prepared.ts';
import {
  dayKey,
  onceKey,
  pairKey,
  sequenceEvents,
  type ActorFacts,
  type EarningRules,
  type EmissionTotals,
  type QueuedEvent,
  type RewardedEventKind,
  type SequenceOutput,
} from './emission-rules.ts';
import {
  dumMinted,
  emissionBatchDuration,
  emissionEvents,
  emissionSettleDuration,
} from '../../metrics.ts';
import { readEmissionTotals } from './repo.ts';
import { createTotalsCache } from './stats-cache.ts';

/**
 * Gives queued rewarded events their ledger rows (decision 010), a batch at a time, in two
 * statements and no transaction held between them (optimistic concurrency):
 * 1. one read, in one snapshot: the emission counters with their row version, the oldest
 *    queued events, and what the rules need about them (names, referral state, each actor's
 *    rewarded events that UTC day, actions the ledger already paid);
 * 2. `sequenceEvents` (pure) decides, and one write applies it only if the counters' row is
 *    still the version read: it locks that row, moves the counters, takes the batch out of the
 *    queue and appends ledger rows, credits and Live Activity, all or nothing, one durable
 *    commit for the whole batch.
 * Every mint changes the counters' row, so a write that finds another version knows someone
 * minted in between (another instance's run, a staking claim): it writes nothing, and the run
 * reads again unless that writer took every event of the batch (the write answers whether any
 * is still queued). Any instance may run at any time.
 */
export interface EmissionSequencer {
  /**
   * Sequences every event committed before this call, then resolves. Concurrent callers share
   * runs (one in flight per instance, and at most one more queued behind it). Never rejects: a
   * failed run is logged and its events stay queued for the next one.
   */
  settle(): Promise<void>;
  /**
   * settle() a moment from now (SETTLE_SOON_MS), once for every caller meanwhile: for events no
   * answer waits on (a tip's reward), so that under load they share one batch instead of each
   * paying for a batch of its own (a batch's read and write cost about the same for 2 events as
   * for 40). A settle() meanwhile, or stop(), runs it at once.
   */
  settleSoon(): void;
  /** settle() if anything is queued (the periodic sweep: events of a crashed instance). */
  sweep(): Promise<void>;
  /** No new runs; waits for the one in flight. */
  stop(): Promise<void>;
  /** The ledger's counters, from memory (stats-cache.ts). */
  totals(): Promise<EmissionTotals>;
}

export interface SequencerOptions {
  database: Pick<Database, 'pool'>;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The daily caps and the established rule (config: DAILY_REWARD_CAP, ESTABLISHED_*...). */
  rules: EarningRules;
  /** Events per batch (default 1,000). */
  batchSize?: number;
  /** How old the counters `totals()` answers may be (EMISSIONS_STATS_MAX_AGE_MS, default 1 s). */
  statsMaxAgeMs?: number;
  /**
   * Runs after a batch this instance applied, with its events, before the callers of settle()
   * resume: work that follows from an event having its ledger row (the verified tick counts
   * ledger rows), done once per batch rather than once per request. One runs at a time, in the
   * order the batches were applied, while the next batch is read and written: the sequencer's
   * pace does not wait on it. A failure is logged; the batch stays applied.
   */
  afterBatch?: (events: readonly SequencedEvent[]) => Promise<void>;
}

/** What afterBatch learns about each event of a batch. */
export type SequencedEvent = Pick<QueuedEvent, 'kind' | 'actorId' | 'subjectId'>;

/** How long settleSoon() gathers events: a Live Activity line later by this much, unseen. */
const SETTLE_SOON_MS = 25;

/** `run` once `ms` from the first request, however many come meanwhile. */
function deferredOnce(run: () => void, ms: number) {
  let timer: NodeJS.Timeout | null = null;
  return {
    request(): void {
      timer ??= setTimeout(() => {
        timer = null;
        run();
      }, ms);
    },
    /** Cancels a waiting run: whether there was one. */
    take(): boolean {
      if (!timer) return false;
      clearTimeout(timer);
      timer = null;
      return true;
    },
  };
}

/** options.afterBatch, never rejecting: the batch has committed whatever it answers. */
async function runAfterBatch(
  options: Pick<SequencerOptions, 'afterBatch' | 'logger'>,
  events: readonly SequencedEvent[],
): Promise<void> {
  if (!options.afterBatch || events.length === 0) return;
  try {
    await options.afterBatch(events);
  } catch (error) {
    options.logger.error({ err: error }, 'work after an emission batch failed');
  }
}

export function createEmissionSequencer(options: SequencerOptions): EmissionSequencer {
  const batchSize = options.batchSize ?? 1000;
  /** The run in flight, until its last write: the next run may start then. */
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  /**
   * Every applied batch's afterBatch, one after another in the order the batches were applied.
   * The next batch does not wait for them (its read and write go on meanwhile), the callers of
   * settle() do.
   */
  let afterBatches: Promise<void> = Promise.resolve();
  let stopped = false;
  const totals = createTotalsCache({
    maxAgeMs: options.statsMaxAgeMs ?? 1000,
    clock: options.clock,
    load: () => readEmissionTotals(options.database.pool),
    onError: (error) => options.logger.warn({ err: error }, 'emission counters read failed'),
  });

  /** Sequences until the queue is empty; answers what its callers wait for after that. */
  async function runUntilEmpty(): Promise<{ done: Promise<void> }> {
    try {
      while (!stopped) {
        const timer = emissionBatchDuration.startTimer();
        const batch = await sequenceBatch(options.database, {
          batchSize,
          rules: options.rules,
          now: options.clock.now(),
        });
        timer({ outcome: batch.taken === 0 ? 'empty' : batch.applied ? 'applied' : 'lost' });
        if (batch.applied) {
          totals.offer(batch.totals);
          const { events } = batch;
          afterBatches = afterBatches.then(() => runAfterBatch(options, events));
        }
        // Done once a batch saw the whole queue and its events have their ledger rows (this
        // write, or another writer's that took them all first). Otherwise read again.
        if (batch.settled && batch.taken < batchSize) break;
      }
    } catch (error) {
      options.logger.error({ err: error }, 'emission sequencer failed');
    }
    return { done: afterBatches };
  }

  function settle(): Promise<void> {
    // This run sequences every event committed before it, those of a waiting settleSoon too.
    soon.take();
    const timer = emissionSettleDuration.startTimer();
    return join().finally(() => timer());
  }

  function join(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!running) {
      const run = runUntilEmpty();
      running = run.then(() => {
        running = null;
      });
      return run.then(({ done }) => done);
    }
    // A run in flight may have read the queue before the caller's commit: queue one more
    // after it, shared by everyone who arrives meanwhile.
    next ??= running.then(() => {
      next = null;
      return join();
    });
    return next;
  }

  const soon = deferredOnce(() => void settle(), SETTLE_SOON_MS);

  return {
    settle,
    settleSoon: () => {
      if (!stopped) soon.request();
    },
    totals: () => totals.get(),
    async sweep() {
      if (stopped) return;
      const pending = await options.database.pool.query<{ pending: boolean }>(
        'select exists (select 1 from emission_queue) as pending',
      );
      if (pending.rows[0]?.pending) await join();
    },
    async stop() {
      if (soon.take()) void settle();
      stopped = true;
      await next;
      await running;
      await afterBatches;
    },
  };
}

/**
 * One batch: how many queued events it read, whether its write applied (false: the counters
 * moved since the read, nothing was written), and whether its events have their ledger rows
 * (applied, or another writer took every one of them: its events need no second read).
 */
export async function sequenceBatch(
  database: Pick<Database, 'pool'>,
  options: { batchSize: number; rules: EarningRules; now: Date },
): Promise<{
  taken: number;
  applied: boolean;
  settled: boolean;
  totals: EmissionTotals;
  events: readonly QueuedEvent[];
}> {
  const read = await readBatch(database.pool, options.batchSize);
  if (read.events.length === 0) {
    return { taken: 0, applied: true, settled: true, totals: read.totals, events: [] };
  }
  const output = sequenceEvents({
    totals: read.totals,
    events: read.events,
    actors: read.actors,
    earnedOnDay: read.earnedOnDay,
    pairOnDay: read.pairOnDay,
    referralsOnDay: read.referralsOnDay,
    alreadyRecorded: read.alreadyRecorded,
    rules: options.rules,
  });
  const { applied, pending } = await writeBatch(database.pool, {
    output,
    version: read.version,
    eventIds: read.events.map((e) => e.id),
    now: options.now,
  });
  if (applied) {
    emissionEvents.inc(output.ledger.length);
    dumMinted.inc(Number(output.totals.totalMinted - read.totals.totalMinted));
  }
  return {
    taken: read.events.length,
    applied,
    settled: applied || !pending,
    totals: output.totals,
    events: read.events,
  };
}

interface BatchRead {
  totals: { totalEvents: bigint; totalMinted: bigint };
  /** The counters' row version (its xmin): the write applies only if it is still this one. */
  version: string;
  /** Oldest first. */
  events: QueuedEvent[];
  actors: Map<string, ActorFacts>;
  earnedOnDay: Map<string, number>;
  pairOnDay: Map<string, number>;
  referralsOnDay: Map<string, number>;
  alreadyRecorded: Set<string>;
}

/**
 * The batch and everything the rules need to know about it, in one statement (one snapshot):
 * the counters, the oldest queued events, the facts of every wallet involved (actors, the
 * receivers of their likes and comments, their referrers: public name, referral state, the
 * established rule's standing), each (wallet, UTC day)'s daily-cap slots and referral bonuses
 * so far, each (giver, receiver, UTC day)'s rewarded likes and comments, and which of the
 * batch's actions the ledger already holds (an action done twice, queued twice: its second
 * event pays nothing).
 */
// eslint-disable-next-line max-lines-per-function -- one SQL statement, best read whole
async function readBatch(db: Queryable, batchSize: number): Promise<BatchRead> {
  const { rows } = await db.query<{
    total_events: string;
    total_minted: string;
    version: string;
    events: Array<{
      id: string;
      kind: RewardedEventKind;
      actorId: string;
      subjectId: string | null;
      reference: string;
      createdAt: string;
      recorded: boolean;
    }>;
    actors: Array<{
      id: string;
      name: string;
      solAddress: string;
      createdAt: string;
      firstPostAt: string | null;
      vouchedAt: string | null;
      trustPpm: number;
      referredById: string | null;
      referralPaid: boolean;
      referrerPaid: boolean;
      earningStops: Array<{ from: string; until: string | null }>;
    }>;
    days: Array<{ userId: string; day: string; n: number; referrals: number }>;
    pairs: Array<{ actorId: string; subjectId: string; day: string; n: number }>;
  }>({
    name: 'emissions_read_batch',
    // Lookups per queued event or wallet (LATERAL: index probes), never joins the planner
    // could turn into scans of the whole ledger or users table.
    text: `with taken as (
        select id, kind, actor_id, subject_id, reference, created_at from emission_queue
        order by id limit $1
      ), referrers as (
        select distinct t.actor_id, r.referred_by_id, date_trunc('day', t.created_at, 'UTC') as day_start
        from taken t
        cross join lateral (select referred_by_id from users where id = t.actor_id limit 1) r
        where r.referred_by_id is not null
      ), people as (
        select actor_id as id from taken
        union select subject_id from taken where subject_id is not null
        union select referred_by_id from referrers
      ), days as (
        select actor_id as user_id, date_trunc('day', created_at, 'UTC') as day_start from taken
        union select referred_by_id, day_start from referrers
      )
      select s.total_events::text, s.total_minted::text, s.xmin::text as version,
        (select coalesce(json_agg(json_build_object('id', t.id::text, 'kind', t.kind,
            'actorId', t.actor_id, 'subjectId', t.subject_id, 'reference', t.reference,
            'createdAt', t.created_at,
            'recorded', exists (
              select 1 from emission_ledger l
              where l.kind = t.kind and l.reference = t.reference and l.recipient_id = t.actor_id
            ))
            order by t.id), '[]'::json)
          from taken t) as events,
        (select coalesce(json_agg(json_build_object(
            'id', u.id,
            'name', coalesce(u.display_name, u.username, u.sol_address),
            'solAddress', u.sol_address,
            'createdAt', u.created_at,
            'firstPostAt', w.first_post_at,
            'vouchedAt', w.vouched_at,
            -- Trust's weight (modules/trust): absent, none.
            'trustPpm', coalesce(
              (select ts.weight_ppm from trust_scores ts where ts.user_id = u.id), 0),
            'referredById', u.referred_by_id,
            'referralPaid', u.referred_by_id is null or exists (
              select 1 from emission_ledger l
              where l.kind = 'referral_friend' and l.reference = u.id::text
                and l.recipient_id = u.id
            ),
            'referrerPaid', u.referred_by_id is null or exists (
              select 1 from emission_ledger l
              where l.kind = 'referral_referrer' and l.reference = u.id::text
                and l.recipient_id = u.referred_by_id
            ),
            -- Moderation's suspensions and earning holds (modules/moderation).
            'earningStops', (select coalesce(json_agg(json_build_object('from', r.created_at,
                'until', case when r.lifted_at is null then r.ends_at
                  when r.ends_at is null then r.lifted_at
                  else least(r.ends_at, r.lifted_at) end)), '[]'::json)
              from wallet_restrictions r where r.user_id = u.id)
          )), '[]'::json)
          from people p
          cross join lateral (select * from users where id = p.id limit 1) u
          left join wallet_standing w on w.user_id = u.id) as actors,
        (select coalesce(json_agg(json_build_object('userId', d.user_id, 'day', d.day_start,
            'n', n.slots, 'referrals', n.referrals)), '[]'::json)
          from days d
          cross join lateral (
            select
              count(*) filter (where l.event_index is not null
                or l.kind in ('referral_friend', 'referral_referrer')) as slots,
              count(*) filter (where l.kind = 'referral_referrer') as referrals
            from emission_ledger l
            where l.recipient_id = d.user_id
              and l.created_at >= d.day_start and l.created_at < d.day_start + interval '1 day'
          ) n) as days,
        (select coalesce(json_agg(json_build_object('actorId', p.actor_id,
            'subjectId', p.subject_id, 'day', p.day_start, 'n', n.count)), '[]'::json)
          from (
            select distinct actor_id, subject_id, date_trunc('day', created_at, 'UTC') as day_start
            from taken
            where subject_id is not null and kind in ('like_given', 'comment_created', 'reply_created', 'poll_voted',
              'repost_given', 'quote_created')
          ) p
          cross join lateral (
            select count(*) from emission_ledger l
            where l.recipient_id = p.actor_id and l.subject_id = p.subject_id
              and l.event_index is not null and l.kind in ('like_given', 'comment_created', 'reply_created', 'poll_voted',
              'repost_given', 'quote_created')
              and l.created_at >= p.day_start and l.created_at < p.day_start + interval '1 day'
          ) n) as pairs
      from emission_state s where s.id = 1`,
    values: [batchSize],
  });
  const row = rows[0];
  if (!row) throw new Error('emission_state row is missing');
  const earnedOnDay = new Map<string, number>();
  const referralsOnDay = new Map<string, number>();
  for (const { userId, day, n, referrals } of row.days) {
    const key = dayKey(userId, new Date(day));
    if (n > 0) earnedOnDay.set(key, n);
    if (referrals > 0) referralsOnDay.set(key, referrals);
  }
  const pairOnDay = new Map<string, number>();
  for (const { actorId, subjectId, day, n } of row.pairs) {
    if (n > 0) pairOnDay.set(pairKey(actorId, subjectId, new Date(day)), n);
  }
  const date = (value: string | null): Date | null => (value === null ? null : new Date(value));
  return {
    totals: { totalEvents: BigInt(row.total_events), totalMinted: BigInt(row.total_minted) },
    version: row.version,
    events: row.events.map((e) => ({
      id: BigInt(e.id),
      kind: e.kind,
      actorId: e.actorId,
      subjectId: e.subjectId,
      reference: e.reference,
      createdAt: new Date(e.createdAt),
    })),
    actors: new Map(
      row.actors.map((a) => [
        a.id,
        {
          name: a.name,
          referredById: a.referredById,
          referralPaid: a.referralPaid,
          referrerPaid: a.referrerPaid,
          trustPpm: a.trustPpm,
          earningStops: a.earningStops.map((stop) => ({
            from: new Date(stop.from),
            until: date(stop.until),
          })),
          standing: {
            solAddress: a.solAddress,
            createdAt: new Date(a.createdAt),
            firstPostAt: date(a.firstPostAt),
            vouchedAt: date(a.vouchedAt),
          },
        },
      ]),
    ),
    earnedOnDay,
    pairOnDay,
    referralsOnDay,
    alreadyRecorded: new Set(
      row.events.flatMap((e) => (e.recorded ? [onceKey(e.kind, e.reference, e.actorId)] : [])),
    ),
  };
}

/**
 * The batch's writes in one statement, all conditional on the counters' row still being the
 * version the batch was read at (compare and set, under that row's lock): counters, the batch
 * out of the queue, ledger rows and Live Activity in order (their ids follow it), the per-day
 * sums analytics reads, credits; the last three through their owners' SQL functions.
 * Answers whether it applied and, for a write that did not, whether any of the batch's events
 * is still queued (false: another writer took them all; true may also mean that writer had not
 * committed yet).
 */
// eslint-disable-next-line max-lines-per-function -- one SQL statement, best read whole
async function writeBatch(
  db: Queryable,
  batch: { output: SequenceOutput; version: string; eventIds: bigint[]; now: Date },
): Promise<{ applied: boolean; pending: boolean }> {
  const { ledger, activity: lines, totals, standing } = batch.output;
  const learnt = [...standing].sort(([a], [b]) => (a < b ? -1 : 1));
  // Accounts in id order: the same lock order in every run.
  const credits = [...batch.output.credits].sort(([a], [b]) => (a < b ? -1 : 1));
  const { rows } = await db.query<{ applied: boolean }>({
    name: 'emissions_write_batch',
    // Kept prepared: it touches the queue only through dequeue_emission_events, which plans
    // its delete at each call (the reason is in its source), so no kept plan scans the queue.
    text: `with counters as (
        update emission_state
        set total_events = $1::bigint, total_minted = $2::bigint, updated_at = $3
        where id = 1 and xmin::text = $4
        returning 1
      ), dequeued as (
        select dequeue_emission_events($5::bigint[]) from counters
      ), ledger as (
        insert into emission_ledger
          (event_index, epoch, amount, recipient_id, subject_id, kind, reference, created_at)
        select event_index, epoch, amount, recipient_id, subject_id, kind, reference, created_at
        from unnest($6::bigint[], $7::int[], $8::bigint[], $9::uuid[], $20::uuid[], $10::text[],
          $11::text[], $12::timestamptz[])
          with ordinality as e(event_index, epoch, amount, recipient_id, subject_id, kind,
            reference, created_at, n)
        where exists (select 1 from counters)
        order by n
        returning 1
      ), dum_days as (
        -- The recipients' DUM per UTC day and kind (analytics'), in step with the ledger rows;
        -- the balances (economy's), in id order; Live Activity (economy's), in order: each the
        -- owner's function, called for the counters' row (none when the batch lost its race).
        select analytics_add_dum_days($9::uuid[], $10::text[], $8::bigint[], $12::timestamptz[])
        from counters
      ), credits as (
        select credit_dum_accounts($13::uuid[], $14::bigint[], $3) from counters
      ), feed as (
        select record_live_activities($15::text[], $16::text[], $24::jsonb[], $17::uuid[],
          $18::text[], $19::timestamptz[])
        from counters
      ), standing as (
        insert into wallet_standing (user_id, first_post_at, vouched_at)
        select user_id, first_post_at, vouched_at
        from unnest($21::uuid[], $22::timestamptz[], $23::timestamptz[])
          as w(user_id, first_post_at, vouched_at)
        where exists (select 1 from counters) and exists (select 1 from users where id = w.user_id)
        on conflict (user_id) do update set
          first_post_at = coalesce(wallet_standing.first_post_at, excluded.first_post_at),
          vouched_at = coalesce(wallet_standing.vouched_at, excluded.vouched_at)
        returning 1
      )
      select exists (select 1 from counters) as applied
      -- A select runs only when read: joined, so the functions are called.
      from (select 1) as one left join dequeued on true
        left join dum_days on true left join credits on true left join feed on true`,
    values: [
      totals.totalEvents.toString(),
      totals.totalMinted.toString(),
      batch.now,
      batch.version,
      batch.eventIds.map((id) => id.toString()),
      ledger.map((e) => e.eventIndex?.toString() ?? null),
      ledger.map((e) => (e.epoch === null ? null : Number(e.epoch))),
      ledger.map((e) => e.amount.toString()),
      ledger.map((e) => e.recipientId),
      ledger.map((e) => e.kind),
      ledger.map((e) => e.reference),
      ledger.map((e) => e.createdAt.toISOString()),
      credits.map(([userId]) => userId),
      credits.map(([, amount]) => amount.toString()),
      lines.map((l) => l.type),
      lines.map((l) => l.message),
      lines.map((l) => l.userId),
      lines.map((l) => l.reference),
      lines.map((l) => l.createdAt.toISOString()),
      ledger.map((e) => e.subjectId),
      learnt.map(([userId]) => userId),
      learnt.map(([, u]) => u.firstPostAt?.toISOString() ?? null),
      learnt.map(([, u]) => u.vouchedAt?.toISOString() ?? null),
      lines.map((l) => JSON.stringify(l.params)),
    ],
  });
  if (rows[0]?.applied) return { applied: true, pending: false };
  return { applied: false, pending: await stillQueued(db, batch.eventIds) };
}

/**
 * Whether any of `ids` is still queued: after a write that lost its race, false means the
 * writer that won took them all. Unnamed, so planned for the queue as it is (the reason is
 * dequeue_emission_events').
 */
async function stillQueued(db: Queryable, ids: bigint[]): Promise<boolean> {
  const { rows } = await db.query<{ queued: boolean }>(
    'select exists (select 1 from emission_queue where id = any($1::bigint[])) as queued',
    [ids.map((id) => id.toString())],
  );
  return rows[0]?.queued ?? true;
}
