/**
 * npm run bench:writes — what each kind of write costs, and how fast the app takes it.
 *   1. A throwaway PostgreSQL database (BENCH_DATABASE_URL, default
 *      postgres://postgres@127.0.0.1:5432/postgres), migrated, seeded with 10,000 users, 100,000
 *      posts over the last 23 hours (each with its mint ledger row, a like and a comment) and 10
 *      follows each.
 *   2. The app (bench/feed-server.ts) and the bare node:http ceiling (bench/feed-ceiling.ts,
 *      answering the app's first feed page as a fixed body), each in its own process.
 *   3. The ceiling, then each write with BENCH_WRITERS concurrent clients (default 64, as
 *      bench:feed's post creation) for BENCH_SECONDS (default 10) after 2 s of warm-up, every
 *      request a different wallet and target: post creation (POST /api/messages-v2/messages),
 *      like (POST /api/messages/{id}/engage), comment (POST /api/messages/{id}/comments), follow
 *      (PUT /api/follows/{address}), direct message (POST /api/conversations/{address}/messages).
 *      Rewarded writes (posts, likes, comments) answer once the sequencer recorded their reward
 *      (decision 010), as in the product.
 *   4. Prints per write: req/s, p50, p99, the ratio to the ceiling, CPU per write (server,
 *      PostgreSQL, the whole machine with this bench's client) and how busy the cores were,
 *      PostgreSQL transactions per write, and the rows it inserted, updated or deleted per write
 *      by table (pg_stat_user_tables): where a write's cost goes. Before each phase's line, the
 *      emission sequencer's batches in it and how long the rewarded writes waited for them
 *      (the app's /metrics): where a write's time goes when the cores are not all busy.
 *   5. BENCH_PROFILE=1 (on a PostgreSQL that preloads pg_stat_statements): the statements each
 *      write ran, by execution time, with calls and µs per write. BENCH_WRITES=post,like runs
 *      only those writes.
 * Targets: post creation ≥ 0.08 of the ceiling with
 * PostgreSQL ≤ 500 µs per post; like, comment and follow each at least as fast as a post.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { systemClock } from '../apps/server/src/clock.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createTokenService } from '../apps/server/src/modules/auth/index.ts';
import { UNLIMITED_WRITES } from '../e2e/support/server-test-kit.ts';
import { startChild } from './app-process.ts';
import { seedFollows, seedPostTraces } from './feed-seed.ts';
import { itemAt, machineBusyMs, postgresCpuMs, processCpuMs } from './measure.ts';
import { createThrowawayDatabase } from '../apps/server/src/test/migrated-postgres.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WRITERS = Number(process.env.BENCH_WRITERS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 10_000;
const POSTS = 100_000;
const FOLLOWS_PER_USER = 10;
const PROFILE = process.env.BENCH_PROFILE === '1';
const ONLY = process.env.BENCH_WRITES?.split(',') ?? null;

interface Line {
  write: string;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** µs per write. */
  serverCpu: number;
  postgresCpu: number;
  /** The whole machine's busy CPU per write (the bench's own client included), µs. */
  machineCpu: number;
  /** Share of the machine's cores busy through the phase: below 1, the writes wait, not work. */
  busy: number;
  transactions: number;
  /** Rows inserted, updated or deleted per write, by table. */
  rows: Array<[string, number]>;
}

/** The first refusal of the running phase (a field: the callback sets it). */
const refusal: { first: string | null } = { first: null };
/** Read through a call: the phase clears the field before the requests that set it. */
const firstRefusal = (): string | null => refusal.first;

function log(message: string): void {
  process.stderr.write(`[bench:writes] ${message}\n`);
}

async function seed(client: pg.Client, now: Date): Promise<void> {
  // Base-58 addresses (no 0): the follow and message routes take only wallet addresses.
  await client.query(
    `insert into users (sol_address, username, display_name)
     select 'Bench' || lpad(translate(g::text, '0', 'z'), 38, 'A'), 'user' || g, 'Bench User ' || g
     from generate_series(1, ${USERS}) g`,
  );
  await client.query(
    `insert into messages (author_id, body, created_at, expires_at)
     select u.id, 'Vibe #' || g || ': ' || md5(g::text),
            $1::timestamptz - g * interval '828 milliseconds',
            $1::timestamptz - g * interval '828 milliseconds' + interval '24 hours'
     from generate_series(1, ${POSTS}) g
     join (select id, row_number() over (order by sol_address) as n from users) u
       on u.n = (g % ${USERS}) + 1`,
    [now],
  );
  await seedPostTraces(client);
  // One like and one comment on each post, by the wallet half the users on from the one the
  // like and comment writes below pair with it: tables the planner knows to be empty are read by
  // scanning them (in plans PL/pgSQL then keeps for the session), where live ones use their
  // indexes.
  const byPost = `from (select id, created_at, row_number() over (order by id) - 1 as n from messages) m
     join (select id, row_number() over (order by sol_address) - 1 as n from users) u
       on u.n = (m.n + ${USERS / 2}) % ${USERS}`;
  await client.query(
    `insert into engagements (message_id, user_id, kind, created_at)
     select m.id, u.id, 'like', m.created_at ${byPost}`,
  );
  await client.query(
    `insert into comments (message_id, author_id, body, created_at)
     select m.id, u.id, 'seeded', m.created_at ${byPost}`,
  );
  await client.query('update messages set like_count = 1, comment_count = 1');
  // User n follows n + 97k (k = 1..10): the writes below follow others (n + 1, 2, ...).
  await seedFollows(client, { users: USERS, perUser: FOLLOWS_PER_USER, now });
  await client.query('vacuum analyze');
}

