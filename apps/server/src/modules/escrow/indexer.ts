import type { AppContext } from '../../context.ts';
import { escrowDepsOf, runEscrowIndexPass, type IndexPassResult } from './service.ts';

export interface EscrowIndexer {
  /** Runs one pass now (also what the interval calls); null once stopped or if it failed. */
  runOnce(): Promise<IndexPassResult | null>;
  stop(): Promise<void>;
}

/**
 * Re-indexes escrow vaults every ESCROW_INDEX_INTERVAL_MS on an unref'd interval, so nobody
 * depends on a client calling sync. Safe on several instances: each pass claims its batch with
 * a lease taken under SKIP LOCKED (repo.ts claimDueVaults). One pass at a time per instance;
 * main.ts stops it on shutdown (waiting for the pass in flight) before the database closes.
 */
export function startEscrowIndexer(ctx: AppContext): EscrowIndexer {
  const deps = escrowDepsOf(ctx);
  let running: Promise<IndexPassResult | null> | null = null;
  let stopped = false;

  function runOnce(): Promise<IndexPassResult | null> {
    if (stopped || !deps.enabled) return Promise.resolve(null);
    running ??= runEscrowIndexPass(deps)
      .then((result) => {
        if (result.synced > 0 || result.failed > 0) ctx.logger.debug(result, 'escrow index pass');
        return result;
      })
      .catch((error: unknown) => {
        ctx.logger.error({ err: error }, 'escrow index pass failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void runOnce(), ctx.config.vaults.escrowIndexIntervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
