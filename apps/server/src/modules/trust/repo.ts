import type { Queryable } from '../../db/prepared.ts';

/**
 * The trust slice's SQL: the engagement edges it reads from the emission ledger (the ledger
 * records every like, comment, follow, support and tip with whose it was on, and outlives the
 * posts, so trust does not forget a like when a free post expires), and its own two tables,
 * trust_scores and trust_runs (db/schema-trust.ts).
 */

/** The graph a run reads, wallets numbered 0..n−1 in id order. */
export interface EdgeSnapshot {
  maxLedgerId: bigint;
  walletIds: string[];
  /** Indices into walletIds. */
  seeds: number[];
  from: Int32Array;
  to: Int32Array;
  weight: Float64Array;
}

/** The ledger kinds that are edges, with their weights (core's TRUST_EDGE_WEIGHTS). */
export type EdgeWeights = Readonly<Record<string, number>>;

/** The newest ledger row: a run reads every edge up to it, and the audit the same ones. */
export async function readMaxLedgerId(db: Queryable): Promise<bigint> {
  const { rows } = await db.query<{ max: string }>(
    'select coalesce(max(id), 0)::text as max from emission_ledger',
  );
  return BigInt(rows[0]?.max ?? '0');
}

/**
 * Every (giver, receiver) pair's raw weight over the ledger rows with id ≤ maxLedgerId: per
 * UTC day the strongest engagement of the pair, summed over its days. Every signed-up wallet is
 * numbered in id order first, so the aggregations hash integers rather than uuid pairs (about
 * half the time at 2,000,000 rows); each giver's pairs arrive as one row of arrays, so
 * 2,000,000 edges cost 100,000 rows, not 2,000,000 objects.
 */
export async function readEdges(
  db: Queryable,
  args: { maxLedgerId: bigint; weights: EdgeWeights; seedAddresses: readonly string[] },
): Promise<EdgeSnapshot> {
  // The aggregation hashes every pair-day at once: with the default 4 MB it spills to disk and
  // takes seconds longer. Only for this statement's transaction (the job's; the audit's).
  await db.query(`select set_config('work_mem', '256MB', true)`);
  const kinds = Object.keys(args.weights).sort();
  const kindWeights = kinds.map((kind) => args.weights[kind] as number);
  const { rows } = await db.query<{
    giver: number | null;
    ids: string[] | null;
    receivers: number[];
    weights: number[];
  }>({
    text: `with wallets as (
        select id, (row_number() over (order by id) - 1)::int as ix from users
      ), days as (
        select g.ix as giver, r.ix as receiver, max(k.weight) as weight
        from emission_ledger l
        join unnest($2::text[], $3::float8[]) as k(kind, weight) on k.kind = l.kind
        join wallets g on g.id = l.recipient_id
        join wallets r on r.id = l.subject_id
        where l.id <= $1::bigint and l.recipient_id <> l.subject_id
        group by 1, 2, (l.created_at at time zone 'UTC')::date
      ), pairs as (
        select giver, receiver, sum(weight)::float8 as weight from days group by giver, receiver
      )
      select null::int as giver, (select array_agg(id::text order by ix) from wallets) as ids,
        '{}'::int[] as receivers, '{}'::float8[] as weights
      union all
      select giver, null, array_agg(receiver order by receiver), array_agg(weight order by receiver)
      from pairs
      group by giver`,
    values: [args.maxLedgerId.toString(), kinds, kindWeights],
  });
  const walletIds = rows.find((row) => row.giver === null)?.ids ?? [];
  let edges = 0;
  for (const row of rows) if (row.giver !== null) edges += row.receivers.length;
  const from = new Int32Array(edges);
  const to = new Int32Array(edges);
  const weight = new Float64Array(edges);
  let at = 0;
  const givers = rows.flatMap((row) => (row.giver === null ? [] : [{ ...row, giver: row.giver }]));
  givers.sort((a, b) => a.giver - b.giver);
  for (const row of givers) {
    for (let k = 0; k < row.receivers.length; k += 1) {
      from[at] = row.giver;
      to[at] = row.receivers[k] as number;
      weight[at] = Number(row.weights[k]);
      at += 1;
    }
  }
  const seeds = await seedIndices(db, walletIds, args.seedAddresses);
  return { maxLedgerId: args.maxLedgerId, walletIds, seeds, from, to, weight };
}

