import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Throwaway PostgreSQL clusters and Redis servers for the fault tests, on free ports in temp
 * folders: a test may stop and start them at will. They never touch the machine's shared
 * PostgreSQL (5432) or Redis (6379), which other tests use at the same time.
 */

const run = promisify(execFile);

/** A port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// ---- PostgreSQL -------------------------------------------------------------------------------

/**
 * The folder holding initdb, pg_ctl and postgres: PG_BIN, else the newest
 * /usr/lib/postgresql/<version>/bin (Debian's layout), else null (the test is skipped).
 */
export function postgresBinaries(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** pg_ctl stop -m fast: sessions are ended, new connections refused. */
  stop(): Promise<void>;
  /** pg_ctl start, returning once it takes connections. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

/**
 * initdb + pg_ctl start of a cluster of our own (trust auth, fsync off: a test cluster). initdb
 * and postgres refuse to run as root, so as root they run as the `postgres` user (runuser).
 */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dum-faults-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    await chmod(dir, 0o700);
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);

  const port = await freePort();
  await pgRun('initdb', [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await pgRun('pg_ctl', [
      'start',
      '-w',
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-o',
      options,
    ]);
  };
  let running = false;
  await start();
  running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await pgRun('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDir]);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await pgRun('pg_ctl', ['stop', '-w', '-m', 'immediate', '-D', dataDir]);
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// ---- Redis ------------------------------------------------------------------------------------

/** redis-server's path, or null when it is not installed (the test is skipped). */
export function redisServerBinary(): string | null {
  const candidates = [
    process.env.REDIS_SERVER,
    '/usr/bin/redis-server',
    '/usr/local/bin/redis-server',
  ];
  return candidates.find((file): file is string => Boolean(file && existsSync(file))) ?? null;
}

export interface RedisServer {
  url: string;
  /** Ends the server (SIGTERM) and waits for its exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is saved). */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** A redis-server of our own on a free port, without persistence. */
export async function startRedisServer(binary: string): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    const process_ = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = process_;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      process_.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      process_.once('exit', (code) =>
        reject(new Error(`redis-server exited (${code}): ${output}`)),
      );
    });
  };
  const stop = async (): Promise<void> => {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start, destroy: stop };
}
