import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import { runEscrowIndexPass, type EscrowDeps, type IndexPassResult } from './service.ts';

export type EscrowIndexer = PeriodicJob<IndexPassResult>;

/**
 * Re-indexes escrow vaults every ESCROW_INDEX_INTERVAL_MS, so nobody depends on a client
 * calling sync. Safe on several instances: each pass claims its batch with a lease taken under
 * SKIP LOCKED (repo.ts claimDueVaults). One pass at a time per instance; main.ts stops it on
 * shutdown (waiting for the pass in flight) before the database closes.
 */
export function startEscrowIndexer(ctx: {
  escrow: EscrowDeps;
  logger: FastifyBaseLogger;
}): EscrowIndexer {
  const deps = ctx.escrow;
  return startPeriodicJob({
    name: 'escrow index pass',
    intervalMs: deps.indexIntervalMs,
    logger: ctx.logger,
    enabled: deps.enabled,
    run: () => runEscrowIndexPass(deps),
    report: (result) => {
      if (result.synced > 0 || result.failed > 0) ctx.logger.debug(result, 'escrow index pass');
    },
  });
}
