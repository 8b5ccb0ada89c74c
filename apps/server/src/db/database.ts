import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pgliteAssets } from './pglite-assets.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
  /**
   * PGlite only: the whole cluster as a tarball, which `initialData` starts another PGlite from
   * (the tests migrate one database and start the rest from its dump).
   */
  dump?(): Promise<Uint8Array>;
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      /** An in-memory PGlite's starting cluster (`dump()` of another), instead of an empty one. */
      initialData?: Uint8Array;
    }
  | { kind: 'postgres'; url: string; maxConnections?: number };

/** How long a request waits for a PostgreSQL connection before it fails with 503. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;

/** How long a PostgreSQL connection may sit idle in the pool before it is closed. */
export const POSTGRES_IDLE_TIMEOUT_MS = 5 * 60_000;

/** SQLSTATEs that mean the server is going away or not taking connections, not a bad query. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (a fast or immediate stop ended the session)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '53300', // too_many_connections
]);

/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** pg's own texts for a connection that ended, timed out, or a pool that is closing. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * Whether an error (or any error in its `cause` chain: Drizzle wraps the driver's) says that the
 * database cannot be reached right now, rather than that the query was wrong: the error handler
 * answers these with 503 `service_unavailable`, and the pool reconnects on its own.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code, syscall } = current as Error & { code?: unknown; syscall?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
      // A Unix socket that is not there (PostgreSQL, or PGlite's worker, is not listening).
      if (code === 'ENOENT' && syscall === 'connect') return true;
    }
    if (
      UNAVAILABLE_MESSAGES.some(
        (text) => current instanceof Error && current.message.includes(text),
      )
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * Opens the database. PostgreSQL is reached through a pool; PGlite runs in a worker thread
 * behind a PostgreSQL-protocol Unix socket and is reached through a pool of one connection
 * (PGlite is a single session: two pooled connections would interleave their transactions).
 * Either way the rest of the server sees the same `pg` + Drizzle interface.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 20,
      // A connection that cannot be made (or a pool slot not free) within this fails the request
      // (503, isDatabaseUnavailable) instead of holding it open while the database is away.
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
      // Idle connections are kept for minutes, not pg-pool's 10 s. A new connection is a cold
      // backend: its caches load again and every named statement is planned anew (custom plans
      // for its first five calls; the Following feed's plan costs about 4 ms). The pool hands
      // out its most recently used connection first, so under steady load the rest sit idle,
      // and with a 10 s timeout each burst reopened them cold, when the database was busiest
      // (bench:mix at 600 req/s on two instances: 42 new connections a minute, none with this;
      // at 300 req/s the new backends' first seconds were about a tenth of PostgreSQL's CPU).
      idleTimeoutMillis: POSTGRES_IDLE_TIMEOUT_MS,
      // No JIT compilation: the planner's guesses for a CTE (1,000 rows) put statements like the
      // emission batch read over jit_above_cost, and compiling them took about 40 ms of the
      // database's CPU each time, for statements that run in 1 to 4 ms without it. Every
      // statement here is short; none gains from JIT.
      options: '-c jit=off',
    });
    pool.on('error', () => {
      // An idle client lost its connection (the database restarted); the pool drops it and
      // opens a new one on next use, so it recovers on its own once the database is back.
    });
    pool.on('connect', (client) => {
      // A checked-out client whose session the server ends between two statements (a restart
      // during a transaction) emits 'error' with no pool listener attached: without this, an
      // uncaught exception that ends the process. Its next query fails instead (a 503), and the
      // pool drops it when it is released.
      client.on('error', () => {});
    });
    return { kind: 'postgres', db: drizzle(pool, { schema }), pool, close: () => pool.end() };
  }

  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  // Unix socket paths are limited to ~100 bytes, so the socket lives in a short temp folder.
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'dum-pg-'));
  const port = 5432;
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: {
      dataDir: options.dataDir,
      socketPath: path.join(socketDir, `.s.PGSQL.${port}`),
      initialData: options.initialData,
      ...(await pgliteAssets()),
    },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (message: { type: string; message?: string }) => {
      if (message.type === 'ready') resolve();
      else reject(new Error(`PGlite failed to start: ${message.message ?? 'unknown error'}`));
    });
    worker.once('error', reject);
  });

  const pool = new pg.Pool({
    host: socketDir,
    port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // The one connection stays open: PGlite's session (and its prepared statements) outlives it.
    idleTimeoutMillis: 0,
  });
  pool.on('error', () => {});
  // A new pg client knows no prepared statements, but PGlite's one session may still hold those
  // of the client before it: forget them, so named statements are prepared afresh.
  pool.on('connect', (client) => {
    client.query('deallocate all').catch(() => {});
  });
  let closed = false;
  return {
    kind: 'pglite',
    db: drizzle(pool, { schema }),
    pool,
    async dump() {
      const dumped = new Promise<Uint8Array>((resolve, reject) => {
        worker.once(
          'message',
          (message: { type: string; bytes?: Uint8Array; message?: string }) => {
            if (message.type === 'dumped' && message.bytes) resolve(message.bytes);
            else reject(new Error(`PGlite dump failed: ${message.message ?? 'unknown error'}`));
          },
        );
      });
      worker.postMessage({ type: 'dump' });
      return dumped;
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
      // Let PGlite close its files cleanly (a checkpoint), then end the thread.
      await new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.postMessage({ type: 'stop' });
      });
      await worker.terminate();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
