import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import { ROLLUP_BATCH, rollupDailyChanges } from './repo.ts';

/** How often the day counters' pending changes are moved into their rows. */
const ROLLUP_INTERVAL_MS = 1000;

/**
 * Moves the actions' pending counter changes into analytics_daily (repo.ts rollupDailyChanges),
 * on start and then every second, until the table is drained: reads are exact either way, so
 * this only keeps the pending table, which every read adds, short.
 */
export function startAnalyticsJobs(deps: {
  pool: pg.Pool;
  logger: FastifyBaseLogger;
}): PeriodicJob<number> {
  const job = startPeriodicJob({
    name: 'analytics rollup',
    intervalMs: ROLLUP_INTERVAL_MS,
    logger: deps.logger,
    run: async () => {
      let moved = 0;
      for (;;) {
        const batch = await rollupDailyChanges(deps);
        moved += batch;
        if (batch < ROLLUP_BATCH) return moved;
      }
    },
  });
  void job.runOnce();
  return job;
}
