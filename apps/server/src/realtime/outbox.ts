import type { Audience, RealtimeEvent } from '@dum/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../db/prepared.ts';
import { startPeriodicJob, type PeriodicJob } from '../periodic-job.ts';
import type { EventBus } from './bus.ts';

/**
 * The transactional outbox (db/schema-realtime.ts): an event that must reach its sockets at
 * least once is written in the transaction that made it true, and published from there. A crash
 * between the commit and the publish costs a delay, not the event: the next drain, on any
 * instance, publishes it. Receivers drop a repeat by its `eventId`.
 */

/** Adds an event to the outbox in the caller's transaction. */
export async function enqueueEvent(
  tx: Queryable,
  audience: Audience,
  event: RealtimeEvent,
  at: Date,
): Promise<void> {
  await tx.query({
    name: 'realtime_outbox_enqueue',
    text: `insert into realtime_outbox (audience, event, created_at)
      values ($1::jsonb, $2::jsonb, $3)`,
    values: [JSON.stringify(audience), JSON.stringify(event), at],
  });
}

export interface OutboxDeps {
  pool: pg.Pool;
  bus: Pick<EventBus, 'publish'>;
  logger: Pick<FastifyBaseLogger, 'error'>;
}

/** Rows a drain takes per transaction. */
const DRAIN_BATCH = 100;

/**
 * Publishes what the outbox holds, oldest first, a batch per transaction: the batch's rows are
 * locked (SKIP LOCKED: two instances draining at once take different rows), published, then
 * deleted when the transaction commits. If a publish throws, or the process dies before the
 * commit, the rows stay for the next drain (and what was published before it goes again: at
 * least once). Answers how many events it published; never throws
 * (a failure is logged and left to the next drain).
 */
export async function drainOutbox(deps: OutboxDeps): Promise<number> {
  let published = 0;
  try {
    for (;;) {
      const batch = await inTransaction({ pool: deps.pool }, async (client) => {
        const { rows } = await client.query<{
          id: string;
          audience: Audience;
          event: RealtimeEvent;
          created_at: Date;
        }>({
          name: 'realtime_outbox_take',
          text: `delete from realtime_outbox where id in (
              select id from realtime_outbox order by id limit $1 for update skip locked)
            returning id::text, audience, event, created_at`,
          values: [DRAIN_BATCH],
        });
        rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
        for (const row of rows) {
          await deps.bus.publish({
            kind: 'event',
            audience: row.audience,
            event: row.event,
            timestamp: new Date(row.created_at).toISOString(),
            eventId: `outbox-${row.id}`,
          });
        }
        return rows.length;
      });
      published += batch;
      if (batch < DRAIN_BATCH) return published;
    }
  } catch (error) {
    deps.logger.error({ err: error }, 'realtime outbox drain failed');
    return published;
  }
}

export type OutboxDrainer = PeriodicJob<number>;

/**
 * Drains the outbox every `intervalMs` (OUTBOX_DRAIN_MS): what a writer's own drain after its
 * commit did not publish (it died first, or the bus refused) goes out within the interval.
 */
export function startOutboxDrainer(
  deps: OutboxDeps & { logger: FastifyBaseLogger; intervalMs: number },
): OutboxDrainer {
  const job = startPeriodicJob({
    name: 'realtime outbox',
    intervalMs: deps.intervalMs,
    logger: deps.logger,
    run: () => drainOutbox(deps),
  });
  void job.runOnce();
  return job;
}
