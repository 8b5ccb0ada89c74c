import type { SharedContext } from '../../context.ts';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import type { PaymentDeps } from './service.ts';
import { watchPayments, type PaymentRecorder, type WatchResult } from './watcher.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type PaymentsJobsContext = Pick<SharedContext, 'chain' | 'clock' | 'database' | 'logger'>;

/** Built once per context (create-context.ts), for this watcher and the actions slice. */
export function paymentDepsOf(ctx: Omit<PaymentsJobsContext, 'logger'>): PaymentDeps {
  return { pool: ctx.database.pool, chain: ctx.chain, clock: ctx.clock };
}

/** How often each instance looks for open intents' payments on the cluster. */
export const PAYMENT_WATCH_INTERVAL_MS = 5_000;

export type PaymentWatcher = PeriodicJob<WatchResult>;

/**
 * Runs the watcher (watcher.ts) every PAYMENT_WATCH_INTERVAL_MS on this instance; main.ts
 * starts it with the recorder of the features intents are made for and stops it on shutdown.
 */
export function startPaymentWatcher(
  ctx: Pick<PaymentsJobsContext, 'logger'>,
  payments: PaymentDeps,
  record: PaymentRecorder,
): PaymentWatcher {
  const deps = { ...payments, logger: ctx.logger };
  return startPeriodicJob({
    name: 'payment watcher',
    intervalMs: PAYMENT_WATCH_INTERVAL_MS,
    logger: ctx.logger,
    run: () => watchPayments(deps, record),
    report: (result) => {
      if (result.recorded > 0) ctx.logger.info(result, 'payments found on the cluster');
    },
  });
}
