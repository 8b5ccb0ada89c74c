/**
 * npm run bench:analytics — GET /api/analytics for a busy creator.
 *   1. Creates a throwaway database on PostgreSQL (BENCH_DATABASE_URL, default
 *      postgres://postgres@127.0.0.1:5432/postgres), applies the migrations and seeds, with
 *      generate_series: 2,000 other wallets; the creator's 10,000 posts spread evenly over the
 *      last 89 days, all still live (vault posts, each with its vault), 200,000 likes and
 *      30,000 comments on them from the other wallets, 2,000 followers, 5,000 supports of the
 *      vaults, 20,000 direct messages to the creator of which 2,000 carry a tip, and the ledger
 *      rows of all that (the creator's 10,000 post_created plus 10,000 like_given of its own and
 *      the other wallets' like_given, comment_created, follow, vault_supported and tip rows); then
 *      the analytics_daily and analytics_dum_daily rows as the migration's backfill makes them.
 *   2. Starts the app (bench/feed-server.ts: buildApp with a real context, on loopback) in its
 *      own process and prints the plans (EXPLAIN ANALYZE) of the two statements a 90-day
 *      request runs.
 *   3. For each range (90d, 30d, 7d): BENCH_WARMUP untimed requests (default 50), then
 *      BENCH_REQUESTS (default 500) one after another from one client, each timed from fetch to
 *      the parsed body; then 90d by BENCH_CONNECTIONS concurrent clients (autocannon, default 8,
 *      BENCH_SECONDS, default 5) for the throughput.
 *   4. Prints p50, p99 and max per range (target: p99 < 50 ms) and checks the 90-day figures
 *      against what was seeded; drops the database.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { AnalyticsResponse } from '@dum/core';
import autocannon from 'autocannon';
import pg from 'pg';
import { systemClock } from '../apps/server/src/clock.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createTokenService } from '../apps/server/src/modules/auth/index.ts';
import { startChild } from './app-process.ts';
import { percentile } from './measure.ts';
import { createThrowawayDatabase } from '../apps/server/src/test/migrated-postgres.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 50);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const OTHERS = 2000;
const POSTS = 10_000;
const LIKES = 200_000;
const COMMENTS = 30_000;
const SUPPORTS = 5000;
const MESSAGES = 20_000;
/** Every tenth message carries a tip. */
const TIPS = MESSAGES / 10;
const TARGET_P99_MS = 50;

