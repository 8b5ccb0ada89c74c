import {
  TRUST_EDGE_WEIGHTS,
  TRUST_PARAMS,
  TRUST_WEIGHT_FULL,
  trustBand,
  TRUST_REWARD_FLOOR_PPM,
  TRUST_VOUCH_MIN_PPM,
  trustWeightPpm,
  type TrustBand,
  type TrustParams,
  type TrustSummary,
} from '@dum/core';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../../db/prepared.ts';
import { computeScoresOffLoop } from './compute.ts';
import {
  latestRun,
  readEngagements,
  readMaxLedgerId,
  readScores,
  readWeights,
  replaceScores,
  tryTrustLock,
  type EdgeWeights,
  type TrustRun,
} from './repo.ts';

/** What decides trust besides the edges (config: ESTABLISHED_SEED_WALLETS, TRUST_REWARDS). */
export interface TrustPolicy {
  /** Off: every wallet's weight is full (the embedded default). */
  enabled: boolean;
  seedWallets: ReadonlySet<string>;
}

/** What a run stores beside its scores, so the audit replays it. */
interface StoredParams {
  trust: TrustParams;
  edgeWeights: EdgeWeights;
  /** τ as the run derived it (core's TrustResult.fullTrust); null: nobody earns (Infinity). */
  fullTrust?: number | null;
}

export type TrustRecomputeResult =
  | {
      recomputed: true;
      wallets: number;
      edges: number;
      iterations: number;
      /** The whole run, and within it the ledger read and the computation (grouping, iterations). */
      durationMs: number;
      readMs: number;
      computeMs: number;
    }
  /** Another instance holds the lock, or computed less than an interval ago. */
  | { recomputed: false };

/**
 * Recomputes every wallet's trust from the ledger's edges (core's computeTrust) and replaces
 * trust_scores, in one transaction. Safe on several instances: the run first takes a
 * transaction-scoped advisory lock without waiting, and skips when the newest run is younger
 * than `minIntervalMs` (another instance just did it). Readers never wait and never see a
 * half-written table: until the commit they read the previous run's scores.
 */
export async function recomputeTrust(
  database: { pool: pg.Pool },
  args: {
    now: Date;
    seedWallets: ReadonlySet<string>;
    minIntervalMs?: number;
    /** From this many engagements the computation runs in a worker (compute.ts). */
    offThreadFrom?: number;
  },
): Promise<TrustRecomputeResult> {
  return inTransaction(database, async (client): Promise<TrustRecomputeResult> => {
    if (!(await tryTrustLock(client))) return { recomputed: false };
    const previous = await latestRun(client);
    if (
      previous &&
      args.minIntervalMs !== undefined &&
      args.now.getTime() - previous.computedAt.getTime() < args.minIntervalMs
    ) {
      return { recomputed: false };
    }
    const started = performance.now();
    const seeds = [...args.seedWallets].sort();
    const params: StoredParams = { trust: TRUST_PARAMS, edgeWeights: TRUST_EDGE_WEIGHTS };
    const computed = await computeFromLedger(client, {
      maxLedgerId: await readMaxLedgerId(client),
      seeds,
      params,
      offThreadFrom: args.offThreadFrom,
    });
    const durationMs = Math.round(performance.now() - started);
    const stored: StoredParams = {
      ...params,
      fullTrust: Number.isFinite(computed.fullTrust) ? computed.fullTrust : null,
    };
    await replaceScores(
      client,
      {
        computedAt: args.now,
        maxLedgerId: computed.maxLedgerId,
        params: stored as unknown as Record<string, unknown>,
        seeds,
        wallets: computed.walletIds.length,
        edges: computed.edges,
        iterations: computed.iterations,
        durationMs,
      },
      storedRows(computed),
    );
    return {
      recomputed: true,
      wallets: computed.walletIds.length,
      edges: computed.edges,
      iterations: computed.iterations,
      durationMs,
      readMs: computed.readMs,
      computeMs: computed.computeMs,
    };
  });
}

interface Computed {
  /** How long reading the edges and iterating took. */
  readMs: number;
  computeMs: number;
  maxLedgerId: bigint;
  walletIds: string[];
  scores: Float64Array;
  fullTrust: number;
  edges: number;
  iterations: number;
}

async function computeFromLedger(
  db: Queryable,
  args: {
    maxLedgerId: bigint;
    seeds: readonly string[];
    params: StoredParams;
    offThreadFrom?: number;
  },
): Promise<Computed> {
  const readStarted = performance.now();
  const snapshot = await readEngagements(db, {
    maxLedgerId: args.maxLedgerId,
    weights: args.params.edgeWeights,
    seedAddresses: args.seeds,
  });
  const readMs = Math.round(performance.now() - readStarted);
  const computeStarted = performance.now();
  const { scores, iterations, fullTrust, edges } = await computeScoresOffLoop(
    {
      walletCount: snapshot.walletIds.length,
      seeds: snapshot.seeds,
      packed: snapshot.packed,
      kindWeights: snapshot.kindWeights,
      params: args.params.trust,
    },
    args.offThreadFrom,
  );
  return {
    readMs,
    computeMs: Math.round(performance.now() - computeStarted),
    maxLedgerId: snapshot.maxLedgerId,
    walletIds: snapshot.walletIds,
    scores,
    fullTrust,
    edges,
    iterations,
  };
}

