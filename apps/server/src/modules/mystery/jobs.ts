import type { SharedContext } from '../../context.ts';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import { openEndedMysteries, type MysteryDeps } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type MysteryJobsContext = Pick<SharedContext, 'clock' | 'logger'>;

/** How often the timer job looks for mysteries whose time is up. */
export const MYSTERY_OPEN_INTERVAL_MS = 15_000;

export type MysteryJobs = PeriodicJob<{ opened: number }>;

/**
 * Opens mysteries whose timer has ended (service.ts openEndedMysteries), on start (so those
 * whose time passed while the server was down open then) and every MYSTERY_OPEN_INTERVAL_MS.
 * main.ts starts it, with the deps the routes use too (built once, create-context.ts), and
 * stops it on shutdown; tests call openEndedMysteries directly.
 */
export function startMysteryJobs(ctx: MysteryJobsContext, deps: MysteryDeps): MysteryJobs {
  const job = startPeriodicJob({
    name: 'mystery opening',
    intervalMs: MYSTERY_OPEN_INTERVAL_MS,
    logger: ctx.logger,
    run: () => openEndedMysteries(deps, ctx.clock.now()),
    report: (result) => {
      if (result.opened > 0) ctx.logger.info(result, 'mystery vaults opened');
    },
  });
  void job.runOnce();
  return job;
}
