/**
 * npm run bench:mix — a realistic load on the scaled shape: signed-in users reading, opening,
 * liking, commenting, posting and following, through a round-robin proxy in front of two
 * instances that share PostgreSQL and Redis.
 *   1. Creates a throwaway database on PostgreSQL (BENCH_DATABASE_URL), applies the migrations
 *      and seeds 5,000 users, 200,000 posts over the last 23 hours (every fifth with a like, a
 *      comment on every tenth) and 250,000 follows (each user follows 50 others).
 *   2. Starts two instances (bench/feed-server.ts with REDIS_URL, BENCH_REDIS_URL, default
 *      redis://127.0.0.1:6379, under a prefix of its own) and the round-robin proxy
 *      (bench/round-robin-proxy.ts); measures the bare node:http ceiling (bench/feed-ceiling.ts,
 *      the app's first page as a fixed body) for 10 s in the same run.
 *   3. BENCH_USERS signed-in wallets (default 3,000) send requests in the proportions of MIX
 *      below, arriving at random (Poisson, bench/open-loop.ts: an open loop, each latency from
 *      the request's due time) at BENCH_RATE requests a second (default 300: 3,000 wallets each
 *      acting once every 10 s) over up to BENCH_CONNECTIONS connections (default 64) for
 *      BENCH_SECONDS (default 300) after a 30 s warm-up (BENCH_WARM_UP_SECONDS).
 *   4. Prints throughput (beside the ceiling), p50/p90/p99/max latency, the status codes, each
 *      route's time in the app, the sequencer's batches, the bench's own event-loop delay, when
 *      the slow answers came, the CPU a request cost (the instances, PostgreSQL, the bench, the
 *      whole machine), and per instance the event loop's delay (p99 over the run, worst
 *      5 s window) and memory after warm-up and at the end.
 * Targets (issue 26): zero 5xx; p99 < 50 ms; memory flat (< 10% growth after warm-up: the
 * median rss of the run's last quarter against its first); event loop delay p99 < 20 ms.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { systemClock } from '../apps/server/src/clock.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createTokenService } from '../apps/server/src/modules/auth/index.ts';
import { encodeCursor } from '../apps/server/src/modules/feed/index.ts';
import { UNLIMITED_WRITES } from '../e2e/support/server-test-kit.ts';
import { startChild } from './app-process.ts';
import { itemAt, machineBusyMs, percentile, postgresCpuMs, processCpuMs } from './measure.ts';
import { runOpenLoop, type OpenLoopRequest } from './open-loop.ts';
import { startRoundRobinProxy } from './round-robin-proxy.ts';
import { createThrowawayDatabase } from '../apps/server/src/test/migrated-postgres.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SIGNED_IN = Number(process.env.BENCH_USERS ?? 3000);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 30);
const USERS = 5_000;
const POSTS = 200_000;
const FOLLOWS_PER_USER = 50;
/** The posts people open, like and comment on: the newest (what the feed shows). */
const HOT_POSTS = 2_000;
const STATS_MS = 5_000;

/**
 * What a signed-in user of a social app does, per request (percent): mostly reading the feed
 * and its next pages, then opening posts and their comments, liking far more than commenting,
 * and posting or following seldom. Shaped after public figures for such apps (reads outnumber
 * writes about 10 to 1; likes are the most common write, posts among the rarest).
 */
const MIX = [
  { op: 'feed first page', weight: 30 },
  { op: 'feed next page', weight: 15 },
  { op: 'following feed', weight: 10 },
  { op: 'open a post', weight: 12 },
  { op: "read a post's comments", weight: 10 },
  { op: "a wallet's posts", weight: 2 },
  { op: 'like or unlike', weight: 12 },
  { op: 'comment', weight: 4 },
  { op: 'post', weight: 3 },
  { op: 'follow or unfollow', weight: 2 },
] as const;
type Op = (typeof MIX)[number]['op'];

function log(message: string): void {
  process.stderr.write(`[bench:mix] ${message}\n`);
}