function log(message: string): void {
  process.stderr.write(`[bench:analytics] ${message}\n`);
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** Seeds everything and answers the creator's id and wallet. */
// Long: one SQL statement per table, best read in order.
export async function seed(url: string, now: Date): Promise<{ id: string; solAddress: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    const { rows } = await client.query<{ id: string; sol_address: string }>(
      `insert into users (sol_address, username, display_name, created_at)
       values ('Creator' || lpad('', 37, 'A'), 'creator', 'The Creator', $1::timestamptz - interval '120 days')
       returning id, sol_address`,
      [now],
    );
    const creator = rows[0];
    if (!creator) throw new Error('no creator');
    await client.query(
      `insert into users (sol_address, username, display_name, created_at)
       select 'Fan' || lpad(g::text, 41, 'A'), 'fan' || g, 'Fan ' || g,
         $1::timestamptz - interval '120 days'
       from generate_series(1, ${OTHERS}) g`,
      [now],
    );
    await client.query(
      `create temporary table fans as
       select id, row_number() over (order by sol_address) as n from users where id <> $1`,
      [creator.id],
    );
    // Post g (1 = newest) at now - g × 89 days / POSTS: every post inside the 90-day range (it
    // starts at midnight UTC 89 days before today's).
    await client.query(
      `insert into messages (author_id, kind, body, created_at, expires_at, like_count, comment_count)
       select $1, 'vault', 'Vault vibe #' || g || ': ' || md5(g::text),
         date_trunc('milliseconds', $2::timestamptz - g * (interval '89 days' / ${POSTS})),
         null, 0, 0
       from generate_series(1, ${POSTS}) g`,
      [creator.id, now],
    );
    await client.query(
      `insert into vaults (message_id, creator_id, target, total, supporter_count, status,
         media_key, kind, created_at, ends_at)
       select id, author_id, 1000000000000, 0, 0, 'active', md5(id::text), 'direct', created_at,
         created_at + interval '100 days'
       from messages`,
    );
    await client.query(
      `create temporary table posts as
       select id, created_at, row_number() over (order by id) as n from messages`,
    );
    // Like g: post (g mod POSTS), by a fan distinct for each of the post's 20 likes, given within
    // ten minutes of the post.
    await client.query(
      `insert into engagements (message_id, user_id, kind, created_at)
       select p.id, f.id, 'like', p.created_at + (g % 600) * interval '1 second'
       from generate_series(0, ${LIKES - 1}) g
       join posts p on p.n = (g % ${POSTS}) + 1
       join fans f on f.n = ((g / ${POSTS}) * 7 + g) % ${OTHERS} + 1
       on conflict do nothing`,
    );
    await client.query(
      `insert into comments (message_id, author_id, body, created_at)
       select p.id, f.id, 'nice ' || g, p.created_at + (g % 600) * interval '1 second'
       from generate_series(0, ${COMMENTS - 1}) g
       join posts p on p.n = (g % ${POSTS}) + 1
       join fans f on f.n = (g % ${OTHERS}) + 1`,
    );
    await client.query(
      `update messages m set like_count = c.likes, comment_count = c.comments
       from (select p.id,
               (select count(*) from engagements e where e.message_id = p.id) as likes,
               (select count(*) from comments c where c.message_id = p.id) as comments
             from posts p) c
       where m.id = c.id`,
    );
    await client.query(
      `insert into follows (follower_id, following_id, created_at)
       select f.id, $1, $2::timestamptz - f.n * (interval '89 days' / ${OTHERS})
       from fans f`,
      [creator.id, now],
    );
    await client.query(
      `insert into vault_supports (vault_id, supporter_id, signature, amount, slot, created_at)
       select v.id, f.id, 'sig-support-' || g, 10000000 + g, g, p.created_at + interval '5 minutes'
       from generate_series(1, ${SUPPORTS}) g
       join posts p on p.n = (g * 2 % ${POSTS}) + 1
       join vaults v on v.message_id = p.id
       join fans f on f.n = (g % ${OTHERS}) + 1`,
    );
    await client.query(
      `insert into direct_messages (sender_id, recipient_id, body, tip_lamports, tip_signature,
         created_at)
       select f.id, $1, 'hello ' || g,
         case when g % 10 = 0 then 5000000 + g end,
         case when g % 10 = 0 then 'sig-tip-' || g end,
         date_trunc('milliseconds', $2::timestamptz - g * (interval '89 days' / ${MESSAGES}))
       from generate_series(1, ${MESSAGES}) g
       join fans f on f.n = (g % ${OTHERS}) + 1`,
      [creator.id, now],
    );
    // The ledger: the creator's rewarded posts and likes of its own, and the other wallets'
    // rows for everything they did (their recipient is the actor).
    await client.query(
      `insert into emission_ledger (amount, recipient_id, subject_id, kind, reference, created_at)
       select 150000000000, $1::uuid, null::uuid, 'post_created', p.id::text, p.created_at from posts p
       union all
       select 75000000000, $1, null, 'like_given', 'creator-like-' || g,
         $2::timestamptz - g * (interval '89 days' / ${POSTS})
       from generate_series(1, ${POSTS}) g
       union all
       select 75000000000, e.user_id, $1, 'like_given', e.message_id::text, e.created_at
       from engagements e
       union all
       select 75000000000, c.author_id, $1, 'comment_created', c.id::text, c.created_at
       from comments c
       union all
       select 75000000000, f.follower_id, null, 'follow', f.follower_id || ':' || f.following_id,
         f.created_at
       from follows f
       union all
       select 75000000000, s.supporter_id, null, 'vault_supported', s.signature, s.created_at
       from vault_supports s
       union all
       select 75000000000, d.sender_id, null, 'tip', d.tip_signature, d.created_at
       from direct_messages d where d.tip_signature is not null`,
      [creator.id, now],
    );
    // What the actions would have written to analytics_daily and the sequencer to
    // analytics_dum_daily (the migration's backfill).
    await client.query(
      `insert into analytics_daily (user_id, day, posts, likes_received, comments_received,
         followers_gained, sol_raised)
       select user_id, day, sum(posts), sum(likes), sum(comments), sum(follows), sum(sol)
       from (
         select author_id as user_id, (created_at at time zone 'UTC')::date as day,
           count(*) as posts, 0 as likes, 0 as comments, 0 as follows, 0::numeric as sol
         from messages group by 1, 2
         union all
         select m.author_id, (e.created_at at time zone 'UTC')::date, 0, count(*), 0, 0, 0
         from engagements e join messages m on m.id = e.message_id
         where e.kind = 'like' and e.user_id <> m.author_id group by 1, 2
         union all
         select m.author_id, (c.created_at at time zone 'UTC')::date, 0, 0, count(*), 0, 0
         from comments c join messages m on m.id = c.message_id
         where c.author_id <> m.author_id group by 1, 2
         union all
         select following_id, (created_at at time zone 'UTC')::date, 0, 0, 0, count(*), 0
         from follows group by 1, 2
         union all
         select v.creator_id, (s.created_at at time zone 'UTC')::date, 0, 0, 0, 0, sum(s.amount)
         from vault_supports s join vaults v on v.id = s.vault_id group by 1, 2
       ) figures
       group by user_id, day`,
    );
    await client.query(
      `insert into analytics_dum_daily (user_id, day, kind, amount)
       select recipient_id, (created_at at time zone 'UTC')::date, kind, sum(amount)
       from emission_ledger where amount > 0 group by 1, 2, 3`,
    );
    await client.query('vacuum analyze');
    const counts = await client.query<{ ledger: string; likes: string }>(
      `select (select count(*) from emission_ledger)::text as ledger,
         (select count(*) from engagements)::text as likes`,
    );
    log(
      `seeded ${OTHERS + 1} wallets, ${POSTS} posts, ${counts.rows[0]?.likes} likes, ` +
        `${COMMENTS} comments, ${OTHERS} follows, ${SUPPORTS} supports, ${MESSAGES} messages ` +
        `(${TIPS} tips), ${counts.rows[0]?.ledger} ledger rows in ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    return { id: creator.id, solAddress: creator.sol_address };
  } finally {
    await client.end();
  }
}

/** The plans of the statements a 90-day request runs (modules/analytics/repo.ts). */
export async function explain(url: string, creatorId: string, now: Date): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const day = (offset: number) =>
      new Date(Date.parse(now.toISOString().slice(0, 10)) - offset * 86_400_000);
    const from = day(179);
    const until = day(-1);
    const plan = async (name: string, text: string, values: unknown[]) => {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off, timing off, summary on) ${text}`,
        values,
      );
      log(`${name} plan:\n  ${rows.map((row) => row['QUERY PLAN']).join('\n  ')}`);
    };
    await plan(
      'daily rows (90d and the previous 90d)',
      `select 'counters' as source, day::text as day, null as kind, posts, likes_received,
         comments_received, followers_gained, sol_raised::text as amount
       from analytics_daily
       where user_id = $1 and day >= $2::date and day <= $3::date
       union all
       select 'dum', day::text, kind, null, null, null, null, amount::text
       from analytics_dum_daily
       where user_id = $1 and day >= $2::date and day <= $3::date
       union all
       select 'tips', (created_at at time zone 'UTC')::date::text, null, null, null, null, null,
         sum(tip_lamports)::text
       from direct_messages
       where recipient_id = $1 and tip_lamports is not null and created_at >= $4 and created_at < $5
       group by 2`,
      [creatorId, from.toISOString().slice(0, 10), day(0).toISOString().slice(0, 10), from, until],
    );
    await plan(
      'top posts (90d)',
      `select id::text as id, body, created_at, like_count, comment_count
       from messages
       where author_id = $1 and created_at >= $2 and created_at <= $3
         and (expires_at is null or expires_at > $3)
       order by like_count + comment_count desc, created_at desc, id desc
       limit 5`,
      [creatorId, day(89), now],
    );
  } finally {
    await client.end();
  }
}

