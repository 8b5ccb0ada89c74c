import { z } from 'zod';

/**
 * Trust (docs/security.md "Trust"): EigenTrust from seed wallets over the engagement graph, the
 * way OpenRank ranks Farcaster accounts. Pure functions over plain arrays, so the server's job,
 * `npm run audit:trust` and anyone holding the public ledger compute the same scores.
 *
 * Local trust. Every like, comment, follow, vault support and tip a wallet gives another is an
 * engagement edge (the emission ledger records each with the wallet it was on). Per (giver,
 * receiver, UTC day) only the strongest engagement counts, so a wallet counts once per author per
 * day however many times it engages: 1 for a like, 2 for a comment or a follow (effort, or a
 * lasting choice), 4 for a vault support or a tip (it cost SOL). A pair's raw weight is the sum
 * over its days. Self-edges are dropped. A pair that engages both ways keeps only
 * `reciprocalDiscount` of its weight (a ring trades likes; a fan does not), except a seed's
 * edge (a seed's engagement is pre-trusted, not traded: answering a seed must not halve what it
 * gave). The discounted part is not handed to anyone else: the giver's row is normalised by its
 * undiscounted total, so what a reciprocal pair withholds returns to the seeds.
 *
 * Global trust. t = (1 − α)·Cᵀt + (α + (1 − α)·leak(t))·p, where C is the row-normalised local
 * trust, p spreads pre-trust evenly over the seeds, and leak(t) is the trust of wallets with no
 * edge out plus what the discounts withheld. It is a probability vector (it sums to 1), computed
 * by power iteration from p until the L1 change is under `tolerance`. With α = 0.5 (OpenRank's
 * choice) a component that the seeds reach through one edge carrying f holds about f in total,
 * whatever its size: adding wallets to a ring divides its trust, it does not multiply it.
 *
 * Reward weight. A wallet's trust as a share of full trust: min(1, t / τ), in parts per
 * million, with τ = `fullShare` · (1 − α) / K, where K is the number of wallets the seeds
 * themselves engaged with. (1 − α) / K is what each of them would hold if the trust the seeds
 * hand out stayed with the wallets they chose; a wallet holding half of that earns in full. K
 * grows as the seeds engage with more people, so full trust gets cheaper as the community does,
 * and nothing a ring does changes K: a ring's total weight stays about its inflow over τ,
 * whatever its size. Rewards, vouching, reports and quotas read this weight; the profile shows
 * its band, never the score.
 */

/** The documented parameters (docs/security.md "Trust"); every run stores the ones it used. */
export interface TrustParams {
  /** α, the share of pre-trust in every step. */
  alpha: number;
  /** What a pair that engages both ways keeps of its weight. */
  reciprocalDiscount: number;
  /** τ as a fraction of (1 − α) / K, K the wallets the seeds engaged with: full trust. */
  fullShare: number;
  /** Stop when the L1 change of an iteration is below this. */
  tolerance: number;
  maxIterations: number;
}

export const TRUST_PARAMS: TrustParams = {
  alpha: 0.5,
  reciprocalDiscount: 0.5,
  fullShare: 0.5,
  tolerance: 1e-12,
  maxIterations: 200,
};

/** An engagement's weight in local trust; per (giver, receiver, UTC day) the strongest counts. */
export const TRUST_EDGE_WEIGHTS = {
  like_given: 1,
  comment_created: 2,
  reply_created: 2,
  follow: 2,
  vault_supported: 4,
  tip: 4,
} as const;

export type TrustEdgeKind = keyof typeof TRUST_EDGE_WEIGHTS;

/** Reward weights are parts per million: integer arithmetic on bigint rewards. */
export const TRUST_WEIGHT_FULL = 1_000_000;
/** Below this weight an event pays nothing and does not count toward the halving. */
export const TRUST_REWARD_FLOOR_PPM = 50_000;
/** From this weight a wallet's likes and comments vouch, and its messages reach the inbox. */
export const TRUST_VOUCH_MIN_PPM = 500_000;