function storedRows(computed: Computed): {
  userIds: string[];
  scores: number[];
  weights: number[];
} {
  const rows = { userIds: [] as string[], scores: [] as number[], weights: [] as number[] };
  computed.walletIds.forEach((id, ix) => {
    const score = computed.scores[ix] as number;
    if (score <= 0) return;
    rows.userIds.push(id);
    rows.scores.push(score);
    rows.weights.push(trustWeightPpm(score, computed.fullTrust));
  });
  return rows;
}

export interface TrustAudit {
  run: TrustRun | null;
  /** Wallets whose stored score differs from the replay (or is missing from one side). */
  mismatches: Array<{ userId: string; stored: number | null; replayed: number | null }>;
  /** The largest absolute difference found. */
  maxDifference: number;
  wallets: number;
}

/**
 * Replays the newest run from the ledger (its rows up to the run's max_ledger_id) with the run's
 * stored parameters and seeds, and compares every score with the stored one: `npm run
 * audit:trust`. The computation is deterministic, so an honest store matches exactly. The run,
 * its scores and the ledger are read from one snapshot, so a run committed meanwhile by the job
 * cannot pass for a mismatch.
 */
export async function auditTrust(database: { pool: pg.Pool }): Promise<TrustAudit> {
  return inTransaction(database, async (client) => {
    await client.query('set transaction isolation level repeatable read');
    return auditIn(client);
  });
}

async function auditIn(db: Queryable): Promise<TrustAudit> {
  const run = await latestRun(db);
  if (!run) return { run: null, mismatches: [], maxDifference: 0, wallets: 0 };
  const params = run.params as unknown as StoredParams;
  const computed = await computeFromLedger(db, {
    maxLedgerId: run.maxLedgerId,
    seeds: run.seeds,
    params,
  });
  const stored = await readScores(db);
  const replayed = new Map<string, number>();
  computed.walletIds.forEach((id, ix) => {
    const score = computed.scores[ix] as number;
    if (score > 0) replayed.set(id, score);
  });
  const mismatches: TrustAudit['mismatches'] = [];
  let maxDifference = 0;
  for (const id of new Set([...stored.keys(), ...replayed.keys()])) {
    const a = stored.get(id) ?? null;
    const b = replayed.get(id) ?? null;
    const difference = Math.abs((a ?? 0) - (b ?? 0));
    maxDifference = Math.max(maxDifference, difference);
    if (a !== b) mismatches.push({ userId: id, stored: a, replayed: b });
  }
  return { run, mismatches, maxDifference, wallets: replayed.size };
}

export interface WalletTrust {
  /** The weight rewards, vouching, reports and quotas use, in parts per million. */
  weightPpm: number;
  band: TrustBand;
}

/**
 * The trust of some wallets as the rest of the product uses it: a seed's weight is full; with
 * trust off (TRUST_REWARDS=false) every wallet's is. Unknown ids are absent from the answer.
 */
export async function trustOf(
  db: Queryable,
  policy: TrustPolicy,
  userIds: readonly string[],
): Promise<Map<string, WalletTrust>> {
  const rows = await readWeights(db, [...new Set(userIds)]);
  return new Map(
    rows.map((row) => {
      const isSeed = policy.seedWallets.has(row.solAddress);
      const weightPpm = !policy.enabled || isSeed ? TRUST_WEIGHT_FULL : row.weightPpm;
      return [row.id, { weightPpm, band: trustBand(weightPpm, isSeed) }];
    }),
  );
}

/** One wallet's trust; an unknown id has none. */
export async function trustOfWallet(
  db: Queryable,
  policy: TrustPolicy,
  userId: string,
): Promise<WalletTrust> {
  return (await trustOf(db, policy, [userId])).get(userId) ?? { weightPpm: 0, band: 'new' };
}

/**
 * GET /api/trust: what anyone needs to recompute the scores (the parameters, the seeds) and the
 * newest run (which ledger rows it read). The scores themselves are not published: a profile
 * shows a band.
 */
export async function trustSummary(db: Queryable, policy: TrustPolicy): Promise<TrustSummary> {
  const run = await latestRun(db);
  return {
    enabled: policy.enabled,
    params: {
      alpha: TRUST_PARAMS.alpha,
      reciprocalDiscount: TRUST_PARAMS.reciprocalDiscount,
      fullShare: TRUST_PARAMS.fullShare,
      rewardFloorPpm: TRUST_REWARD_FLOOR_PPM,
      vouchMinPpm: TRUST_VOUCH_MIN_PPM,
      edgeWeights: { ...TRUST_EDGE_WEIGHTS },
    },
    seeds: [...policy.seedWallets].sort(),
    run: run && {
      computedAt: run.computedAt.toISOString(),
      maxLedgerId: run.maxLedgerId.toString(),
      wallets: run.wallets,
      edges: run.edges,
      iterations: run.iterations,
      durationMs: run.durationMs,
    },
  };
}
