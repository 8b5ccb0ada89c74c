import type { ChainClient, Localnet } from '@dum/chain';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { ViewerVersions } from './viewer-versions.ts';

/**
 * What the server holds for every slice and that belongs to none of them, built once by
 * createAppContext (create-context.ts), which also closes every connection in it.
 *
 * A slice's routes and jobs name the fields they use (`Pick<SharedContext, 'database' |
 * 'clock'>`, plus any other slice's type from that slice's face), never the whole app context:
 * this file imports no slice, so a slice that imports it closes no circle, type imports
 * included (scripts/import-cycles.test.ts). What a slice owns for the life of the process (the
 * token service, the sequencer, the escrow caches, the media store) is in AppContext
 * (create-context.ts), which only the composition root, the tests and the benchmarks see.
 */
export interface SharedContext {
  config: Config;
  database: Database;
  clock: Clock;
  /** Solana access (balances, transfer verification, airdrops) on the configured cluster. */
  chain: ChainClient;
  /** The embedded localnet when this process runs it (serves the browser's /rpc), else null. */
  localnet: Localnet | null;
  logger: FastifyBaseLogger;
  version: string;
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
}

/**
 * What most slices' logic holds from the shared context: the database as its query builder and
 * its pool, the clock and the logger. A slice's deps interface extends it with what it owns and
 * what it takes from other slices; sliceBaseDepsOf fills it from the context, so both database
 * handles always come from the same Database.
 */
export interface SliceBaseDeps {
  db: Db;
  pool: pg.Pool;
  clock: Clock;
  logger: FastifyBaseLogger;
}

export function sliceBaseDepsOf(
  ctx: Pick<SharedContext, 'clock' | 'database' | 'logger'>,
): SliceBaseDeps {
  return { db: ctx.database.db, pool: ctx.database.pool, clock: ctx.clock, logger: ctx.logger };
}
