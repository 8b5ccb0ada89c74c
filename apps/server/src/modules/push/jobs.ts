import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import type { DrainResult } from './delivery.ts';
import type { PushService } from './hook.ts';

export type PushDrainer = PeriodicJob<DrainResult | null>;

/**
 * How often each instance sends what is due: retries after their backoff, and what an instance
 * that died after queueing left (a new notification is sent at once by the instance that
 * queued it).
 */
export const PUSH_DRAIN_INTERVAL_MS = 2_000;

export function startPushDrainer(push: PushService, logger: FastifyBaseLogger): PushDrainer {
  const job = startPeriodicJob({
    name: 'push delivery',
    intervalMs: PUSH_DRAIN_INTERVAL_MS,
    logger,
    run: () => push.drain(),
  });
  void job.runOnce();
  return job;
}