/** Requests that pair the i-th wallet with the i-th target, built as they are sent. */
function pairs(
  method: 'POST' | 'PUT',
  pathOf: (i: number) => string,
  tokens: string[],
  body: (i: number) => string | null,
): autocannon.Request[] {
  let i = 0;
  return [
    {
      method,
      path: pathOf(0),
      // The first refusal of a run, printed with its line: a bench that measures refusals
      // measures nothing.
      onResponse: (status: number, responseBody: string) => {
        if (status >= 300) refusal.first ??= `${status} ${responseBody.slice(0, 200)}`;
      },
      setupRequest: (request) => {
        i += 1;
        const payload = body(i);
        return {
          ...request,
          path: pathOf(i),
          headers: {
            ...request.headers,
            authorization: `Bearer ${itemAt(tokens, i % tokens.length)}`,
            ...(payload === null ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === null ? {} : { body: payload }),
        };
      },
    },
  ];
}

async function tableWrites(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ relname: string; n: string }>(
    `select relname, (n_tup_ins + n_tup_upd + n_tup_del)::text as n from pg_stat_user_tables`,
  );
  return new Map(rows.map((row) => [row.relname, Number(row.n)]));
}

/** The statements that ran since the last reset, the costliest first, per write. */
async function printProfile(client: pg.Client, write: string, n: number): Promise<void> {
  const { rows } = await client.query<{ calls: string; ms: number; rows: string; query: string }>(
    `select calls::text, total_exec_time as ms, rows::text, query from pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database())
       and query not like '%pg_stat%'
     order by total_exec_time desc limit 15`,
  );
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  log(
    `${write}: statements by execution time (${((total * 1000) / n).toFixed(0)} µs per write in these)`,
  );
  for (const row of rows) {
    log(
      `  ${((row.ms * 1000) / n).toFixed(0).padStart(6)} µs  ${(Number(row.calls) / n).toFixed(2)} calls  ` +
        `${(Number(row.rows) / n).toFixed(2)} rows  ${row.query.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  }
}

async function transactions(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select (xact_commit + xact_rollback)::text as n from pg_stat_database
     where datname = current_database()`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The app's process and its /metrics, behind its token. */
interface AppUnderTest {
  pid: number;
  metricsUrl: string;
  metricsToken: string;
}

/**
 * The emission sequencer's histograms from the app's /metrics, summed over outcomes (and the
 * outcomes other than applied apart): how many batches ran, how long, and how long the
 * rewarded writes waited for them.
 */
async function sequencerFigures(app: AppUnderTest): Promise<Map<string, number>> {
  const figures = new Map<string, number>();
  const res = await fetch(app.metricsUrl, {
    headers: { authorization: `Bearer ${app.metricsToken}` },
  });
  for (const row of (await res.text()).split('\n')) {
    const match =
      /^dum_emission_(batch|settle)_seconds_(sum|count)(?:\{outcome="(\w+)"\})? ([\d.e+-]+)$/.exec(
        row,
      );
    if (!match) continue;
    const [, kind, what, outcome, value] = match;
    const add = (key: string) => figures.set(key, (figures.get(key) ?? 0) + Number(value));
    add(`${kind}_${what}`);
    if (outcome && outcome !== 'applied') add(`${outcome}_${what}`);
  }
  return figures;
}

// Long: one measured phase, read top to bottom: warm-up, counters, run, counters, the line.
async function measure(
  write: string,
  url: string,
  requests: autocannon.Request[],
  stats: pg.Client,
  app: AppUnderTest,
): Promise<Line> {
  refusal.first = null;
  await autocannon({ url, requests, connections: WRITERS, duration: 2 });
  // The statistics collector flushes a backend's counts when its transaction ends, at most
  // every second: a pause lets the warm-up's counts land before the first reading.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const before = {
    rows: await tableWrites(stats),
    xacts: await transactions(stats),
    server: processCpuMs(app.pid),
    postgres: postgresCpuMs(),
    machine: machineBusyMs(),
    at: performance.now(),
    sequencer: await sequencerFigures(app),
  };
  if (PROFILE) await stats.query('select pg_stat_statements_reset()');
  const result = await autocannon({ url, requests, connections: WRITERS, duration: SECONDS });
  const after = {
    server: processCpuMs(app.pid),
    postgres: postgresCpuMs(),
    machine: machineBusyMs(),
    at: performance.now(),
    sequencer: await sequencerFigures(app),
  };
  const seq = (key: string) => (after.sequencer.get(key) ?? 0) - (before.sequencer.get(key) ?? 0);
  // A write with no reward (a direct message) has no batches to tell of.
  if (seq('batch_count') > 0)
    log(
      `${write} sequencer: ${seq('batch_count')} batches (${seq('lost_count')} lost, ${seq('empty_count')} empty), ` +
        `${((seq('batch_sum') / Math.max(1, seq('batch_count'))) * 1000).toFixed(2)} ms each; ` +
        `settle waits ${seq('settle_count')}, ${((seq('settle_sum') / Math.max(1, seq('settle_count'))) * 1000).toFixed(2)} ms each`,
    );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const rowsAfter = await tableWrites(stats);
  const xactsAfter = await transactions(stats);
  const n = Math.max(1, result.requests.total);
  if (PROFILE) await printProfile(stats, write, n);
  const rows: Array<[string, number]> = [];
  for (const [table, count] of rowsAfter) {
    const per = (count - (before.rows.get(table) ?? 0)) / n;
    if (per >= 0.01) rows.push([table, Number(per.toFixed(2))]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  const line: Line = {
    write,
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    serverCpu: Math.round(((after.server - before.server) * 1000) / n),
    postgresCpu: Math.round(((after.postgres - before.postgres) * 1000) / n),
    machineCpu: Math.round(((after.machine - before.machine) * 1000) / n),
    busy: (after.machine - before.machine) / ((after.at - before.at) * os.availableParallelism()),
    // The statistics reads themselves are two transactions.
    transactions: Number(((xactsAfter - before.xacts - 2) / n).toFixed(2)),
    rows,
  };
  log(
    `${write}: ${line.perSecond}/s, p50 ${line.p50} ms, p99 ${line.p99} ms` +
      (line.non2xx ? ` (NON-2XX ${line.non2xx}, the first: ${firstRefusal() ?? '?'})` : '') +
      `; server ${line.serverCpu} µs, PostgreSQL ${line.postgresCpu} µs, machine ${line.machineCpu} µs per write; cores ${(line.busy * 100).toFixed(0)}% busy`,
  );
  return line;
}

// Long: the benchmark's script, its phases in the order they run and print.
async function main(): Promise<void> {
  const throwaway = await createThrowawayDatabase(ADMIN_URL, 'dum_bench_writes');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-bench-writes-'));
  const children: ChildProcess[] = [];
  const stats = new pg.Client({ connectionString: throwaway.url });
  try {
    const database = await openDatabase({ kind: 'postgres', url: throwaway.url });
    await runMigrations(database);
    await database.close();
    await stats.connect();
    const seeded = Date.now();
    await seed(stats, new Date());
    log(`seeded ${USERS} users, ${POSTS} posts in ${((Date.now() - seeded) / 1000).toFixed(0)} s`);

    const secret = randomBytes(32).toString('base64url');
    const app = await startChild('bench/feed-server.ts', {
      DATABASE_URL: throwaway.url,
      AUTH_SECRET: secret,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: secret,
      ...UNLIMITED_WRITES,
    });
    children.push(app.child);
    const base = `http://127.0.0.1:${app.port}`;
    const underTest = {
      pid: app.child.pid ?? 0,
      metricsUrl: `${base}/metrics`,
      metricsToken: secret,
    };

    const { rows: users } = await stats.query<{ id: string; sol_address: string }>(
      'select id, sol_address from users order by sol_address',
    );
    const { rows: posts } = await stats.query<{ id: string }>(
      'select id::text as id from messages order by id',
    );
    const issuer = createTokenService({
      secret: new TextEncoder().encode(secret),
      accessTokenTtlSeconds: 3600,
      clock: systemClock,
    });
    const tokens = await Promise.all(
      users.map((user) =>
        issuer.issueAccessToken({
          id: user.id,
          solAddress: user.sol_address,
          sessionId: randomUUID(),
        }),
      ),
    );
    // Request i is wallet i (mod the users). Its target is the user `round` places on, where
    // `round` is how many times the wallets have come round (from 1): no wallet writes to
    // itself, and no pair repeats within a run (the seeded follows are 97 places on and more).
    const targetOf = (i: number) =>
      itemAt(users, ((i % USERS) + 1 + Math.floor(i / USERS)) % USERS).sol_address;
    const postIds = posts.map((post) => post.id);
    const everyOf = (paths: string[]) => (i: number) => itemAt(paths, i % paths.length);

    const firstPage = Buffer.from(
      await (await fetch(`${base}/api/messages-v2/feed`)).arrayBuffer(),
    );
    const bodyFile = path.join(dataDir, 'first-page.json');
    await writeFile(bodyFile, firstPage);
    const ceiling = await startChild('bench/feed-ceiling.ts', { BENCH_BODY_FILE: bodyFile });
    children.push(ceiling.child);
    await autocannon({ url: `http://127.0.0.1:${ceiling.port}/`, connections: 16, duration: 2 });
    const ceilingRun = await autocannon({
      url: `http://127.0.0.1:${ceiling.port}/`,
      connections: 16,
      duration: SECONDS,
    });
    const ceilingPerSecond = Math.round(ceilingRun.requests.average);
    ceiling.child.kill('SIGTERM');
    log(
      `ceiling (node:http, the first page as a fixed body, 16 connections): ${ceilingPerSecond}/s`,
    );

    const json = (value: unknown) => () => JSON.stringify(value);
    const phases: Array<[string, autocannon.Request[]]> = [
      [
        'post',
        pairs(
          'POST',
          () => '/api/messages-v2/messages',
          tokens,
          json({ body: 'gm from the bench', kind: 'public' }),
        ),
      ],
      [
        'like',
        pairs(
          'POST',
          everyOf(postIds.map((id) => `/api/messages/${id}/engage`)),
          tokens,
          json({ kind: 'like' }),
        ),
      ],
      [
        'comment',
        pairs(
          'POST',
          everyOf(postIds.map((id) => `/api/messages/${id}/comments`)),
          tokens,
          json({ content: 'so true' }),
        ),
      ],
      [
        'follow',
        pairs(
          'PUT',
          (i) => `/api/follows/${targetOf(i)}`,
          tokens,
          () => null,
        ),
      ],
      [
        'message',
        pairs(
          'POST',
          // The same pair each round (wallet i writes to i + 1): a conversation goes on.
          (i) =>
            `/api/conversations/${itemAt(users, ((i % USERS) + 1) % USERS).sol_address}/messages`,
          tokens,
          (i) => JSON.stringify({ body: `hello #${i}` }),
        ),
      ],
    ];
    if (PROFILE) await stats.query('create extension if not exists pg_stat_statements');
    const lines: Line[] = [];
    for (const [write, requests] of phases) {
      if (ONLY && !ONLY.includes(write)) continue;
      lines.push(await measure(write, base, requests, stats, underTest));
    }

    process.stdout.write(
      `\nbench:writes — ${WRITERS} writers, ${SECONDS} s each; ceiling ${ceilingPerSecond} req/s\n\n` +
        '| write | per s | p50 ms | p99 ms | vs ceiling | server µs | PostgreSQL µs | machine µs | cores busy | transactions | rows written per write |\n' +
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n',
    );
    for (const line of lines) {
      process.stdout.write(
        `| ${line.write}${line.non2xx ? ` (${line.non2xx} non-2xx)` : ''} | ${line.perSecond} | ${line.p50} | ${line.p99} | ` +
          `${(line.perSecond / ceilingPerSecond).toFixed(3)} | ${line.serverCpu} | ${line.postgresCpu} | ` +
          `${line.machineCpu} | ${(line.busy * 100).toFixed(0)}% | ` +
          `${line.transactions} | ${line.rows.map(([table, n]) => `${table} ${n}`).join(', ')} |\n`,
      );
    }
    const post = lines.find((line) => line.write === 'post');
    const ratio = (post?.perSecond ?? 0) / ceilingPerSecond;
    const slower = lines.filter(
      (line) =>
        ['like', 'comment', 'follow'].includes(line.write) &&
        line.perSecond < (post?.perSecond ?? 0),
    );
    if (post)
      process.stdout.write(
        `\npost creation: ${ratio.toFixed(3)} of the ceiling (target ≥ 0.08: ${ratio >= 0.08 ? 'met' : 'NOT met'}), ` +
          `PostgreSQL ${post.postgresCpu} µs per post (target ≤ 500: ${post.postgresCpu <= 500 ? 'met' : 'NOT met'}); ` +
          `like, comment and follow at least as fast as a post: ${slower.length === 0 ? 'met' : `NOT met (${slower.map((line) => line.write).join(', ')})`}\n`,
      );
    if (lines.some((line) => line.non2xx > 0)) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await stats.end().catch(() => undefined);
    await throwaway.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
