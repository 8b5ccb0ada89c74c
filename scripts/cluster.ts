import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startRoundRobinProxy } from '../bench/round-robin-proxy.ts';
import { SERVER_BUNDLE } from './server-bundle.ts';

/**
 * `npm run cluster`: the scaled shape on this machine (docs/deploy.md). Two production
 * instances on this machine's PostgreSQL, Redis and S3-compatible store, behind a round-robin
 * HTTP/WebSocket proxy (bench/round-robin-proxy.ts) on PORT, as a load balancer would stand.
 * Instance A runs the embedded localnet; B reaches it through SOLANA_RPC_URL.
 *
 * Environment (all optional):
 *   PORT                  the proxy's port, the app's public origin (default 3000)
 *   CLUSTER_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/dum_cluster (created if missing)
 *   CLUSTER_REDIS_URL     default redis://127.0.0.1:6379
 *   CLUSTER_S3_URL        an S3 URL in TEST_S3_URL's format (http://key:secret@host:port/bucket?region=…);
 *                         default: scripts/swift-s3.sh starts a local Swift and names its bucket
 * Ctrl-C stops everything; the data stays in .data/cluster (DATA_DIR of each instance).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const port = Number(env.PORT ?? 3000);
const databaseUrl = env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dum_cluster';
const redisUrl = env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const origin = `http://localhost:${port}`;
const ports = { a: port + 1, b: port + 2, metricsA: port + 11, metricsB: port + 12 };

function log(line: string): void {
  process.stdout.write(`[cluster] ${line}\n`);
}

/** The S3 URL: given, or the local Swift's (started if it is not running). */
function s3Url(): string {
  if (env.CLUSTER_S3_URL) return env.CLUSTER_S3_URL;
  const script = path.join(ROOT, 'scripts', 'swift-s3.sh');
  const started = spawnSync(script, ['start'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (started.status !== 0) {
    throw new Error(
      'No S3 store: set CLUSTER_S3_URL, or install Swift (see scripts/swift-s3.sh) so the cluster starts one',
    );
  }
  return spawnSync(script, ['url'], { encoding: 'utf8' }).stdout.trim();
}

/** MEDIA_STORE=s3 settings from an S3 URL (http://key:secret@host:port/bucket?region=…). */
function s3Env(url: string): Record<string, string> {
  const parsed = new URL(url);
  return {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: `${parsed.protocol}//${parsed.host}`,
    S3_BUCKET: parsed.pathname.split('/').filter(Boolean)[0] ?? '',
    S3_REGION: parsed.searchParams.get('region') ?? 'us-east-1',
    S3_ACCESS_KEY_ID: decodeURIComponent(parsed.username),
    S3_SECRET_ACCESS_KEY: decodeURIComponent(parsed.password),
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'cluster/',
  };
}

/** Creates the cluster's database when the server has none of that name. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

const children: ChildProcess[] = [];

function startInstance(name: string, extra: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer): string =>
    chunk
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    log(`instance ${name} exited (${signal ?? String(code)})`);
    if (!stopping) void stop(1);
  });
  children.push(child);
  return child;
}

/** Waits for /api/ready to answer 200 (at most two minutes). */
async function waitReady(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} was not ready within two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let stopping = false;
let closeProxy: (() => Promise<void>) | null = null;

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  log('stopping');
  await closeProxy?.();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) {
            resolve();
            return;
          }
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  await ensureDatabase(databaseUrl);
  const dataDir = path.join(ROOT, '.data', 'cluster');
  await mkdir(dataDir, { recursive: true });
  const metricsToken = randomBytes(16).toString('hex');
  const shared: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_ORIGIN: origin,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // Tokens one instance signs, the other accepts.
    AUTH_SECRET: env.AUTH_SECRET ?? randomBytes(32).toString('base64url'),
    // The proxy is one hop in front: its X-Forwarded-For and X-Request-Id are believed.
    TRUST_PROXY: '1',
    METRICS_TOKEN: metricsToken,
    // A try-out on the localnet: every wallet earns from its first action.
    ESTABLISHED_MIN_AGE_MINUTES: env.ESTABLISHED_MIN_AGE_MINUTES ?? '0',
    ESTABLISHED_REQUIRE_POST: env.ESTABLISHED_REQUIRE_POST ?? 'false',
    ESTABLISHED_REQUIRE_VOUCH: env.ESTABLISHED_REQUIRE_VOUCH ?? 'false',
    // No seeds here to grant trust: every wallet's weight is full.
    TRUST_REWARDS: env.TRUST_REWARDS ?? 'false',
    ...s3Env(s3Url()),
  };

  const a = `http://127.0.0.1:${ports.a}`;
  const b = `http://127.0.0.1:${ports.b}`;
  startInstance('a', {
    ...shared,
    PORT: String(ports.a),
    METRICS_PORT: String(ports.metricsA),
    DATA_DIR: path.join(dataDir, 'a'),
  });
  await waitReady(a);
  const config = (await (await fetch(`${a}/api/config`)).json()) as { dumMint: string };
  startInstance('b', {
    ...shared,
    PORT: String(ports.b),
    METRICS_PORT: String(ports.metricsB),
    DATA_DIR: path.join(dataDir, 'b'),
    // A's embedded localnet, through its /rpc; B starts no chain of its own.
    SOLANA_CLUSTER: 'localnet',
    SOLANA_RPC_URL: `${a}/rpc`,
    DUM_MINT: config.dumMint,
  });
  await waitReady(b);

  const proxy = await startRoundRobinProxy({ targets: [a, b], port, host: '127.0.0.1' });
  closeProxy = () => proxy.close();
  log(`ready: ${origin} (round robin over ${a} and ${b})`);
  log(
    `metrics: curl -H 'Authorization: Bearer ${metricsToken}' http://127.0.0.1:${ports.metricsA}/metrics (B: ${ports.metricsB})`,
  );
  log('Ctrl-C stops both instances and the proxy');
}

main().catch((error: unknown) => {
  process.stderr.write(`[cluster] ${error instanceof Error ? error.message : String(error)}\n`);
  void stop(1);
});
