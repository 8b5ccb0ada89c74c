import type { SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import { notifyEndedPolls, type EndingResult } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type PollsJobsContext = Pick<SharedContext, 'clock' | 'database' | 'logger'> & { bus: EventBus };

/** How often the ending job looks for polls that ended. */
export const POLL_ENDING_INTERVAL_MS = 15_000;

export type PollJobs = PeriodicJob<EndingResult>;

/**
 * Tells the authors of ended polls on start (those that ended while the server was down) and
 * then every POLL_ENDING_INTERVAL_MS (periodic-job.ts). main.ts starts it and stops it on
 * shutdown, before the database closes; tests call notifyEndedPolls directly.
 */
export function startPollJobs(ctx: PollsJobsContext): PollJobs {
  const deps = { pool: ctx.database.pool, clock: ctx.clock, bus: ctx.bus, logger: ctx.logger };
  const job = startPeriodicJob({
    name: 'poll ending',
    intervalMs: POLL_ENDING_INTERVAL_MS,
    logger: ctx.logger,
    run: () => notifyEndedPolls(deps, ctx.clock.now()),
    report: (result) => {
      if (result.notified > 0) ctx.logger.info(result, 'ended polls notified');
    },
  });
  void job.runOnce();
  return job;
}
