import type { ChainClient, Localnet } from '@dum/chain';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { TokenService } from './modules/auth/index.ts';
import type { EmissionSequencer } from './modules/emissions/index.ts';
import type { EscrowDeps } from './modules/escrow/index.ts';
import type { MediaStore } from './modules/media/index.ts';
import type { EventBus } from './realtime/index.ts';
import type { ViewerVersions } from './viewer-versions.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Everything a request handler or a service may depend on, built once by createAppContext
 * (create-context.ts), which also closes every connection in it.
 */
export interface AppContext {
  config: Config;
  database: Database;
  /** Gives queued rewarded events their ledger rows (decision 010). */
  emissions: EmissionSequencer;
  /** Carries real-time events to every instance's sockets (in-process, or Redis pub/sub). */
  bus: EventBus;
  clock: Clock;
  /** Issues and verifies access tokens (modules/auth). */
  tokens: TokenService;
  /** Solana access (balances, transfer verification, airdrops) on the configured cluster. */
  chain: ChainClient;
  /** The embedded localnet when this process runs it (serves the browser's /rpc), else null. */
  localnet: Localnet | null;
  logger: FastifyBaseLogger;
  version: string;

  // Per-slice state: what one slice keeps for the life of the process (a connection, a cache)
  // is a field below, made in create-context.ts and released by its close(), never opened by
  // the slice itself.

  /**
   * The sign-in rate limits' Redis connection (modules/auth/rate-limits.ts) when REDIS_URL is
   * set, so every instance counts together; null: counted in this process.
   */
  rateLimitStore: Redis | null;
  /**
   * A version per wallet of its own likes, bookmarks, 'Notify me' marks and blocks, bumped by
   * the slices that change them; the feed's per-viewer cache is valid only at its version.
   */
  viewerVersions: ViewerVersions;
  /** Escrow vaults' dependencies, one set (and one program-config cache) per context. */
  escrow: EscrowDeps;
  /** Where uploaded media are stored (MEDIA_STORE: DATA_DIR/media, or an S3 bucket). */
  media: MediaStore;
}