/**
 * Engagements as the ledger lists them, one per index: who gave (`giver`) to whom
 * (`receiver`), on which UTC day (days since 1970-01-01) and of which kind (an index into
 * `kindWeights`, at most 8 kinds).
 */
export interface Engagements {
  walletCount: number;
  giver: Int32Array;
  receiver: Int32Array;
  day: Int32Array;
  kind: Uint8Array;
  kindWeights: readonly number[];
}

/** One float key per engagement, exact below 2⁵³: (receiver · 2²¹ + day) · 8 + kind's rank. */
const DAYS = 2 ** 21;
const KINDS = 8;

/**
 * The graph's pairs from raw engagements: per (giver, receiver, day) the strongest engagement,
 * summed over the pair's days; pairs ordered by giver, then receiver. A counting sort by giver,
 * then one typed-array sort of each giver's keys, where a kind's rank by weight sits in the low
 * bits so a day's strongest engagement is its last key: no object per engagement, and 2,000,000
 * engagements take well under a second.
 */
export function pairsFromEngagements(input: Engagements): {
  from: Int32Array;
  to: Int32Array;
  weight: Float64Array;
} {
  const { walletCount: n, giver, receiver, day, kind, kindWeights } = input;
  const m = giver.length;
  if (kindWeights.length > KINDS) throw new RangeError('pairsFromEngagements: over 8 kinds');
  const byWeight = kindWeights.map((w, k) => ({ w, k })).sort((a, b) => a.w - b.w || a.k - b.k);
  const rank = new Uint8Array(KINDS);
  byWeight.forEach(({ k }, r) => (rank[k] = r));
  const start = new Int32Array(n + 1);
  for (let k = 0; k < m; k += 1) {
    const g = giver[k] as number;
    const r = receiver[k] as number;
    const d = day[k] as number;
    if (
      g < 0 ||
      g >= n ||
      r < 0 ||
      r >= n ||
      d < 0 ||
      d >= DAYS ||
      (kind[k] as number) >= kindWeights.length
    ) {
      throw new RangeError(`pairsFromEngagements: engagement ${k} is out of range`);
    }
    start[g + 1] = (start[g + 1] as number) + 1;
  }
  for (let i = 0; i < n; i += 1) start[i + 1] = (start[i + 1] as number) + (start[i] as number);
  const keys = new Float64Array(m);
  const fill = start.slice(0, n);
  for (let k = 0; k < m; k += 1) {
    const g = giver[k] as number;
    const at = fill[g] as number;
    fill[g] = at + 1;
    keys[at] =
      ((receiver[k] as number) * DAYS + (day[k] as number)) * KINDS +
      (rank[kind[k] as number] as number);
  }
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  const weight = new Float64Array(m);
  let pairs = 0;
  for (let i = 0; i < n; i += 1) {
    const row = keys.subarray(start[i], start[i + 1]).sort();
    for (let k = 0; k < row.length; k += 1) {
      const key = row[k] as number;
      const receiverDay = Math.floor(key / KINDS);
      // Only a (receiver, day)'s last key counts: the strongest kind that day.
      if (k + 1 < row.length && Math.floor((row[k + 1] as number) / KINDS) === receiverDay)
        continue;
      const r = Math.floor(receiverDay / DAYS);
      const w = (byWeight[key - receiverDay * KINDS] as { w: number }).w;
      if (pairs > 0 && from[pairs - 1] === i && to[pairs - 1] === r) {
        weight[pairs - 1] = (weight[pairs - 1] as number) + w;
      } else {
        from[pairs] = i;
        to[pairs] = r;
        weight[pairs] = w;
        pairs += 1;
      }
    }
  }
  return { from: from.slice(0, pairs), to: to.slice(0, pairs), weight: weight.slice(0, pairs) };
}

/** A wallet's band: what the profile shows instead of the score. */
export type TrustBand = 'seed' | 'trusted' | 'building' | 'new';

