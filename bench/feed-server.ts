/**
 * The app as bench:feed and bench:mix run it: buildApp with a real context (PostgreSQL pool, the
 * bus in this process, or Redis pub/sub when REDIS_URL is set, system clock, the real token
 * service), listening on loopback in its own process so the load tool in the parent does not
 * share its event loop. Prints `{"port":N}` once listening; with BENCH_STATS_MS, every that many
 * ms a line `{"stats":{...}}` with the event loop's delay since the last line (p50, p99, max) and
 * the process's memory (rss, heap used).
 * Environment: DATABASE_URL, AUTH_SECRET, DATA_DIR, LOG_LEVEL (bench scripts may read it),
 * BENCH_HEAP_SNAPSHOTS (a folder: heap snapshots at the measured phase's start and at the end).
 */
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createAppContext } from '../apps/server/src/create-context.ts';

async function main(): Promise<void> {
  const config = loadConfig({
    APP_ORIGIN: 'http://localhost:3000',
    // The benches measure the write paths with rewards paid, as before trust weighted them.
    TRUST_REWARDS: 'false',
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
  });
  if (config.database.kind !== 'postgres') throw new Error('bench:feed needs DATABASE_URL');
  // The parent has migrated the database already; the context finds nothing left to apply.
  const { ctx, close } = await createAppContext(config, {
    maxConnections: Number(process.env.BENCH_POOL_SIZE ?? 20),
    bus: process.env.REDIS_URL ? 'from-config' : 'memory',
    // The feed never touches the chain; nothing listens here.
    localnet: 'off',
    chain: { fallbackRpcUrl: 'http://127.0.0.1:9' },
    version: 'bench',
  });
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  const statsEvery = Number(process.env.BENCH_STATS_MS ?? 0);
  if (statsEvery > 0) reportStats(statsEvery);
  // BENCH_HEAP_SNAPSHOTS=dir: a heap snapshot when the measured phase starts (SIGUSR2) and one
  // when the process is stopped, to tell a cache filling to its bound from growth without one.
  // Each blocks the process for a few seconds: for a diagnostic run, not for the figures.
  const snapshots = process.env.BENCH_HEAP_SNAPSHOTS;
  const snapshot = (name: string) => {
    if (snapshots) writeHeapSnapshot(path.join(snapshots, `${name}-${process.pid}.heapsnapshot`));
  };
  process.on('SIGUSR2', () => snapshot('start'));
  const stop = async () => {
    snapshot('end');
    await app.close();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

/**
 * The event loop's delay and the memory, as JSON lines on stdout (the parent collects them):
 * the delay in the window since the last line, and over the run since the last SIGUSR2 (the
 * parent sends it when its measured phase starts).
 */
function reportStats(everyMs: number): void {
  // The histogram records the time between its timer's ticks, resolution included (an idle
  // process shows ~10 ms at a resolution of 10), so the delay is what exceeds the resolution.
  const resolutionMs = 10;
  const window = monitorEventLoopDelay({ resolution: resolutionMs });
  const run = monitorEventLoopDelay({ resolution: resolutionMs });
  window.enable();
  run.enable();
  process.on('SIGUSR2', () => run.reset());
  const ms = (ns: number) => Math.max(0, Math.round(ns / 10_000 - resolutionMs * 100) / 100);
  setInterval(() => {
    const memory = process.memoryUsage();
    const stats = {
      loopP99Ms: ms(window.percentile(99)),
      loopMaxMs: ms(window.max),
      runLoopP99Ms: ms(run.percentile(99)),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      // Which of V8's spaces holds the heap (the young generation grows under allocation).
      newSpaceBytes: spaceSize('new_space'),
      externalBytes: memory.external,
    };
    window.reset();
    process.stdout.write(`${JSON.stringify({ stats })}\n`);
  }, everyMs).unref();
}

function spaceSize(name: string): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === name)?.space_size ?? NaN;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
