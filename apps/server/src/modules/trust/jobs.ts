import type { SharedContext } from '../../context.ts';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import { recomputeTrust, type TrustPolicy, type TrustRecomputeResult } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type TrustJobsContext = Pick<SharedContext, 'clock' | 'config' | 'database' | 'logger'>;

/** The policy every slice reads trust with (config: TRUST_REWARDS, ESTABLISHED_SEED_WALLETS). */
export function trustPolicyOf(ctx: Pick<SharedContext, 'config'>): TrustPolicy {
  return {
    enabled: ctx.config.economy.trustRewards,
    seedWallets: ctx.config.economy.established.seedWallets,
  };
}

export type TrustJob = PeriodicJob<TrustRecomputeResult>;

/**
 * Recomputes trust every TRUST_RECOMPUTE_SECONDS on each instance; the run skips when another
 * instance holds the lock or computed within the interval, so the cluster computes about once
 * per interval. main.ts starts it and stops it on shutdown; tests call recomputeTrust.
 */
export function startTrustJob(ctx: TrustJobsContext): TrustJob {
  const intervalMs = ctx.config.economy.trustRecomputeMs;
  const job = startPeriodicJob({
    name: 'trust recompute',
    intervalMs,
    logger: ctx.logger,
    run: () =>
      recomputeTrust(ctx.database, {
        now: ctx.clock.now(),
        seedWallets: ctx.config.economy.established.seedWallets,
        // A little under the interval: two instances' timers drift, and neither should skip
        // a whole interval because the other ran a moment late.
        minIntervalMs: Math.floor(intervalMs * 0.8),
      }),
    report: (result) => {
      if (result.recomputed && result.durationMs > 1000) {
        ctx.logger.info(result, 'trust recomputed');
      }
    },
  });
  void job.runOnce();
  return job;
}