async function seed(url: string, now: Date): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    await client.query(
      `insert into users (sol_address, username, display_name)
       select 'Mix' || translate(lpad(g::text, 40, 'A'), '0', 'o'), 'mix' || g, 'Mix User ' || g
       from generate_series(1, ${USERS}) g`,
    );
    await client.query(
      `insert into messages (author_id, body, created_at, expires_at, like_count, comment_count)
       select u.id, 'Vibe #' || g || ': ' || md5(g::text),
              date_trunc('milliseconds', $1::timestamptz - g * interval '414 milliseconds'),
              date_trunc('milliseconds', $1::timestamptz - g * interval '414 milliseconds')
                + interval '24 hours',
              case when g % 5 = 0 then 1 else 0 end, case when g % 10 = 0 then 1 else 0 end
       from generate_series(1, ${POSTS}) g
       join (select id, row_number() over (order by sol_address) as n from users) u
         on u.n = (g % ${USERS}) + 1`,
      [now],
    );
    await client.query(
      `insert into engagements (message_id, user_id, kind, created_at)
       select m.id, u.id, 'like', m.created_at
       from (select id, created_at, row_number() over (order by id) as n from messages) m
       join (select id, row_number() over (order by sol_address) as n from users) u
         on u.n = ((m.n * 7) % ${USERS}) + 1
       where m.n % 5 = 0`,
    );
    await client.query(
      `insert into comments (message_id, author_id, body, created_at)
       select m.id, u.id, 'Nice one #' || m.n, m.created_at + interval '1 second'
       from (select id, created_at, row_number() over (order by id) as n from messages) m
       join (select id, row_number() over (order by sol_address) as n from users) u
         on u.n = ((m.n * 11) % ${USERS}) + 1
       where m.n % 10 = 0`,
    );
    await client.query(
      `insert into follows (follower_id, following_id, created_at)
       select a.id, b.id, $1::timestamptz - k * interval '1 minute'
       from (select id, row_number() over (order by sol_address) as n from users) a
       cross join generate_series(1, ${FOLLOWS_PER_USER}) k
       join (select id, row_number() over (order by sol_address) as n from users) b
         on b.n = ((a.n - 1 + k * 97) % ${USERS}) + 1`,
      [now],
    );
    await client.query('vacuum analyze');
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await client.end();
  }
}

interface Wallet {
  token: string;
  address: string;
}

