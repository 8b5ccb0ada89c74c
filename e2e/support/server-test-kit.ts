import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { migratedPgliteDataDir } from '../../apps/server/src/test/migrated-pglite.ts';
import {
  createMigratedPostgres,
  type ThrowawayDatabase,
} from '../../apps/server/src/test/migrated-postgres.ts';
import { ensureServerBundle } from '../../scripts/server-bundle.ts';
import { freePortRange } from './ports-test-kit.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  port: number;
  /** The server process, e.g. to read its memory from /proc. */
  pid: number;
  dataDir: string;
  /** Everything the server printed, for a failing test's message. */
  output(): string;
  /**
   * SIGTERM, wait for the exit, then delete the data (the folder, and its PostgreSQL database
   * where it has one) unless asked to keep it.
   */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** SIGKILL (a crash: nothing is flushed or closed), wait for the exit; the data is kept. */
  kill(): Promise<void>;
}

export interface StartServerOptions {
  /** Runs against the fresh database before the server starts (e.g. to seed the ledger). */
  seed?: (database: Database) => Promise<void>;
  env?: Record<string, string>;
  /** Reuse an existing data folder (a restart) instead of a fresh one. */
  dataDir?: string;
  /**
   * The database of a fresh data folder. `postgres`: a copy of a migrated template on the
   * server of TEST_DATABASE_URL, the default where that is set (as in CI): the database
   * production runs on, with no embedded PostgreSQL to start (a server starts on 1.7
   * CPU-seconds, against 3.0-3.4 on PGlite). `pglite`: a copy of a migrated PGlite cluster in
   * the data folder (the default otherwise), which saves the server about 2.5 s of start
   * against `pglite-empty`, nothing, as a first `npm start`. A restart on a `dataDir` keeps
   * that folder's database; an env with DATABASE_URL brings the caller's own.
   */
  database?: 'postgres' | 'pglite' | 'pglite-empty';
  /** Node flags before the script (benchmarks pass --cpu-prof). */
  nodeArgs?: string[];
  /**
   * How long the server may take to answer /api/health (default 100 s: seconds on a quiet
   * machine, much longer on a loaded one; the suites' hooks allow 120 s).
   */
  healthTimeoutMs?: number;
}

/**
 * Write rate limits no script reaches, for benchmarks and for the tests that seed or load
 * through the API by script (infinite scroll, kill -9 under load); the browser tests otherwise
 * keep the defaults, which a person never reaches.
 */
export const UNLIMITED_WRITES: Record<string, string> = {
  WRITE_RATE_POSTS: '1000000000',
  WRITE_RATE_COMMENTS: '1000000000',
  WRITE_RATE_LIKES: '1000000000',
  WRITE_RATE_SUPPORTS: '1000000000',
  WRITE_RATE_MESSAGES: '1000000000',
  WRITE_RATE_OTHER: '1000000000',
};

/**
 * Starts the production server (the built SPA must exist: `npm run build`) as its own process
 * on free ports with a fresh DATA_DIR (localnet, media, and PGlite unless the database is
 * PostgreSQL's: `database`), the way `npm start` runs it: the server bundle, written again
 * first if a source is newer.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'dum-e2e-')));
  const database = options.dataDir
    ? databases.get(options.dataDir)
    : await freshDatabase(dataDir, options);
  if (database) databases.set(dataDir, database);
  if (options.seed) {
    const seeded = await openDatabase(
      database
        ? { kind: 'postgres', url: database.url, maxConnections: 1 }
        : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    );
    try {
      await runMigrations(seeded);
      await options.seed(seeded);
    } finally {
      await seeded.close();
    }
  }
  const env = database ? { DATABASE_URL: database.url, ...options.env } : options.env;
  // Free ports are picked before the server binds them, so another process can take one in
  // between (EADDRINUSE); starting again on fresh ports is enough.
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(dataDir, { ...options, env }, database);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/** The PostgreSQL database of each data folder this process started a server on with one. */
const databases = new Map<string, ThrowawayDatabase>();

/** Makes the database a fresh data folder starts on: PostgreSQL's, or PGlite's in the folder. */
async function freshDatabase(
  dataDir: string,
  options: StartServerOptions,
): Promise<ThrowawayDatabase | undefined> {
  if (options.env?.DATABASE_URL) return undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const kind = options.database ?? (adminUrl ? 'postgres' : 'pglite');
  if (kind === 'postgres') {
    if (!adminUrl) throw new Error('database: postgres needs TEST_DATABASE_URL');
    return createMigratedPostgres(adminUrl, 'dum_e2e');
  }
  if (kind === 'pglite') {
    await copyFolder(await migratedPgliteDataDir(), path.join(dataDir, 'pglite'));
  }
  return undefined;
}

const run = promisify(execFile);

/**
 * The system's `cp -R`: the migrated cluster is 1,300 files (42 MB), which Node's fs.cp copied
 * in about 1 CPU-second and `cp` in half that, once for every server a browser suite starts.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  await run('cp', ['-R', from, to]);
}

async function launch(
  dataDir: string,
  options: StartServerOptions,
  database: ThrowawayDatabase | undefined,
): Promise<RunningServer> {
  const bundle = await ensureServerBundle();
  const port = await freePortRange(1);
  const localnetPort = await freePortRange(2);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Production requires it; the sign-in domain is the host the tests browse.
      APP_ORIGIN: `http://localhost:${port}`,
      SOLANA_LOCALNET_PORT: String(localnetPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every wallet established (earns from its first action): the browser tests show DUM
      // moving on the screens; who may earn is the server tests' subject (decision 013).
      ESTABLISHED_MIN_AGE_MINUTES: '0',
      ESTABLISHED_REQUIRE_POST: 'false',
      ESTABLISHED_REQUIRE_VOUCH: 'false',
      // And full trust for every wallet (no seeds here to grant it).
      TRUST_REWARDS: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(child, url, () => output, options.healthTimeoutMs);

  return {
    url,
    port,
    pid: child.pid ?? -1,
    dataDir,
    output: () => output,
    async stop(stopOptions = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (stopOptions.keepData) return;
      await rm(dataDir, { recursive: true, force: true });
      if (database) {
        databases.delete(dataDir);
        await database.drop();
      }
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Waits until a server process answers GET /api/health: at most `timeoutMs` (100 s), after which
 * it is killed.
 * `output` is what the process printed so far, for the error (empty when it prints to ours).
 */
export async function waitUntilHealthy(
  child: ChildProcess,
  url: string,
  output: () => string,
  timeoutMs = 100_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in ${timeoutMs / 1000} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