export function trustBand(weightPpm: number, isSeed: boolean): TrustBand {
  if (isSeed) return 'seed';
  if (weightPpm >= TRUST_VOUCH_MIN_PPM) return 'trusted';
  if (weightPpm >= TRUST_REWARD_FLOOR_PPM) return 'building';
  return 'new';
}

/**
 * The graph: wallets are 0..walletCount−1; pairs (from[k], to[k]) with raw weight weight[k],
 * each pair once (the caller sums a pair's days first).
 */
export interface TrustGraph {
  walletCount: number;
  seeds: ArrayLike<number>;
  from: ArrayLike<number>;
  to: ArrayLike<number>;
  weight: ArrayLike<number>;
}

export interface TrustResult {
  scores: Float64Array;
  iterations: number;
  /** τ: the trust that earns a full reward (Infinity when the seeds engaged with nobody). */
  fullTrust: number;
}

/**
 * Global trust by power iteration. Deterministic: the same graph in the same order gives the
 * same floats. With no seeds nobody is trusted (all zeros).
 */
export function computeTrust(graph: TrustGraph, params: TrustParams = TRUST_PARAMS): TrustResult {
  const n = graph.walletCount;
  const seeds = [...new Set(Array.from(graph.seeds))].sort((a, b) => a - b);
  if (seeds.length === 0) {
    return { scores: new Float64Array(n), iterations: 0, fullTrust: Infinity };
  }
  const local = localTrust(graph, params);
  let t = new Float64Array(n);
  for (const s of seeds) t[s] = 1 / seeds.length;
  let next = new Float64Array(n);
  const keep = 1 - params.alpha;
  let iterations = 0;
  while (iterations < params.maxIterations) {
    iterations += 1;
    next.fill(0);
    let restart = 0;
    for (let i = 0; i < n; i += 1) {
      const ti = t[i] as number;
      if (ti === 0) continue;
      restart += params.alpha * ti + keep * ti * (1 - (local.rowSum[i] as number));
      const end = local.start[i + 1] as number;
      for (let k = local.start[i] as number; k < end; k += 1) {
        const j = local.to[k] as number;
        next[j] = (next[j] as number) + keep * ti * (local.share[k] as number);
      }
    }
    for (const s of seeds) next[s] = (next[s] as number) + restart / seeds.length;
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += next[i] as number;
    let change = 0;
    for (let i = 0; i < n; i += 1) {
      const v = (next[i] as number) / sum;
      next[i] = v;
      change += Math.abs(v - (t[i] as number));
    }
    [t, next] = [next, t];
    if (change < params.tolerance) break;
  }
  return { scores: t, iterations, fullTrust: fullTrustOf(graph, seeds, params) };
}

/** τ = fullShare · (1 − α) / K, K the distinct non-seed wallets a seed has an edge to. */
function fullTrustOf(graph: TrustGraph, seeds: readonly number[], params: TrustParams): number {
  const isSeed = new Set(seeds);
  const reached = new Set<number>();
  for (let k = 0; k < graph.from.length; k += 1) {
    const to = graph.to[k] as number;
    if (isSeed.has(graph.from[k] as number) && !isSeed.has(to) && (graph.weight[k] as number) > 0) {
      reached.add(to);
    }
  }
  return reached.size === 0 ? Infinity : (params.fullShare * (1 - params.alpha)) / reached.size;
}

/** A score's reward weight in parts per million: min(1, score / τ). */
export function trustWeightPpm(score: number, fullTrust: number): number {
  const share = score / fullTrust;
  return share >= 1 ? TRUST_WEIGHT_FULL : Math.floor(share * TRUST_WEIGHT_FULL);
}

/** A reward scaled by a weight in parts per million (bigint base units, rounded down). */
export function weightedReward(reward: bigint, weightPpm: number): bigint {
  return (reward * BigInt(weightPpm)) / BigInt(TRUST_WEIGHT_FULL);
}

interface LocalTrust {
  /** Row i's entries are start[i]..start[i+1]−1 (compressed sparse rows, by source). */
  start: Uint32Array;
  to: Uint32Array;
  share: Float64Array;
  /** What row i hands out in total (≤ 1; 0 for a wallet with no edge out). */
  rowSum: Float64Array;
}

