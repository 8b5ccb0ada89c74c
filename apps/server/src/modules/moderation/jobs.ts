import type { SharedContext } from '../../context.ts';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import { restoreEndedSuspensions, type ModerationDeps } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type ModerationJobsContext = Pick<SharedContext, 'logger'>;

export type ModerationJobs = PeriodicJob<number>;

/**
 * Gives back the posts of wallets whose suspension ended by time, every minute (a lift by a
 * moderator gives them back at once). main.ts starts it and stops it on shutdown.
 */
export function startModerationJobs(
  ctx: ModerationJobsContext,
  deps: Pick<ModerationDeps, 'db' | 'clock' | 'owners'>,
): ModerationJobs {
  return startPeriodicJob({
    name: 'moderation',
    intervalMs: 60_000,
    logger: ctx.logger,
    run: () => restoreEndedSuspensions(deps),
    report: (restored) => {
      if (restored > 0) ctx.logger.info({ restored }, 'suspensions ended');
    },
  });
}
