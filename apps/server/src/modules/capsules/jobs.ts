import type { SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import { openCapsules, type OpeningResult } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type CapsulesJobsContext = Pick<SharedContext, 'clock' | 'database' | 'logger'> & { bus: EventBus };

/** How often the opening job looks for capsules whose time has come. */
export const CAPSULE_OPEN_INTERVAL_MS = 5_000;

export type CapsuleJobs = PeriodicJob<OpeningResult>;

/**
 * Opens due time capsules on start (those whose time passed while the server was down) and
 * then every CAPSULE_OPEN_INTERVAL_MS (periodic-job.ts). main.ts starts it and stops it on
 * shutdown, before the database closes; tests call openCapsules directly.
 */
export function startCapsuleJobs(ctx: CapsulesJobsContext): CapsuleJobs {
  const deps = {
    pool: ctx.database.pool,
    clock: ctx.clock,
    bus: ctx.bus,
    logger: ctx.logger,
  };
  const job = startPeriodicJob({
    name: 'time capsule opening',
    intervalMs: CAPSULE_OPEN_INTERVAL_MS,
    logger: ctx.logger,
    run: () => openCapsules(deps, ctx.clock.now()),
    report: (result) => {
      if (result.opened > 0) ctx.logger.info(result, 'time capsules opened');
    },
  });
  void job.runOnce();
  return job;
}
