import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createChainClient, defaultRpcUrl, startLocalnet } from '@dum/chain';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { systemClock, type AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { runMigrations } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import { startPeriodicJob } from './periodic-job.ts';
import { createEmissionSequencer } from './modules/emissions/sequencer.ts';
import { createEscrowDeps, startEscrowIndexer } from './modules/escrow/index.ts';
import { startFeedJobs } from './modules/feed/index.ts';
import { loadAuthSecret } from './modules/auth/secret.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { createMemoryBus, createRedisBus } from './realtime/bus.ts';

/** The composition root: environment → config → context → listening server. */
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
  await mkdir(config.dataDir, { recursive: true });

  const database = await openDatabase(
    config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: config.database.dataDir }
      : { kind: 'postgres', url: config.database.url },
  );
  await runMigrations(database);
  const bus = config.redisUrl
    ? await createRedisBus(
        config.redisUrl,
        (error) => logger.error({ err: error }, 'redis error'),
        config.redisPrefix,
      )
    : createMemoryBus();

  // The embedded localnet runs in this process unless SOLANA_RPC_URL points at a cluster.
  const localnet =
    config.solana.cluster === 'localnet' && !config.solana.rpcUrl
      ? await startLocalnet({
          dataDir: config.dataDir,
          host: config.host,
          port: config.solana.localnetPort,
        })
      : null;
  const chain = createChainClient({
    cluster: config.solana.cluster,
    rpcUrl: localnet?.rpcUrl ?? config.solana.rpcUrl ?? defaultRpcUrl(config.solana.cluster),
    dumMint: localnet?.dumMint ?? config.solana.dumMint ?? null,
    // In this process the localnet is asked directly, without a loopback HTTP request.
    transport: localnet ? (body) => localnet.rpc.handleText(body) : undefined,
  });

  const version = (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;
  const base: Omit<AppContext, 'escrow'> = {
    config,
    database,
    emissions: createEmissionSequencer({
      database,
      clock: systemClock,
      logger,
      dailyCap: config.economy.dailyRewardCap,
    }),
    bus,
    clock: systemClock,
    tokens: createTokenService({
      secret: loadAuthSecret(config.auth.secret, config.dataDir),
      accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
      clock: systemClock,
    }),
    chain,
    localnet,
    logger,
    version,
  };
  const ctx: AppContext = { ...base, escrow: createEscrowDeps(base) };
  const app = await buildApp(ctx);
  // Deletes expired free posts (and abandoned uploads) every FEED_EXPIRY_INTERVAL_SECONDS.
  const feedJobs = startFeedJobs(ctx);
  // Re-indexes escrow vaults from the chain every ESCROW_INDEX_INTERVAL_MS.
  const escrowIndexer = startEscrowIndexer(ctx);
  // Sequences rewarded events whose own request did not (a crash between commit and settle, or
  // another instance's run that was stopped): on start, then every second.
  const emissionSweep = startPeriodicJob({
    name: 'emission sweep',
    intervalMs: 1000,
    logger,
    run: () => ctx.emissions.sweep(),
  });
  void emissionSweep.runOnce();

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
      await escrowIndexer.stop();
      await emissionSweep.stop();
      await app.close();
      await ctx.emissions.stop();
      // Writes the localnet's snapshot, so the next start replays nothing.
      await localnet?.close();
      await bus.close();
      await database.close();
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
    { url: config.appOrigin, database: database.kind, cluster: config.solana.cluster },
    'Dum Club is running',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