/** C: each pair's share of its giver's undiscounted total, reciprocal pairs discounted. */
function localTrust(graph: TrustGraph, params: TrustParams): LocalTrust {
  const n = graph.walletCount;
  const m = graph.from.length;
  const start = new Uint32Array(n + 1);
  for (let k = 0; k < m; k += 1) {
    const i = graph.from[k] as number;
    if (i === graph.to[k] || !((graph.weight[k] as number) > 0)) continue;
    start[i + 1] = (start[i + 1] as number) + 1;
  }
  for (let i = 0; i < n; i += 1) start[i + 1] = (start[i + 1] as number) + (start[i] as number);
  const edges = start[n] as number;
  const to = new Uint32Array(edges);
  const raw = new Float64Array(edges);
  const fill = start.slice(0, n);
  for (let k = 0; k < m; k += 1) {
    const i = graph.from[k] as number;
    const j = graph.to[k] as number;
    if (i === j || !((graph.weight[k] as number) > 0)) continue;
    const at = fill[i] as number;
    fill[i] = at + 1;
    to[at] = j;
    raw[at] = graph.weight[k] as number;
  }
  // Rows sorted by receiver (then weight, for a pair listed twice): reciprocity is a binary
  // search, and every float sum runs in one order whatever order the caller listed pairs in.
  const total = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    sortRow(to, raw, start[i] as number, start[i + 1] as number);
    let sum = 0;
    for (let k = start[i] as number; k < (start[i + 1] as number); k += 1) sum += raw[k] as number;
    total[i] = sum;
  }
  const seed = new Uint8Array(n);
  for (let k = 0; k < graph.seeds.length; k += 1) seed[graph.seeds[k] as number] = 1;
  const share = new Float64Array(edges);
  const rowSum = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const end = start[i + 1] as number;
    let sum = 0;
    for (let k = start[i] as number; k < end; k += 1) {
      const j = to[k] as number;
      const back = !seed[i] && hasEdge(to, start[j] as number, start[j + 1] as number, i);
      const value =
        ((raw[k] as number) * (back ? params.reciprocalDiscount : 1)) / (total[i] as number);
      share[k] = value;
      sum += value;
    }
    rowSum[i] = sum;
  }
  return { start, to, share, rowSum };
}

function sortRow(to: Uint32Array, raw: Float64Array, from: number, end: number): void {
  if (end - from < 2) return;
  const order = Array.from({ length: end - from }, (_, k) => from + k).sort(
    (a, b) => (to[a] as number) - (to[b] as number) || (raw[a] as number) - (raw[b] as number),
  );
  const sortedTo = order.map((k) => to[k] as number);
  const sortedRaw = order.map((k) => raw[k] as number);
  to.set(sortedTo, from);
  raw.set(sortedRaw, from);
}

function hasEdge(to: Uint32Array, from: number, end: number, target: number): boolean {
  let lo = from;
  let hi = end - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = to[mid] as number;
    if (v === target) return true;
    if (v < target) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** GET /api/trust: the published parameters, the seeds and the newest run. */
export const trustSummarySchema = z.object({
  /** Whether rewards follow trust on this deployment (TRUST_REWARDS). */
  enabled: z.boolean(),
  params: z.object({
    alpha: z.number(),
    reciprocalDiscount: z.number(),
    fullShare: z.number(),
    rewardFloorPpm: z.number().int(),
    vouchMinPpm: z.number().int(),
    edgeWeights: z.record(z.string(), z.number()),
  }),
  /** The seed wallets' addresses, sorted. */
  seeds: z.array(z.string()),
  run: z
    .object({
      computedAt: z.string(),
      /** The newest emission ledger row the run read. */
      maxLedgerId: z.string(),
      wallets: z.number().int(),
      edges: z.number().int(),
      iterations: z.number().int(),
      durationMs: z.number().int(),
    })
    .nullable(),
});
export type TrustSummary = z.infer<typeof trustSummarySchema>;
