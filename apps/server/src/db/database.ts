import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string | undefined }
  | { kind: 'postgres'; url: string; maxConnections?: number };

/**
 * Opens the database. PostgreSQL is reached through a pool; PGlite runs in a worker thread
 * behind a PostgreSQL-protocol Unix socket and is reached through a pool of one connection
 * (PGlite is a single session: two pooled connections would interleave their transactions).
 * Either way the rest of the server sees the same `pg` + Drizzle interface.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 20 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    return { kind: 'postgres', db: drizzle(pool, { schema }), pool, close: () => pool.end() };
  }

  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  // Unix socket paths are limited to ~100 bytes, so the socket lives in a short temp folder.
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'dum-pg-'));
  const port = 5432;
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir, socketPath: path.join(socketDir, `.s.PGSQL.${port}`) },
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