/** Picks an operation by MIX's weights and builds its request (tagged with the operation). */
function requestMaker(args: {
  wallets: Wallet[];
  hotPosts: string[];
  nextCursors: string[];
  counts: Map<Op, number>;
  /** Answers other than 2xx, by operation and status. */
  refusals: Map<string, number>;
}): {
  next: () => { request: OpenLoopRequest; tag: Op };
  onAnswer: (op: Op, status: number) => void;
} {
  const { wallets, hotPosts, nextCursors, counts, refusals } = args;
  const total = MIX.reduce((sum, entry) => sum + entry.weight, 0);
  const pick = <T>(list: readonly T[]): T => itemAt(list, Math.floor(Math.random() * list.length));
  let sequence = 0;
  const build = (op: Op): OpenLoopRequest => {
    const wallet = pick(wallets);
    const headers: Record<string, string> = { authorization: `Bearer ${wallet.token}` };
    const json = (method: string, route: string, body?: unknown): OpenLoopRequest => {
      if (body !== undefined) headers['content-type'] = 'application/json';
      return {
        method,
        path: route,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      };
    };
    sequence += 1;
    switch (op) {
      case 'feed first page':
        return json('GET', '/api/messages-v2/feed?limit=20');
      case 'feed next page':
        return json('GET', `/api/messages-v2/feed?limit=20&cursor=${pick(nextCursors)}`);
      case 'following feed':
        return json('GET', '/api/messages-v2/feed?scope=following&limit=20');
      case 'open a post':
        return json('GET', `/api/messages-v2/messages/${pick(hotPosts)}`);
      case "read a post's comments":
        return json('GET', `/api/messages/${pick(hotPosts)}/comments`);
      case "a wallet's posts":
        return json('GET', `/api/users/${pick(wallets).address}/posts?limit=20`);
      case 'like or unlike':
        return json('POST', `/api/messages/${pick(hotPosts)}/engage`, { kind: 'like' });
      case 'comment':
        return json('POST', `/api/messages/${pick(hotPosts)}/comments`, {
          content: `Mixed comment ${sequence}`,
        });
      case 'post':
        return json('POST', '/api/messages-v2/messages', {
          body: `Mixed vibe ${sequence}`,
          kind: 'public',
        });
      case 'follow or unfollow':
        return json(
          Math.random() < 0.5 ? 'PUT' : 'DELETE',
          `/api/follows/${pick(wallets).address}`,
        );
    }
  };
  return {
    next() {
      let roll = Math.random() * total;
      const { op } = MIX.find((candidate) => (roll -= candidate.weight) < 0) ?? itemAt(MIX, 0);
      counts.set(op, (counts.get(op) ?? 0) + 1);
      return { request: build(op), tag: op };
    },
    onAnswer(op, status) {
      if (status >= 200 && status < 300) return;
      const key = `${op} ${status === 0 ? 'no answer' : status}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    },
  };
}

interface InstanceStats {
  loopP99Ms: number;
  loopMaxMs: number;
  /** Since the measured phase began (the instance resets it on SIGUSR2). */
  runLoopP99Ms: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** The heap V8 holds from the system, used or not. */
  heapTotalBytes: number;
  /** V8's young generation (part of heapTotalBytes). */
  newSpaceBytes: number;
  /** Memory outside the JS heap that V8 knows of (Buffers, ArrayBuffers). */
  externalBytes: number;
}

// Long: the benchmark's script, its phases in the order they run and print.
async function main(): Promise<void> {
  const throwaway = await createThrowawayDatabase(ADMIN_URL, 'dum_bench_mix');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-bench-mix-'));
  const children: ChildProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>> | null = null;
  try {
    const database = await openDatabase({ kind: 'postgres', url: throwaway.url });
    await runMigrations(database);
    await database.close();
    await seed(throwaway.url, new Date());

    const secret = randomBytes(32).toString('base64url');
    const stats: InstanceStats[][] = [[], []];
    const instances = [];
    /** The instances' process ids, for their CPU. */
    const instancePids: number[] = [];
    for (const index of [0, 1]) {
      const instance = await startChild(
        'bench/feed-server.ts',
        {
          DATABASE_URL: throwaway.url,
          REDIS_URL,
          REDIS_PREFIX: `dum-bench-mix-${Date.now().toString(36)}`,
          AUTH_SECRET: secret,
          ACCESS_TOKEN_TTL_SECONDS: '3600',
          DATA_DIR: path.join(dataDir, `instance-${index}`),
          LOG_LEVEL: 'warn',
          BENCH_STATS_MS: String(STATS_MS),
          METRICS_TOKEN,
          ...UNLIMITED_WRITES,
        },
        (value) => {
          const line = value as { stats?: InstanceStats };
          if (line.stats) stats[index]?.push(line.stats);
        },
      );
      children.push(instance.child);
      if (instance.child.pid !== undefined) instancePids.push(instance.child.pid);
      instances.push(`http://127.0.0.1:${instance.port}`);
    }
    const balancer = await startRoundRobinProxy({ targets: instances });
    proxy = balancer;

    const client = new pg.Client({ connectionString: throwaway.url });
    await client.connect();
    const { rows: users } = await client.query<{ id: string; sol_address: string }>(
      `select id, sol_address from users order by sol_address limit ${SIGNED_IN}`,
    );
    const tokens = createTokenService({
      secret: new TextEncoder().encode(secret),
      accessTokenTtlSeconds: 3600,
      clock: systemClock,
    });
    const wallets: Wallet[] = await Promise.all(
      users.map(async (user) => ({
        address: user.sol_address,
        token: await tokens.issueAccessToken({
          id: user.id,
          solAddress: user.sol_address,
          sessionId: randomUUID(),
        }),
      })),
    );
    const { rows: hot } = await client.query<{ id: string; created_at: Date }>(
      `select id::text, created_at from messages order by created_at desc, id desc limit ${HOT_POSTS}`,
    );
    await client.end();
    const hotPosts = hot.map((row) => row.id);
    // "Next page" cursors: after one of the first 200 posts (pages 2 to 11).
    const nextCursors = hot
      .slice(0, 200)
      .map((row) => encodeCursor('feed', { createdAt: row.created_at, id: BigInt(row.id) }));

    // The ceiling: the app's first page as a fixed body from bare node:http, in this run.
    const firstPage = await fetch(`${balancer.url}/api/messages-v2/feed?limit=20`);
    const bodyFile = path.join(dataDir, 'first-page.json');
    await writeFile(bodyFile, Buffer.from(await firstPage.arrayBuffer()));
    const ceilingApp = await startChild('bench/feed-ceiling.ts', { BENCH_BODY_FILE: bodyFile });
    children.push(ceilingApp.child);
    const ceiling = await autocannon({
      url: `http://127.0.0.1:${ceilingApp.port}/`,
      connections: 16,
      duration: 10,
    });
    ceilingApp.child.kill('SIGTERM');
    log(`ceiling: node:http, fixed body: ${Math.round(ceiling.requests.average)} req/s`);

    const counts = new Map<Op, number>();
    const refusals = new Map<string, number>();
    const requests = requestMaker({ wallets, hotPosts, nextCursors, counts, refusals });
    const load = (seconds: number, onAnswer?: (latencyMs: number, dueMs: number) => void) =>
      runOpenLoop({
        url: balancer.url,
        rate: RATE,
        seconds,
        connections: CONNECTIONS,
        next: requests.next,
        onAnswer(op, status, latencyMs, dueMs) {
          requests.onAnswer(op, status);
          onAnswer?.(latencyMs, dueMs);
        },
      });
    log(`warm-up: ${WARM_UP_SECONDS} s at ${RATE} req/s`);
    await load(WARM_UP_SECONDS);
    counts.clear();
    refusals.clear();
    const warm = stats.map((list) => list.length);
    const memoryAfterWarmUp = stats.map((list) => list.at(-1)?.rssBytes ?? NaN);
    for (const child of children) child.kill('SIGUSR2');
    const routesBefore = await Promise.all(instances.map(scrapeRoutes));
    log(
      `measuring: ${SECONDS} s at ${RATE} req/s (Poisson arrivals), up to ${CONNECTIONS} connections`,
    );
    // The bench's own event loop (the load and the proxy share it): its delays are in every
    // latency measured, so they are printed beside them. The histogram counts its 1 ms tick.
    const benchLoop = monitorEventLoopDelay({ resolution: 1 });
    benchLoop.enable();
    const slowness = slowAnswersBySecond();
    const cpuBefore = cpuNow(instancePids);
    const result = await load(SECONDS, slowness.record);
    const cpuAfter = cpuNow(instancePids);
    benchLoop.disable();
    const routesAfter = await Promise.all(instances.map(scrapeRoutes));
    // Let each instance print the window that ends after the run.
    await new Promise((resolve) => setTimeout(resolve, STATS_MS + 500));

    const status = { ...result.status, errors: result.errors };
    const latencies = [...result.latencies].sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    const rate = Math.round(latencies.length / SECONDS);
    const ms = (value: number) => value.toFixed(1);
    log(
      `served ${rate} req/s (ceiling ${Math.round(ceiling.requests.average)}, ratio ` +
        `${(rate / ceiling.requests.average).toFixed(3)}), p50 ${ms(percentile(latencies, 50))} ms, ` +
        `p90 ${ms(percentile(latencies, 90))} ms, p99 ${ms(p99)} ms, max ${ms(latencies.at(-1) ?? NaN)} ms`,
    );
    log(
      `status: ${JSON.stringify(status)}; not 2xx: ${JSON.stringify(Object.fromEntries(refusals))}`,
    );
    log(
      `mix: ${[...counts].map(([op, n]) => `${op} ${((100 * n) / Math.max(1, latencies.length + result.errors)).toFixed(1)}%`).join(', ')}`,
    );
    logRoutes(routesBefore, routesAfter);
    const loopMs = (ns: number) => Math.max(0, ns / 1e6 - 1).toFixed(1);
    log(
      `the bench's own event loop (load tool and proxy): delay p99 ${loopMs(benchLoop.percentile(99))} ms, ` +
        `max ${loopMs(benchLoop.max)} ms`,
    );
    log(slowness.summary());
    log(cpuPerRequest(cpuBefore, cpuAfter, latencies.length + result.errors));
    let flat = true as boolean;
    let loopOk = true as boolean;
    stats.forEach((list, index) => {
      const run = list.slice(itemAt(warm, index));
      const last = run.at(-1);
      const worstWindow = Math.max(...run.map((entry) => entry.loopP99Ms));
      const start = itemAt(memoryAfterWarmUp, index);
      const growth = ((last?.rssBytes ?? NaN) - start) / start;
      // Judged on the median rss of the run's last quarter against its first quarter (5 s
      // samples): two single readings swing ±10% with where the collector happens to be.
      const quarter = Math.max(1, Math.floor(run.length / 4));
      /** A figure's median over the run's first quarter and over its last. */
      const quarters = (pick: (entry: InstanceStats) => number) =>
        [run.slice(0, quarter), run.slice(-quarter)].map((part) => median(part.map(pick)));
      const [early = NaN, late = NaN] = quarters((entry) => entry.rssBytes);
      const trend = (late - early) / early;
      const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
      const [heapEarly, heapLate] = quarters((entry) => entry.heapUsedBytes).map(mib);
      const [heldEarly, heldLate] = quarters((entry) => entry.heapTotalBytes).map(mib);
      const [newEarly, newLate] = quarters((entry) => entry.newSpaceBytes).map(mib);
      const [externalEarly, externalLate] = quarters((entry) => entry.externalBytes).map(mib);
      flat &&= trend < 0.1;
      loopOk &&= (last?.runLoopP99Ms ?? Infinity) < 20;
      log(
        `instance ${index + 1}: event loop delay p99 over the run ${last?.runLoopP99Ms} ms ` +
          `(worst 5 s window ${worstWindow} ms); rss after warm-up ` +
          `${mib(start)} MiB, at the end ${mib(last?.rssBytes ?? NaN)} MiB ` +
          `(${(growth * 100).toFixed(1)}%), ` +
          `median of the last quarter against the first ${(trend * 100).toFixed(1)}%; ` +
          `heap used at the end ${mib(last?.heapUsedBytes ?? NaN)} MiB ` +
          `(median of the first quarter ${heapEarly} MiB, of the last ${heapLate} MiB); ` +
          `heap held ${heldEarly} → ${heldLate} MiB (young generation ${newEarly} → ${newLate} MiB), ` +
          `external ${externalEarly} → ${externalLate} MiB by the same medians`,
      );
    });
    process.stdout.write(
      `\nbench:mix: ${rate} req/s offered ${RATE} (ceiling ${Math.round(ceiling.requests.average)}), ` +
        `p99 ${ms(p99)} ms (target < 50): ${p99 < 50 ? 'met' : 'NOT met'}; ` +
        `5xx ${status['5xx']} (target 0): ${status['5xx'] === 0 ? 'met' : 'NOT met'}; ` +
        `memory ${flat ? 'flat (met)' : 'grew ≥ 10% (NOT met)'}; ` +
        `event loop p99 ${loopOk ? '< 20 ms (met)' : '≥ 20 ms (NOT met)'}\n`,
    );
  } finally {
    await proxy?.close();
    for (const child of children) child.kill('SIGTERM');
    await throwaway.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface CpuReading {
  instances: number;
  postgres: number;
  bench: number;
  machine: number;
}

/** CPU ms so far: the instances', PostgreSQL's, this process's (load and proxy), the machine's. */
function cpuNow(instancePids: readonly number[]): CpuReading {
  const usage = process.cpuUsage();
  return {
    instances: instancePids.reduce((sum, pid) => sum + processCpuMs(pid), 0),
    postgres: postgresCpuMs(),
    bench: (usage.user + usage.system) / 1000,
    machine: machineBusyMs(),
  };
}

/**
 * What a request cost in CPU over the measured run, by who spent it: steadier than the
 * latencies, which swing with the machine's other load once it is near saturation.
 */
function cpuPerRequest(before: CpuReading, after: CpuReading, requests: number): string {
  const us = (key: keyof CpuReading) =>
    Math.round(((after[key] - before[key]) * 1000) / Math.max(1, requests));
  const busy = (after.machine - before.machine) / (SECONDS * 1000 * os.cpus().length);
  return (
    `CPU per request: instances ${us('instances')} µs, PostgreSQL ${us('postgres')} µs, ` +
    `the bench (load and proxy) ${us('bench')} µs, the machine ${us('machine')} µs ` +
    `(${(busy * 100).toFixed(0)}% of its ${os.cpus().length} cores busy)`
  );
}

/**
 * Answers over 50 ms by the second of the run their request was due in: whether the slow ones
 * come spread out (each request's own cost) or in bursts (something periodic: a job, a
 * checkpoint, a collector).
 */
function slowAnswersBySecond(): {
  record: (latencyMs: number, dueMs: number) => void;
  summary(): string;
} {
  const seconds: ({ all: number; slow: number } | undefined)[] = [];
  return {
    record(latencyMs, dueMs) {
      const bucket = (seconds[Math.floor(dueMs / 1000)] ??= { all: 0, slow: 0 });
      bucket.all += 1;
      if (latencyMs > 50) bucket.slow += 1;
    },
    summary() {
      const filled = Array.from(seconds, (bucket) => bucket ?? { all: 0, slow: 0 });
      const slow = filled.reduce((sum, bucket) => sum + bucket.slow, 0);
      const ranked = filled
        .map((bucket, second) => ({ second, ...bucket }))
        .sort((a, b) => b.slow - a.slow);
      const worstTenth = ranked.slice(0, Math.max(1, Math.ceil(filled.length / 10)));
      const inWorst = worstTenth.reduce((sum, bucket) => sum + bucket.slow, 0);
      return (
        `answers over 50 ms: ${slow}; ${((100 * inWorst) / Math.max(1, slow)).toFixed(0)}% of ` +
        `them in the worst tenth of the seconds; worst seconds ` +
        ranked
          .slice(0, 8)
          .map((bucket) => `${bucket.second}s ${bucket.slow}/${bucket.all}`)
          .join(', ')
      );
    },
  };
}

/** The instances' /metrics answer this token (bench/feed-server.ts passes the env on). */
const METRICS_TOKEN = randomBytes(24).toString('base64url');

/** Per route (method and pattern, every status): requests, seconds in all, and those ≤ 50 ms. */
type RouteTimes = Map<string, { count: number; sum: number; within50: number }>;

async function scrapeRoutes(instance: string): Promise<RouteTimes> {
  const res = await fetch(`${instance}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const routes: RouteTimes = new Map();
  // The routes, and the emission sequencer's batches and the waits for them (settle).
  const line =
    /^dum_(http_request_duration|emission_batch|emission_settle)_seconds_(sum|count|bucket)(?:\{([^}]*)\})? (\S+)$/;
  for (const row of text.split('\n')) {
    const match = line.exec(row);
    if (!match) continue;
    const [, family, kind, labelText = '', value] = match;
    const labels = new Map(
      [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map(([, k = '', v = '']) => [k, v]),
    );
    const key =
      family === 'http_request_duration'
        ? `${labels.get('method')} ${labels.get('route')}`
        : family === 'emission_batch'
          ? `(sequencer batch, ${labels.get('outcome')})`
          : '(waiting for the sequencer)';
    const entry = routes.get(key) ?? { count: 0, sum: 0, within50: 0 };
    if (kind === 'sum') entry.sum += Number(value);
    else if (kind === 'count') entry.count += Number(value);
    else if (labels.get('le') === '0.05') entry.within50 += Number(value);
    routes.set(key, entry);
  }
  return routes;
}

/** Each route's share of the run, mean time and share answered within 50 ms, both instances. */
function logRoutes(before: RouteTimes[], after: RouteTimes[]): void {
  const total: RouteTimes = new Map();
  after.forEach((routes, index) => {
    for (const [key, entry] of routes) {
      const prior = before[index]?.get(key) ?? { count: 0, sum: 0, within50: 0 };
      const sum = total.get(key) ?? { count: 0, sum: 0, within50: 0 };
      sum.count += entry.count - prior.count;
      sum.sum += entry.sum - prior.sum;
      sum.within50 += entry.within50 - prior.within50;
      total.set(key, sum);
    }
  });
  const rows = [...total].filter(([, entry]) => entry.count > 0);
  rows.sort((a, b) => b[1].sum - a[1].sum);
  for (const [key, entry] of rows) {
    log(
      `  ${key}: ${entry.count} requests, mean ${((1000 * entry.sum) / entry.count).toFixed(1)} ms ` +
        `in the app, ${((100 * entry.within50) / entry.count).toFixed(1)}% within 50 ms`,
    );
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