interface Timing {
  range: string;
  p50: number;
  p99: number;
  max: number;
}

/** REQUESTS requests one after another, after WARMUP untimed ones. */
async function timeRange(base: string, token: string, range: string): Promise<Timing> {
  const url = `${base}/api/analytics?range=${range}`;
  const get = async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as AnalyticsResponse;
    if (res.status !== 200) throw new Error(`analytics ${range}: ${res.status}`);
    return body;
  };
  for (let i = 0; i < WARMUP; i += 1) await get();
  const timings: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    await get();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const timing = {
    range,
    p50: Number(percentile(timings, 50).toFixed(2)),
    p99: Number(percentile(timings, 99).toFixed(2)),
    max: Number((timings.at(-1) ?? NaN).toFixed(2)),
  };
  log(
    `${range}: ${REQUESTS} requests, p50 ${timing.p50} ms, p99 ${timing.p99} ms, max ${timing.max} ms`,
  );
  return timing;
}

// Long: the benchmark's script, its phases in the order they run and print.
async function main(): Promise<void> {
  const throwaway = await createThrowawayDatabase(ADMIN_URL, 'dum_bench_analytics');
  const databaseUrl = throwaway.url;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-bench-analytics-'));
  const children: ChildProcess[] = [];
  try {
    log(`load average before ${loadAverage()}`);
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    await runMigrations(database);
    await database.close();
    const now = new Date();
    const creator = await seed(databaseUrl, now);
    await explain(databaseUrl, creator.id, now);

    const secret = randomBytes(32).toString('base64url');
    const app = await startChild('bench/feed-server.ts', {
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: secret,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    children.push(app.child);
    const base = `http://127.0.0.1:${app.port}`;
    const token = await createTokenService({
      secret: new TextEncoder().encode(secret),
      accessTokenTtlSeconds: 3600,
      clock: systemClock,
    }).issueAccessToken({
      id: creator.id,
      solAddress: creator.solAddress,
      sessionId: randomUUID(),
    });

    // The figures, checked against the seed before anything is timed.
    const res = await fetch(`${base}/api/analytics?range=90d`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as AnalyticsResponse;
    const sumOf = (from: number, to: number, step: number, base: bigint) => {
      let total = 0n;
      for (let g = from; g <= to; g += step) total += base + BigInt(g);
      return total;
    };
    const checks = {
      posts: body.totals.posts.value === POSTS,
      likes: body.totals.likesReceived.value === LIKES,
      comments: body.totals.commentsReceived.value === COMMENTS,
      followers: body.totals.followersGained.value === OTHERS,
      dum: body.totals.dumEarned.value === (BigInt(POSTS) * 225_000_000_000n).toString(),
      sol: body.totals.solRaised.value === sumOf(1, SUPPORTS, 1, 10_000_000n).toString(),
      tips: body.totals.tipsReceived.value === sumOf(10, MESSAGES, 10, 5_000_000n).toString(),
      days: body.series.posts.length === 90,
      topPosts: body.topPosts.length === 5,
    };
    log(
      `90d: totals ${JSON.stringify(body.totals)}; dumByKind ${JSON.stringify(body.dumByKind)}; ` +
        `top post ${JSON.stringify(body.topPosts[0])}`,
    );
    const bad = Object.entries(checks).filter(([, ok]) => !ok);
    // Timed anyway (the run is what it costs); the exit code says the figures were wrong.
    if (bad.length > 0) {
      log(`FIGURES DIFFER FROM THE SEED: ${bad.map(([k]) => k).join(', ')}`);
      process.exitCode = 1;
    } else {
      log('90d figures equal the seed: OK');
    }

    const timings: Timing[] = [];
    for (const range of ['90d', '30d', '7d']) timings.push(await timeRange(base, token, range));

    const load = await autocannon({
      url: `${base}/api/analytics?range=90d`,
      headers: { authorization: `Bearer ${token}` },
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    log(
      `90d, ${CONNECTIONS} concurrent clients: ${Math.round(load.requests.average)} req/s, ` +
        `p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, non-2xx ${load.non2xx}`,
    );

    process.stdout.write(
      `\n| range | requests | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- |\n`,
    );
    for (const t of timings) {
      process.stdout.write(`| ${t.range} | ${REQUESTS} | ${t.p50} | ${t.p99} | ${t.max} |\n`);
    }
    process.stdout.write(
      `| 90d, ${CONNECTIONS} clients (autocannon ${SECONDS} s) | ${Math.round(load.requests.average)} req/s | ${load.latency.p50} | ${load.latency.p99} | ${load.latency.max} |\n`,
    );
    const worst = Math.max(...timings.map((t) => t.p99));
    process.stdout.write(
      `\none client: worst p99 ${worst} ms (target < ${TARGET_P99_MS}): ${worst < TARGET_P99_MS ? 'OK' : 'ABOVE TARGET'}; load average after ${loadAverage()}\n`,
    );
    if (load.non2xx > 0 || load.errors > 0) throw new Error('failed requests under load');
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await throwaway.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Run as a script (the seed and the plans are also imported by ad-hoc checks).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
