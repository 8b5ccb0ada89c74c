import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createAppContext } from './create-context.ts';
import { createLogger } from './logger.ts';
import { startPeriodicJob } from './periodic-job.ts';
import { startAnalyticsJobs } from './modules/analytics/index.ts';
import { actionPaymentRecorder } from './modules/actions/index.ts';
import { startCapsuleJobs } from './modules/capsules/index.ts';
import { startDiscoverJobs } from './modules/discover/index.ts';
import { startEscrowIndexer } from './modules/escrow/index.ts';
import { startFeedJobs } from './modules/feed/index.ts';
import { startModerationJobs } from './modules/moderation/index.ts';
import { startMysteryJobs } from './modules/mystery/index.ts';
import { startPaymentWatcher } from './modules/payments/index.ts';
import { startPollJobs } from './modules/polls/index.ts';
import { startPushDrainer } from './modules/push/index.ts';
import { startTrustJob } from './modules/trust/index.ts';
import { startOutboxDrainer } from './realtime/index.ts';

/** The composition root: environment → config → context → listening server. */
// eslint-disable-next-line max-lines-per-function -- the composition root: each job started and stopped in order
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(
    config.logLevel,
    config.env === 'development' && process.stdout.isTTY,
  );
  const { ctx, close: closeContext } = await createAppContext(config, { logger });
  const app = await buildApp(ctx);
  // Deletes expired free posts (and abandoned uploads) every FEED_EXPIRY_INTERVAL_SECONDS.
  const feedJobs = startFeedJobs(ctx);
  const moderationJobs = startModerationJobs(ctx, ctx.slices.moderation);
  // Recomputes trending posts, trending tags and top creators (on start, then every minute).
  const discoverJobs = startDiscoverJobs(ctx);
  // Opens time capsules whose time has come (on start, then every 5 seconds).
  const capsuleJobs = startCapsuleJobs(ctx);
  // Tells the authors of ended polls (on start, then every 15 seconds).
  const pollJobs = startPollJobs(ctx);
  // Opens mystery vaults whose timer has ended (on start, for those whose time passed while
  // down, then every 15 s).
  const mysteryJobs = startMysteryJobs(ctx, ctx.slices.mystery);
  // Re-indexes escrow vaults from the chain every ESCROW_INDEX_INTERVAL_MS.
  const escrowIndexer = startEscrowIndexer(ctx);
  // Records blink payments whose client never called back, found on the cluster by their
  // intent's reference (every 5 s).
  const paymentWatcher = startPaymentWatcher(
    ctx,
    ctx.slices.payments,
    actionPaymentRecorder(ctx.slices.actions),
  );
  // Recomputes every wallet's trust from the ledger (on start, then every
  // TRUST_RECOMPUTE_SECONDS, one instance at a time).
  const trustJob = startTrustJob(ctx);
  // Moves the actions' pending day-counter changes into their rows (on start, then every
  // second, one instance at a time).
  const analyticsJobs = startAnalyticsJobs({ pool: ctx.database.pool, logger });
  // Sequences rewarded events whose own request did not (a crash between commit and settle, or
  // another instance's run that was stopped): on start, then every second.
  const emissionSweep = startPeriodicJob({
    name: 'emission sweep',
    intervalMs: 1000,
    logger,
    run: () => ctx.emissions.sweep(),
  });
  void emissionSweep.runOnce();
  // Publishes what the realtime outbox still holds (an event whose writer died between its
  // commit and its publish): on start, then every OUTBOX_DRAIN_MS.
  const outboxDrainer = startOutboxDrainer({
    pool: ctx.database.pool,
    bus: ctx.bus,
    logger,
    intervalMs: config.outboxDrainMs,
  });

  // Sends queued Web Push notifications that are due (retries, and what a dead instance left):
  // on start, then every 2 s.
  const pushDrainer = startPushDrainer(ctx.push, logger);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await feedJobs.stop();
      await moderationJobs.stop();
      await discoverJobs.stop();
      await capsuleJobs.stop();
      await pollJobs.stop();
      await mysteryJobs.stop();
      await escrowIndexer.stop();
      await paymentWatcher.stop();
      await trustJob.stop();
      await analyticsJobs.stop();
      await emissionSweep.stop();
      await outboxDrainer.stop();
      await pushDrainer.stop();
      await app.close();
      // The sequencer, the localnet (which writes its snapshot, so the next start replays
      // nothing), Redis, then the database.
      await closeContext();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  logger.info(
    { url: config.appOrigin, database: ctx.database.kind, cluster: config.solana.cluster },
    'Dum Club is running',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
