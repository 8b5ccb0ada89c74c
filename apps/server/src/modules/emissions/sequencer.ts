import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Queryable } from '../../db/prepared.ts';
import {
  dayKey,
  onceKey,
  sequenceEvents,
  utcDayStart,
  type ActorFacts,
  type QueuedEvent,
  type RewardedEventKind,
  type SequenceOutput,
} from './sequence.ts';

/**
 * Gives queued rewarded events their ledger rows (decision 010). Each run is one transaction:
 * take the emission lock, take up to a batch of queued events, read what the rules need about
 * their actors, apply `sequenceEvents`, write the ledger rows, credits, Live Activity and
 * counters, commit: one durable commit for the whole batch, where every event used to hold the
 * lock through its own. Any instance may run it at any time; the lock makes the runs take
 * turns, and a run that waited sees everything the one before it did.
 */
export interface EmissionSequencer {
  /**
   * Sequences every event committed before this call, then resolves. Concurrent callers share
   * runs (one in flight per instance, and at most one more queued behind it). Never rejects: a
   * failed run is logged and its events stay queued for the next one.
   */
  settle(): Promise<void>;
  /** settle() if anything is queued (the periodic sweep: events of a crashed instance). */
  sweep(): Promise<void>;
  /** No new runs; waits for the one in flight. */
  stop(): Promise<void>;
}

export interface SequencerOptions {
  database: Pick<Database, 'pool'>;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Rewarded events a wallet may earn on per UTC day (config DAILY_REWARD_CAP). */
  dailyCap: number;
  /** Events per transaction (default 1,000). */
  batchSize?: number;
}

export function createEmissionSequencer(options: SequencerOptions): EmissionSequencer {
  const batchSize = options.batchSize ?? 1000;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let stopped = false;

  async function runUntilEmpty(): Promise<void> {
    try {
      while (!stopped) {
        const taken = await sequenceBatch(options.database, {
          batchSize,
          dailyCap: options.dailyCap,
          now: options.clock.now(),
        });
        if (taken < batchSize) return;
      }
    } catch (error) {
      options.logger.error({ err: error }, 'emission sequencer failed');
    }
  }

  function settle(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!running) {
      running = runUntilEmpty().finally(() => {
        running = null;
      });
      return running;
    }
    // A run in flight may have read the queue before the caller's commit: queue one more
    // after it, shared by everyone who arrives meanwhile.
    next ??= running.then(() => {
      next = null;
      return settle();
    });
    return next;
  }

  return {
    settle,
    async sweep() {
      if (stopped) return;
      const pending = await options.database.pool.query<{ pending: boolean }>(
        'select exists (select 1 from emission_queue) as pending',
      );
      if (pending.rows[0]?.pending) await settle();
    },
    async stop() {
      stopped = true;
      await next;
      await running;
    },
  };
}

/** One run: returns how many queued events it took. */
export async function sequenceBatch(
  database: Pick<Database, 'pool'>,
  options: { batchSize: number; dailyCap: number; now: Date },
): Promise<number> {
  return inTransaction(database, async (client) => {
    // The emission lock and the batch in one round trip. The batch's rows are deleted here, so
    // two runs never take the same event, whichever order the two parts run in; everything the
    // rules read comes next, in a snapshot taken after the lock was granted.
    const { rows } = await client.query<{
      total_events: string;
      total_minted: string;
      id: string | null;
      kind: RewardedEventKind;
      actor_id: string;
      reference: string;
      created_at: Date;
    }>({
      name: 'emissions_take_batch',
      text: `with state as (
          select total_events, total_minted from emission_state where id = 1 for update
        ), taken as (
          delete from emission_queue
          where id in (select id from emission_queue order by id limit $1)
          returning id, kind, actor_id, reference, created_at
        )
        select state.total_events::text, state.total_minted::text, taken.id::text,
          taken.kind, taken.actor_id, taken.reference, taken.created_at
        from state left join taken on true`,
      values: [options.batchSize],
    });
    const state = rows[0];
    if (!state) throw new Error('emission_state row is missing');
    const events: QueuedEvent[] = rows
      .flatMap((row) =>
        row.id === null
          ? []
          : [
              {
                id: BigInt(row.id),
                kind: row.kind,
                actorId: row.actor_id,
                reference: row.reference,
                createdAt: new Date(row.created_at),
              },
            ],
      )
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    if (events.length === 0) return 0;
    const facts = await readBatchFacts(client, events);
    const output = sequenceEvents({
      totals: { totalEvents: BigInt(state.total_events), totalMinted: BigInt(state.total_minted) },
      events,
      ...facts,
      dailyCap: options.dailyCap,
    });
    await writeBatch(client, output, options.now);
    return events.length;
  });
}

/**
 * What the rules need to know, in one round trip: each actor's public name and referral
 * state, each (actor, UTC day)'s rewarded events so far, and which of the batch's actions the
 * ledger already holds (an action done twice, queued twice: its second event pays nothing).
 */
