import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createChainClient, defaultRpcUrl, startLocalnet, type Localnet } from '@dum/chain';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './clock.ts';
import type { SharedContext } from './context.ts';
import { openDatabase, type Database } from './db/database.ts';
import { runMigrations } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import {
  createSessionRevocations,
  createTokenService,
  loadAuthSecret,
  type TokenService,
} from './modules/auth/index.ts';
import { createEmissionSequencer, type EmissionSequencer } from './modules/emissions/index.ts';
import { createVerifiedAfterBatch } from './modules/people/index.ts';
import { createEscrowDeps, type EscrowDeps } from './modules/escrow/index.ts';
import { createMediaStore, type MediaStore } from './modules/media/index.ts';
import { applyEscrowChainFacts } from './modules/vaults/index.ts';
import {
  createPushService,
  withPushNotifications,
  type PushDeps,
  type PushService,
} from './modules/push/index.ts';
import { createMemoryBus, createRedisBus, type EventBus } from './realtime/index.ts';
import { buildSliceDeps, type SliceDeps } from './slice-deps.ts';
import { createViewerVersions } from './viewer-versions.ts';

/**
 * Everything a request handler or a job may depend on: the shared part (context.ts) and what
 * each slice keeps for the life of the process (a connection, a cache), made here and released
 * by close(), never opened by the slice itself. Declared here, with the code that builds it,
 * because it names slices' types: the slices themselves take only the fields they use.
 */
export interface AppContext extends SharedContext {
  /** Gives queued rewarded events their ledger rows (decision 010). */
  emissions: EmissionSequencer;
  /** Carries real-time events to every instance's sockets (in-process, or Redis pub/sub). */
  bus: EventBus;
  /** Issues and verifies access tokens (modules/auth). */
  tokens: TokenService;
  /** Escrow vaults' dependencies, one set (and one program-config cache) per context. */
  escrow: EscrowDeps;
  /** Where uploaded media are stored (MEDIA_STORE: DATA_DIR/media, or an S3 bucket). */
  media: MediaStore;
  /** The slices' dependencies that several registrars and jobs share, built once from the rest. */
  slices: SliceDeps;
  /** Web Push: subscriptions, settings and the delivery queue (the bus queues its news). */
  push: PushService;
}

/** What differs between the server (main.ts), the tests' kit and the feed benchmark's server. */
export interface AppContextOptions {
  /**
   * An open, migrated database the caller owns and closes (tests make a throwaway one).
   * Without it, the database the config names is opened, migrated, and closed by close().
   */
  database?: Database;
  /** PostgreSQL pool size when the context opens the database (default 20). */
  maxConnections?: number;
  clock?: Clock;
  /** Default: a logger at the config's LOG_LEVEL, one JSON line per entry. */
  logger?: FastifyBaseLogger;
  /** The key that signs access tokens. Default: AUTH_SECRET, else DATA_DIR/auth-secret. */
  tokenSecret?: Uint8Array;
  /**
   * The real-time bus: `from-config` is Redis pub/sub when REDIS_URL is set, else in-process;
   * `memory` is in-process whatever the config says (a single test or benchmark process).
   */
  bus?: 'from-config' | 'memory';
  /**
   * The embedded localnet: `from-config` starts it when the cluster is the localnet and no
   * SOLANA_RPC_URL is set (on SOLANA_LOCALNET_PORT); `off` never; an object starts it on that
   * port (0: any), with its wall clock if given.
   */
  localnet?: 'from-config' | 'off' | { port: number; now?: () => number };
  chain?: {
    /** Where ctx.chain points without a localnet or SOLANA_RPC_URL (default: the cluster's). */
    fallbackRpcUrl?: string;
    /** Per-request timeout of the chain client (default: the client's own). */
    timeoutMs?: number;
    /**
     * Whether ctx.chain asks an embedded localnet in-process rather than over loopback HTTP
     * (default true; tests keep the HTTP path so they exercise what a remote cluster does).
     */
    inProcess?: boolean;
  };
  /** Reported by /api/health. Default: apps/server/package.json's version. */
  version?: string;
  /** Resolves push endpoints' host names (default: the system's; tests answer their own). */
  pushResolve?: PushDeps['resolve'];
}

