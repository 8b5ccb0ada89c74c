/**
 * `npm run bench:trust`: one trust recomputation (modules/trust, core's computeTrust) over
 * BENCH_WALLETS wallets (default 100,000) and BENCH_EDGES engagement ledger rows (default
 * 2,000,000) on PostgreSQL, with its phases' times and the process's memory printed, then the
 * audit's replay of it. Target: under 10 s and under 500 MB.
 *
 * The ledger rows are what the sequencer writes for likes, comments, follows, supports and
 * tips: givers and receivers drawn with a heavy tail (a few wallets receive much of the
 * engagement, as on any social network), over 30 days, the seeds among the most engaged. The
 * throwaway database is dropped at the end.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_WALLETS, BENCH_EDGES, BENCH_SEEDS (default 50).
 */
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../apps/server/src/test/app-test-kit.ts';
import { auditTrust, recomputeTrust } from '../apps/server/src/modules/trust/index.ts';

const WALLETS = Number(process.env.BENCH_WALLETS ?? 100_000);
const EDGES = Number(process.env.BENCH_EDGES ?? 2_000_000);
const SEEDS = Number(process.env.BENCH_SEEDS ?? 50);
process.env.TEST_DATABASE_URL ??=
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const MB = 1024 * 1024;

async function main(): Promise<void> {
  const t = await createTestApp('postgres', {}, { maxConnections: 4 });
  try {
    const pool = t.ctx.database.pool;
    const filled = performance.now();
    await pool.query(
      `insert into users (sol_address, created_at)
       select 'bench-trust-' || g, now() - interval '60 days' from generate_series(1, $1::int) g`,
      [WALLETS],
    );
    // Wallet numbers by a power law (u^3 piles up near 1: a few wallets get most engagement).
    await pool.query(
      `create temporary table bench_wallets as
         select id, row_number() over (order by sol_address) as n from users;
       create index on bench_wallets (n)`,
    );
    await pool.query(
      `insert into emission_ledger (event_index, epoch, amount, recipient_id, subject_id, kind,
         reference, created_at)
       select null, null, 0, g.id, r.id,
         (array['like_given', 'like_given', 'like_given', 'comment_created', 'follow',
           'vault_supported', 'tip'])[1 + (d.e % 7)],
         'bench-edge-' || d.e,
         now() - (d.e % 30) * interval '1 day'
       from (
         select e, 1 + floor(random() * $1)::int as giver,
           1 + floor(power(random(), 3) * $1)::int as receiver
         from generate_series(1, $2::int) e
       ) d
       join bench_wallets g on g.n = d.giver
       join bench_wallets r on r.n = d.receiver
       where g.id <> r.id`,
      [WALLETS, EDGES],
    );
    await pool.query('analyze');
    const { rows: seedRows } = await pool.query<{ sol_address: string }>(
      `select u.sol_address from bench_wallets b join users u on u.id = b.id
       where b.n <= $1 order by b.n`,
      [SEEDS],
    );
    const seeds = new Set(seedRows.map((row) => row.sol_address));
    const fillSeconds = (performance.now() - filled) / 1000;

    let peakRss = process.memoryUsage().rss;
    let peakHeap = process.memoryUsage().heapUsed;
    const baseRss = peakRss;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    const started = performance.now();
    const result = await recomputeTrust(t.ctx.database, { now: new Date(), seedWallets: seeds });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (!result.recomputed) throw new Error('the recomputation did not run');

    const auditStarted = performance.now();
    const audit = await auditTrust(t.ctx.database);
    const auditSeconds = (performance.now() - auditStarted) / 1000;
    const { rows: bands } = await pool.query<{ band: string; n: string }>(
      `select case when weight_ppm >= 500000 then 'trusted (>= 0.5)'
                   when weight_ppm >= 50000 then 'building (>= 0.05)' else 'below the floor' end
                as band, count(*)::text as n
       from trust_scores group by 1 order by 1`,
    );

    const ok = seconds < 10 && peakRss / MB < 500;
    console.log(
      `bench:trust — ${WALLETS.toLocaleString('en-US')} wallets, ${EDGES.toLocaleString('en-US')} ledger edges (${result.edges.toLocaleString('en-US')} distinct pairs), ${seeds.size} seeds, PostgreSQL (filled in ${fillSeconds.toFixed(0)} s)`,
    );
    console.log(
      `  recompute:   ${seconds.toFixed(2)} s: edges read ${result.readMs} ms, grouped and ${result.iterations} iterations ${result.computeMs} ms (in a worker thread), the rest writes the scores`,
    );
    console.log(
      `  memory:      process RSS peak ${(peakRss / MB).toFixed(0)} MB (${((peakRss - baseRss) / MB).toFixed(0)} MB over the ${(baseRss / MB).toFixed(0)} MB before), heap peak ${(peakHeap / MB).toFixed(0)} MB`,
    );
    console.log(`  target:      under 10 s and under 500 MB: ${ok ? 'met' : 'NOT met'}`);
    console.log(
      `  audit:       ${audit.mismatches.length === 0 ? 'every score replayed exactly' : `${audit.mismatches.length} MISMATCHES`} (${audit.wallets.toLocaleString('en-US')} wallets with trust, ${auditSeconds.toFixed(2)} s)`,
    );
    console.log(`  bands:       ${bands.map((b) => `${b.band} ${b.n}`).join(', ')}`);
    if (audit.mismatches.length > 0) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