async function seedIndices(
  db: Queryable,
  walletIds: readonly string[],
  seedAddresses: readonly string[],
): Promise<number[]> {
  if (seedAddresses.length === 0) return [];
  const { rows } = await db.query<{ id: string }>({
    text: 'select id from users where sol_address = any($1::text[])',
    values: [seedAddresses],
  });
  const index = new Map(walletIds.map((id, ix) => [id, ix]));
  return rows.flatMap((row) => {
    const ix = index.get(row.id);
    return ix === undefined ? [] : [ix];
  });
}

/** Takes the recomputation's lock for this transaction, without waiting; false: someone has it. */
export async function tryTrustLock(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>(
    `select pg_try_advisory_xact_lock(hashtextextended('dum:trust-recompute', 0)) as locked`,
  );
  return rows[0]?.locked === true;
}

export interface TrustRun {
  id: bigint;
  computedAt: Date;
  maxLedgerId: bigint;
  params: Record<string, unknown>;
  seeds: string[];
  wallets: number;
  edges: number;
  iterations: number;
  durationMs: number;
}

export async function latestRun(db: Queryable): Promise<TrustRun | null> {
  const { rows } = await db.query<{
    id: string;
    computed_at: Date;
    max_ledger_id: string;
    params: Record<string, unknown>;
    seeds: string[];
    wallets: number;
    edges: number;
    iterations: number;
    duration_ms: number;
  }>(
    `select r.id::text as id, computed_at, max_ledger_id::text, params, seeds, wallets, edges,
       iterations, duration_ms
     from trust_runs r order by r.id desc limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: BigInt(row.id),
    computedAt: new Date(row.computed_at),
    maxLedgerId: BigInt(row.max_ledger_id),
    params: row.params,
    seeds: row.seeds,
    wallets: row.wallets,
    edges: row.edges,
    iterations: row.iterations,
    durationMs: row.duration_ms,
  };
}

/**
 * Replaces the scores with a run's (only wallets with some trust get a row) and records the run;
 * runs older than 30 days are dropped.
 */
export async function replaceScores(
  db: Queryable,
  run: Omit<TrustRun, 'id'>,
  scores: { userIds: string[]; scores: number[]; weights: number[] },
): Promise<void> {
  await db.query('delete from trust_scores');
  await db.query({
    text: `insert into trust_scores (user_id, score, weight_ppm)
      select * from unnest($1::uuid[], $2::float8[], $3::int[])`,
    values: [scores.userIds, scores.scores, scores.weights],
  });
  await db.query({
    text: `insert into trust_runs (computed_at, max_ledger_id, params, seeds, wallets, edges,
        iterations, duration_ms)
      values ($1, $2::bigint, $3::jsonb, $4::text[], $5, $6, $7, $8)`,
    values: [
      run.computedAt,
      run.maxLedgerId.toString(),
      JSON.stringify(run.params),
      run.seeds,
      run.wallets,
      run.edges,
      run.iterations,
      run.durationMs,
    ],
  });
  await db.query({
    text: `delete from trust_runs where computed_at < $1::timestamptz - interval '30 days'`,
    values: [run.computedAt],
  });
}

/** The stored scores, for the audit. */
export async function readScores(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ user_id: string; score: number }>(
    'select user_id, score from trust_scores',
  );
  return new Map(rows.map((row) => [row.user_id, row.score]));
}

/** Stored weights (parts per million) and addresses of some wallets; absent from trust_scores: 0. */
export async function readWeights(
  db: Queryable,
  userIds: readonly string[],
): Promise<Array<{ id: string; solAddress: string; weightPpm: number }>> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<{ id: string; sol_address: string; weight_ppm: number }>({
    name: 'trust_read_weights',
    text: `select u.id, u.sol_address, coalesce(s.weight_ppm, 0) as weight_ppm
      from users u left join trust_scores s on s.user_id = u.id
      where u.id = any($1::uuid[])`,
    values: [userIds],
  });
  return rows.map((row) => ({
    id: row.id,
    solAddress: row.sol_address,
    weightPpm: row.weight_ppm,
  }));
}