/** A context and the one way to release what it opened. */
export interface OwnedAppContext {
  ctx: AppContext;
  /**
   * Closes every connection the context opened, in order: the sequencer's runs, the localnet
   * (which writes its snapshot), the bus, the rate-limit store, then the database. Call it after
   * the app (and any job using the context) has stopped.
   */
  close: () => Promise<void>;
}

/**
 * The one place the app context is assembled (main.ts, the tests' kit and bench/feed-server.ts
 * call it): every connection the server holds is opened here and closed by `close()`. Should a
 * step fail, what was opened before it is closed again before the error is thrown.
 */
export async function createAppContext(
  config: Config,
  options: AppContextOptions = {},
): Promise<OwnedAppContext> {
  const closers: (() => Promise<void>)[] = [];
  const closeAll = async (): Promise<void> => {
    // Opened last, closed first: the database outlives everything that may still query it.
    for (const close of closers.reverse().splice(0)) await close();
  };
  try {
    const parts = await openParts(config, options, closers);
    // Built once, from the finished parts; nothing in them opens a connection.
    const ctx = { ...parts, slices: buildSliceDeps(parts) };
    return { ctx, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function openParts(
  config: Config,
  options: AppContextOptions,
  closers: (() => Promise<void>)[],
): Promise<Omit<AppContext, 'slices'>> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel, false);
  await mkdir(config.dataDir, { recursive: true });

  const database = options.database ?? (await openMigratedDatabase(config, options));
  if (!options.database) closers.push(() => database.close());
  const rateLimitStore = config.redisUrl ? await openRateLimitStore(config.redisUrl, logger) : null;
  if (rateLimitStore) closers.push(() => rateLimitStore.quit().then(() => undefined));
  const { push, bus } = await openBusWithPush(config, options, { database, clock, logger });
  closers.push(() => push.idle().then(() => bus.close()));
  const localnet = await startLocalnetFor(config, options.localnet ?? 'from-config');
  if (localnet) closers.push(() => localnet.close());
  const emissions = startEmissions(config, { database, clock, logger });
  closers.push(() => emissions.stop());

  const media = createMediaStore(config, { db: database.db, clock, logger });
  await media.prepare();
  closers.push(() => media.close());

  const inProcess = localnet && (options.chain?.inProcess ?? true) ? localnet : null;
  const shared = {
    config,
    database,
    emissions,
    bus,
    clock,
    tokens: createTokenService({
      secret: options.tokenSecret ?? loadAuthSecret(config.auth.secret, config.dataDir),
      accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
      clock,
      // Signed-out sessions: shared through Redis when REDIS_URL is set, else this process's.
      revocations: createSessionRevocations({
        redis: rateLimitStore,
        prefix: config.redisPrefix,
        clock,
        onRedisError: (error) => logger.warn({ err: error }, 'session revocation redis error'),
      }),
    }),
    chain: createChainClient({
      cluster: config.solana.cluster,
      rpcUrl:
        localnet?.rpcUrl ??
        config.solana.rpcUrl ??
        options.chain?.fallbackRpcUrl ??
        defaultRpcUrl(config.solana.cluster),
      dumMint: localnet?.dumMint ?? config.solana.dumMint ?? null,
      timeoutMs: options.chain?.timeoutMs,
      // In this process the localnet is asked directly, without a loopback HTTP request.
      transport: inProcess ? (body) => inProcess.rpc.handleText(body) : undefined,
    }),
    localnet,
    rateLimitStore,
    viewerVersions: createViewerVersions({
      redis: rateLimitStore,
      prefix: config.redisPrefix,
      onRedisError: (error) => logger.warn({ err: error }, 'viewer version redis error'),
    }),
    logger,
    version: options.version ?? packageVersion(),
  };
  const escrow = createEscrowDeps({ ...shared, applyVaultChainFacts: applyEscrowChainFacts });
  return { ...shared, escrow, media, push };
}

/** The emission sequencer with the economy's rules, and the verified tick granted after each batch. */
function startEmissions(
  config: Config,
  { database, clock, logger }: { database: Database; clock: Clock; logger: FastifyBaseLogger },
): EmissionSequencer {
  const { economy } = config;
  if (economy.established.requireVouch && economy.established.seedWallets.size === 0) {
    logger.warn(
      'ESTABLISHED_SEED_WALLETS is empty: no wallet can become established, so nobody earns DUM (docs/decisions/013-established-wallets.md)',
    );
  }
  return createEmissionSequencer({
    database,
    clock,
    logger,
    rules: {
      dailyCap: economy.dailyRewardCap,
      pairDailyCap: economy.pairDailyRewardCap,
      referrerDailyCap: economy.referrerDailyCap,
      established: economy.established,
      trustRewards: economy.trustRewards,
    },
    statsMaxAgeMs: economy.statsMaxAgeMs,
    afterBatch: createVerifiedAfterBatch({
      pool: database.pool,
      clock,
      logger,
      established: economy.established,
    }),
  });
}

async function openMigratedDatabase(config: Config, options: AppContextOptions): Promise<Database> {
  const database = await openDatabase(
    config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: config.database.dataDir }
      : { kind: 'postgres', url: config.database.url, maxConnections: options.maxConnections },
  );
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * The rate limits' counters (modules/auth/rate-limits.ts), shared by every instance. Short
 * timeouts and no queueing while disconnected: whenever Redis is away the limits count in this
 * process instead (http/rate-limit-store.ts), and ioredis reconnects on its own.
 */
async function openRateLimitStore(url: string, logger: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  redis.on('error', (error: Error) => logger.warn({ err: error }, 'rate-limit redis error'));
  await redis.connect();
  return redis;
}

/** The bus, with what this instance publishes to wallets reaching their devices too. */
async function openBusWithPush(
  config: Config,
  options: AppContextOptions,
  parts: { database: Database; clock: Clock; logger: FastifyBaseLogger },
): Promise<{ push: PushService; bus: EventBus }> {
  const push = createPushService({
    pool: parts.database.pool,
    clock: parts.clock,
    logger: parts.logger,
    config: config.push,
    resolve: options.pushResolve,
  });
  const bus = await openBus(config, options.bus ?? 'from-config', parts.logger);
  return { push, bus: withPushNotifications(bus, push) };
}

async function openBus(
  config: Config,
  mode: 'from-config' | 'memory',
  logger: FastifyBaseLogger,
): Promise<EventBus> {
  if (mode === 'memory' || !config.redisUrl) return createMemoryBus();
  return createRedisBus(
    config.redisUrl,
    (error) => logger.error({ err: error }, 'redis error'),
    config.redisPrefix,
  );
}

async function startLocalnetFor(
  config: Config,
  mode: NonNullable<AppContextOptions['localnet']>,
): Promise<Localnet | null> {
  if (mode === 'off') return null;
  if (mode === 'from-config') {
    // The embedded localnet runs in this process unless SOLANA_RPC_URL points at a cluster.
    if (config.solana.cluster !== 'localnet' || config.solana.rpcUrl) return null;
    return startLocalnet({
      dataDir: config.dataDir,
      host: config.solana.localnetHost,
      port: config.solana.localnetPort,
      airdropLimit: config.solana.localnetAirdrop,
    });
  }
  return startLocalnet({
    dataDir: config.dataDir,
    port: mode.port,
    now: mode.now,
    airdropLimit: config.solana.localnetAirdrop,
  });
}

function packageVersion(): string {
  const file = new URL('../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
