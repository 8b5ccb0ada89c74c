/**
 * `npm run bench:mining`: rewarded events per second recorded by concurrent clients on
 * PostgreSQL, with every ledger invariant checked afterwards from the outside
 * (scripts/audit-ledger.ts), and the latency of the platform stats call under that load.
 * Target: at least 2,000 events per second with every invariant intact.
 *
 * Each event is what the ledger does for an action (decision 010): its event queued by
 * recordRewardedEvent (in the product, one more insert in the action's own statement or
 * transaction; here on its own), then waiting for the sequencer to give it its index, reward,
 * ledger row, account credit and Live Activity line (EmissionSequencer.settle, as the API does
 * before it answers). An event counts once it is sequenced. The throwaway database is dropped
 * at the end.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_EVENTS (default 20000), BENCH_CONCURRENCY (default 24), BENCH_USERS (default 2000).
 */
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../apps/server/src/test/app-test-kit.ts';
import { recordRewardedEvent } from '../apps/server/src/modules/emissions/index.ts';
import { fetchAndAudit } from '../scripts/audit-ledger.ts';
import { itemAt, percentile } from './measure.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 24);
const USERS = Number(process.env.BENCH_USERS ?? 2000);
process.env.TEST_DATABASE_URL ??=
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  const t = await createTestApp(
    'postgres',
    { DAILY_REWARD_CAP: String(EVENTS) },
    { maxConnections: CONCURRENCY + 4 },
  );
  try {
    const { rows } = await t.ctx.database.pool.query<{ id: string }>(
      `insert into users (sol_address) select 'bench-wallet-' || g from generate_series(1, $1::int) g returning id`,
      [USERS],
    );
    const userIds = rows.map((row) => row.id);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const now = t.clock.now();

    let next = 0;
    // An object, so that the loop sees the write made after the load is done.
    const poll = { running: true };
    const statsLatencies: number[] = [];
    const poller = (async () => {
      while (poll.running) {
        const started = performance.now();
        const response = await fetch(`${address}/api/emissions/platform-stats`);
        await response.arrayBuffer();
        statsLatencies.push(performance.now() - started);
        // A steady 20 calls a second: what the app's pollers would send, not a second load.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (;;) {
          const i = next++;
          if (i >= EVENTS) return;
          const actorId = itemAt(userIds, i % userIds.length);
          await recordRewardedEvent(
            t.ctx.database.pool,
            { kind: 'post_created', actorId, reference: `bench-post-${i}` },
            now,
          );
          await t.ctx.emissions.settle();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    poll.running = false;
    await poller;

    const audit = await fetchAndAudit(address);
    statsLatencies.sort((a, b) => a - b);
    console.log(
      `bench:mining — ${EVENTS} rewarded events, ${CONCURRENCY} concurrent clients, ${USERS} wallets, PostgreSQL`,
    );
    console.log(
      `  events recorded:      ${(EVENTS / seconds).toFixed(0)} /s (${seconds.toFixed(2)} s)`,
    );
    console.log(
      `  stats call under load: p50 ${percentile(statsLatencies, 50).toFixed(2)} ms, p99 ${percentile(statsLatencies, 99).toFixed(2)} ms (${statsLatencies.length} calls)`,
    );
    console.log(
      `  ledger audit:         ${audit.ok ? 'sound' : 'BROKEN'} — ${audit.rewardedEvents} indices, ${audit.totalMinted} base units minted`,
    );
    if (!audit.ok) {
      console.log(audit.problems.slice(0, 20).join('\n'));
      process.exitCode = 1;
    }
  } finally {
    await t.close();
  }
}

await main();