async function readBatchFacts(
  client: Queryable,
  events: QueuedEvent[],
): Promise<{
  actors: Map<string, ActorFacts>;
  earnedOnDay: Map<string, number>;
  alreadyRecorded: Set<string>;
}> {
  const actorIds = [...new Set(events.map((e) => e.actorId))];
  const days = [
    ...new Map(
      events.map((e) => {
        const day = utcDayStart(e.createdAt);
        return [dayKey(e.actorId, day), { actorId: e.actorId, day }] as const;
      }),
    ).values(),
  ];
  const { rows } = await client.query<{
    actors: Array<{ id: string; name: string; referredById: string | null; referralPaid: boolean }>;
    days: Array<{ i: number; n: number }>;
    recorded: Array<{ kind: string; reference: string; recipientId: string }>;
  }>({
    name: 'emissions_batch_facts',
    text: `select
        (select coalesce(json_agg(json_build_object(
            'id', u.id,
            'name', coalesce(u.display_name, u.username, u.sol_address),
            'referredById', u.referred_by_id,
            'referralPaid', u.referred_by_id is null or exists (
              select 1 from emission_ledger l
              where l.kind = 'referral_friend' and l.reference = u.id::text
                and l.recipient_id = u.id
            )
          )), '[]'::json)
          from users u where u.id = any($1::uuid[])) as actors,
        (select coalesce(json_agg(json_build_object(
            'i', d.i,
            'n', (
              select count(*) from emission_ledger l
              where l.recipient_id = d.actor_id and l.event_index is not null
                and l.created_at >= d.day_start and l.created_at < d.day_start + interval '1 day'
            )
          )), '[]'::json)
          from unnest($2::uuid[], $3::timestamptz[]) with ordinality as d(actor_id, day_start, i)
        ) as days,
        (select coalesce(json_agg(json_build_object(
            'kind', l.kind, 'reference', l.reference, 'recipientId', l.recipient_id
          )), '[]'::json)
          from emission_ledger l
          join unnest($4::text[], $5::text[], $6::uuid[]) as k(kind, reference, recipient_id)
            on l.kind = k.kind and l.reference = k.reference and l.recipient_id = k.recipient_id
        ) as recorded`,
    values: [
      actorIds,
      days.map((d) => d.actorId),
      days.map((d) => d.day.toISOString()),
      events.map((e) => e.kind),
      events.map((e) => e.reference),
      events.map((e) => e.actorId),
    ],
  });
  const row = rows[0];
  if (!row) throw new Error('batch facts returned nothing');
  const earnedOnDay = new Map<string, number>();
  for (const { i, n } of row.days) {
    const day = days[i - 1];
    if (day && n > 0) earnedOnDay.set(dayKey(day.actorId, day.day), Number(n));
  }
  return {
    actors: new Map(
      row.actors.map((a) => [
        a.id,
        { name: a.name, referredById: a.referredById, referralPaid: a.referralPaid },
      ]),
    ),
    earnedOnDay,
    alreadyRecorded: new Set(row.recorded.map((r) => onceKey(r.kind, r.reference, r.recipientId))),
  };
}

/**
 * The batch's writes in one statement (data-modifying CTEs all run): ledger rows and Live
 * Activity in order (their ids follow it), credits, and the counters.
 */
async function writeBatch(client: Queryable, output: SequenceOutput, now: Date): Promise<void> {
  const { ledger, activity: lines, totals } = output;
  // Accounts in id order: the same lock order in every run.
  const credits = [...output.credits].sort(([a], [b]) => (a < b ? -1 : 1));
  await client.query({
    name: 'emissions_write_batch',
    text: `with ledger as (
        insert into emission_ledger
          (event_index, epoch, amount, recipient_id, kind, reference, created_at)
        select event_index, epoch, amount, recipient_id, kind, reference, created_at
        from unnest($1::bigint[], $2::int[], $3::bigint[], $4::uuid[], $5::text[], $6::text[],
          $7::timestamptz[])
          with ordinality as e(event_index, epoch, amount, recipient_id, kind, reference,
            created_at, n)
        order by n
        returning 1
      ), credits as (
        insert into dum_accounts (user_id, balance, total_earned, updated_at)
        select user_id, amount, amount, $16
        from unnest($8::uuid[], $9::bigint[]) as c(user_id, amount)
        on conflict (user_id) do update set
          balance = dum_accounts.balance + excluded.balance,
          total_earned = dum_accounts.total_earned + excluded.total_earned,
          updated_at = excluded.updated_at
        returning 1
      ), feed as (
        insert into activity (type, message, user_id, reference, created_at)
        select type, message, user_id, reference, created_at
        from unnest($10::text[], $11::text[], $12::uuid[], $13::text[], $14::timestamptz[])
          with ordinality as a(type, message, user_id, reference, created_at, n)
        order by n
        returning 1
      )
      update emission_state
      set total_events = $15::bigint, total_minted = $17::bigint, updated_at = $16
      where id = 1`,
    values: [
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
      totals.totalEvents.toString(),
      now,
      totals.totalMinted.toString(),
    ],
  });
}
