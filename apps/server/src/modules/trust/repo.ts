import type { Engagements } from '@dum/core';
import type { Queryable } from '../../db/prepared.ts';

/**
 * The trust slice's SQL: the engagement edges it reads from the emission ledger (the ledger
 * records every like, comment, follow, support and tip with whose it was on, and outlives the
 * posts, so trust does not forget a like when a free post expires), and its own two tables,
 * trust_scores and trust_runs (db/schema-trust.ts).
 */

/** The engagements a run reads, wallets numbered 0..n−1 in id order. */
export interface EngagementSnapshot {
  maxLedgerId: bigint;
  walletIds: string[];
  /** Indices into walletIds. */
  seeds: number[];
  /** The engagements, 12 bytes each (readEngagements says how): `unpack` reads them. */
  packed: Uint8Array;
  /** The weight of each kind index the packed engagements carry. */
  kindWeights: number[];
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
 * Ledger rows per read: 12 bytes each, 24 hex characters on the wire, so one read's value stays
 * far below bytea's 1 GB and V8's longest string.
 */
const ROWS_PER_READ = 4_000_000;

/**
 * Every engagement in the ledger rows with id ≤ maxLedgerId, packed for core's
 * pairsFromEngagements (per UTC day a pair's strongest engagement, summed over its days), which
 * the service runs on the bytes after `unpack`, off the event loop when the graph is large. Must
 * run in a transaction: the wallets are numbered once, in id order, in a temporary table dropped
 * at commit. PostgreSQL only joins and packs: each engagement arrives as 12 bytes (giver,
 * receiver, day · 8 + kind) of one bytea (hex on the wire: node-postgres reads binary results
 * through a string, which mangles arbitrary bytes), and Node does the grouping on typed arrays.
 * Letting PostgreSQL group 2,000,000 rows by pair and day took about 11 s on a 2-core machine;
 * this read takes about 4.5.
 */
export async function readEngagements(
  db: Queryable,
  args: {
    maxLedgerId: bigint;
    weights: EdgeWeights;
    seedAddresses: readonly string[];
    /** Tests read in small pieces to see pieces join up. */
    rowsPerRead?: number;
  },
): Promise<EngagementSnapshot> {
  const rowsPerRead = args.rowsPerRead ?? ROWS_PER_READ;
  // A plan compiled for one read costs more than it saves.
  await db.query(`select set_config('jit', 'off', true)`);
  await db.query(
    `create temporary table trust_wallet_numbers on commit drop as
       select id, (row_number() over (order by id) - 1)::int as ix from users;
     create unique index on trust_wallet_numbers (id);
     analyze trust_wallet_numbers`,
  );
  const { rows: ids } = await db.query<{ ids: string[] | null }>(
    'select array_agg(id::text order by ix) as ids from trust_wallet_numbers',
  );
  const walletIds = ids[0]?.ids ?? [];
  const kinds = Object.keys(args.weights).sort();
  const chunks: Buffer[] = [];
  for (let after = 0n; ;) {
    const { rows } = await db.query<{ last: string | null; rows: number; packed: Buffer | null }>({
      // One pass over the piece: its last id and size count every row read, the packed
      // engagements only those whose wallets both still exist.
      text: `select max(c.id)::text as last, count(*)::int as rows,
          string_agg(int4send(g.ix) || int4send(r.ix) || int4send(
              (((c.created_at at time zone 'UTC')::date - date '1970-01-01') * 8
                + array_position($3::text[], c.kind) - 1)::int), ''::bytea)
            filter (where g.ix is not null and r.ix is not null and g.ix <> r.ix) as packed
        from (
          select id, recipient_id, subject_id, kind, created_at from emission_ledger
          where id > $1::bigint and id <= $2::bigint and kind = any($3::text[])
          order by id limit $4
        ) c
        left join trust_wallet_numbers g on g.id = c.recipient_id
        left join trust_wallet_numbers r on r.id = c.subject_id`,
      values: [after.toString(), args.maxLedgerId.toString(), kinds, rowsPerRead],
    });
    const row = rows[0];
    if (row?.packed) chunks.push(row.packed);
    if (!row?.last || row.rows < rowsPerRead) break;
    after = BigInt(row.last);
  }
  const seeds = await seedIndices(db, walletIds, args.seedAddresses);
  return {
    maxLedgerId: args.maxLedgerId,
    walletIds,
    seeds,
    packed: Buffer.concat(chunks),
    kindWeights: kinds.map((kind) => args.weights[kind] as number),
  };
}

/** The packed engagements as core's Engagements: giver, receiver, day · 8 + kind, big-endian. */
export function unpack(
  packed: Uint8Array,
  walletCount: number,
  kindWeights: number[],
): Engagements {
  const m = packed.length / 12;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.length);
  const engagements: Engagements = {
    walletCount,
    giver: new Int32Array(m),
    receiver: new Int32Array(m),
    day: new Int32Array(m),
    kind: new Uint8Array(m),
    kindWeights,
  };
  for (let k = 0, at = 0; k < m; k += 1, at += 12) {
    const dayKind = view.getInt32(at + 8);
    engagements.giver[k] = view.getInt32(at);
    engagements.receiver[k] = view.getInt32(at + 4);
    engagements.day[k] = dayKind >> 3;
    engagements.kind[k] = dayKind & 7;
  }
  return engagements;
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
