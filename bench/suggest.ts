/**
 * npm run bench:suggest — GET /api/users/suggest?prefix= (the composer's `@` autocomplete).
 *   1. Creates a throwaway database on PostgreSQL (BENCH_DATABASE_URL, default
 *      postgres://postgres@127.0.0.1:5432/postgres), applies the migrations and seeds, with
 *      generate_series, BENCH_USERS wallets (default 100,000): usernames from 26 × 26 two-letter
 *      stems and a number (`ab_123`), display names from a list of first names, so a one-letter
 *      prefix matches thousands and a longer one a few; the signed-in viewer blocks 500 of them.
 *   2. Starts the app (bench/feed-server.ts) in its own process and prints the plan (EXPLAIN
 *      ANALYZE) of the statement for a one-letter prefix.
 *   3. BENCH_WARMUP untimed requests (default 50), then BENCH_REQUESTS (default 1,000) one after
 *      another from one signed-in client, prefixes of 1 to 5 characters in turn (usernames and
 *      display names), each timed from fetch to the parsed body.
 *   4. Prints p50, p99 and max (target: p99 < 20 ms) and drops the database.
 * A quick check of the script: BENCH_USERS=5000 BENCH_REQUESTS=100.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { UserSuggestResponse } from '@dum/core';
import pg from 'pg';
import { systemClock } from '../apps/server/src/clock.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createTokenService } from '../apps/server/src/modules/auth/index.ts';
import { startChild } from './app-process.ts';
import { itemAt, percentile } from './measure.ts';
import { createThrowawayDatabase } from '../apps/server/src/test/migrated-postgres.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 50);
const BLOCKED = 500;
const TARGET_P99_MS = 20;
const FIRST_NAMES = [
  'Ada',
  'Bea',
  'Cal',
  'Dana',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivo',
  'Juno',
  'Kai',
  'Lea',
  'Milo',
  'Nia',
  'Otto',
  'Pia',
  'Quin',
  'Rae',
  'Sol',
  'Tao',
  'Uma',
  'Vic',
  'Wren',
  'Xia',
  'Yara',
  'Zed',
];
const PREFIXES = ['a', 'ab', 'ab_', 'ab_1', 'ab_12', 'z', 'zq', 'zq_9', 'mi', 'milo', 'sol', 'x'];

function log(message: string): void {
  process.stderr.write(`[bench:suggest] ${message}\n`);
}

/** Seeds the wallets and the viewer's blocks; answers the viewer. */
async function seed(url: string): Promise<{ id: string; solAddress: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    // Wallet g: stem (g mod 676) as two letters, then _g; display name by g mod 26.
    await client.query(
      `insert into users (sol_address, username, display_name)
       select 'W' || lpad(g::text, 43, 'A'),
         chr(97 + (g % 676) / 26) || chr(97 + g % 26) || '_' || g,
         (array[${FIRST_NAMES.map((n) => `'${n}'`).join(',')}])[1 + (g / 7) % 26] || ' ' || g
       from generate_series(1, ${USERS}) g`,
    );
    const { rows } = await client.query<{ id: string; sol_address: string }>(
      `select id, sol_address from users where username = 'ab_1' or sol_address = 'W' || lpad('1', 43, 'A')`,
    );
    const viewer = rows[0];
    if (!viewer) throw new Error('no viewer');
    await client.query(
      `insert into blocks (blocker_id, blocked_id)
       select $1, id from users where id <> $1 order by sol_address limit ${BLOCKED}`,
      [viewer.id],
    );
    await client.query('analyze users');
    await client.query('analyze blocks');
    log(`seeded ${USERS} wallets in ${Date.now() - started} ms`);
    return { id: viewer.id, solAddress: viewer.sol_address };
  } finally {
    await client.end();
  }
}

/** The plan of a one-letter prefix, the widest range the indexes are read over. */
async function explain(url: string, viewerId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) with found as (
        (select id from users where (lower(username) collate "C") like 'a%'
          order by (lower(username) collate "C"), id limit 24)
        union
        (select id from users where (lower(display_name) collate "C") like 'a%'
          order by (lower(display_name) collate "C"), id limit 24))
      select u.id from found join users u on u.id = found.id
      where u.id <> $1 and not exists (select 1 from blocks b
        where (b.blocker_id = $1 and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = $1))
      limit 8`,
      [viewerId],
    );
    log(`plan, prefix 'a':\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
  } finally {
    await client.end();
  }
}

async function time(base: string, token: string): Promise<number[]> {
  const get = async (i: number) => {
    const prefix = itemAt(PREFIXES, i % PREFIXES.length);
    const res = await fetch(`${base}/api/users/suggest?prefix=${encodeURIComponent(prefix)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as UserSuggestResponse;
    if (res.status !== 200) throw new Error(`suggest ${prefix}: ${res.status}`);
    if (body.items.length > 8) throw new Error(`suggest ${prefix}: more than 8`);
  };
  for (let i = 0; i < WARMUP; i += 1) await get(i);
  const timings: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    await get(i);
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const throwaway = await createThrowawayDatabase(ADMIN_URL, 'dum_bench_suggest');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-bench-suggest-'));
  const children: ChildProcess[] = [];
  try {
    const database = await openDatabase({ kind: 'postgres', url: throwaway.url });
    await runMigrations(database);
    await database.close();
    const viewer = await seed(throwaway.url);
    await explain(throwaway.url, viewer.id);
    const secret = randomBytes(32).toString('base64url');
    const app = await startChild('bench/feed-server.ts', {
      DATABASE_URL: throwaway.url,
      AUTH_SECRET: secret,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    children.push(app.child);
    const token = await createTokenService({
      secret: new TextEncoder().encode(secret),
      accessTokenTtlSeconds: 3600,
      clock: systemClock,
    }).issueAccessToken({ ...viewer, sessionId: randomUUID() });
    const timings = await time(`http://127.0.0.1:${app.port}`, token);
    const p50 = percentile(timings, 50).toFixed(2);
    const p99 = percentile(timings, 99);
    const max = (timings.at(-1) ?? NaN).toFixed(2);
    process.stdout.write(
      `\nbench:suggest ${USERS} users, ${REQUESTS} requests: p50 ${p50} ms, p99 ${p99.toFixed(2)} ms, max ${max} ms ` +
        `(target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'OK' : 'ABOVE TARGET'}); load average ${os.loadavg()[0]?.toFixed(2) ?? '?'}\n`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await throwaway.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
