import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTrust,
  pairsFromEngagements,
  TRUST_PARAMS,
  TRUST_WEIGHT_FULL,
  trustWeightPpm,
  weightedReward,
  type TrustGraph,
} from './trust.ts';

/** Random graphs: n wallets, some seeds, edges with positive weights (self-edges included). */
const graphs = fc
  .integer({ min: 1, max: 40 })
  .chain((n) =>
    fc.record({
      walletCount: fc.constant(n),
      seeds: fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 4 }),
      edges: fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: n - 1 }),
          fc.integer({ min: 0, max: n - 1 }),
          fc.integer({ min: 1, max: 12 }),
        ),
        { maxLength: 160 },
      ),
    }),
  )
  .map(({ walletCount, seeds, edges }): TrustGraph => ({
    walletCount,
    seeds,
    from: edges.map((e) => e[0]),
    to: edges.map((e) => e[1]),
    weight: edges.map((e) => e[2]),
  }));

function sum(values: Float64Array): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

describe('EigenTrust from seeds', () => {
  it('is a probability vector: non-negative, summing to 1 within 1e-9', () => {
    fc.assert(
      fc.property(graphs, (graph) => {
        const { scores } = computeTrust(graph);
        expect(Math.abs(sum(scores) - 1)).toBeLessThan(1e-9);
        for (const v of scores) expect(v).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('is deterministic for the same edges, in whatever order they are listed', () => {
    fc.assert(
      fc.property(graphs, fc.integer(), (graph, salt) => {
        const order = Array.from({ length: graph.from.length }, (_, k) => k).sort(
          (a, b) => ((a * 7919 + salt) % 101) - ((b * 7919 + salt) % 101) || a - b,
        );
        const shuffled: TrustGraph = {
          ...graph,
          from: order.map((k) => graph.from[k] as number),
          to: order.map((k) => graph.to[k] as number),
          weight: order.map((k) => graph.weight[k] as number),
        };
        expect(computeTrust(shuffled).scores).toEqual(computeTrust(graph).scores);
        expect(computeTrust(graph).scores).toEqual(computeTrust(graph).scores);
      }),
    );
  });

  it('gives a wallet no trusted wallet engages with nothing, and changes nobody else', () => {
    fc.assert(
      fc.property(
        graphs,
        fc.array(fc.integer({ min: 0, max: 39 }), { maxLength: 10 }),
        (graph, targets) => {
          const before = computeTrust(graph).scores;
          // The newcomer (the last index) engages with others; nobody engages with it.
          const newcomer = graph.walletCount;
          const out = targets.map((t) => t % graph.walletCount);
          const after = computeTrust({
            walletCount: graph.walletCount + 1,
            seeds: graph.seeds,
            from: [...Array.from(graph.from), ...out.map(() => newcomer)],
            to: [...Array.from(graph.to), ...out],
            weight: [...Array.from(graph.weight), ...out.map(() => 3)],
          }).scores;
          expect(after[newcomer]).toBe(0);
          expect(Array.from(after.slice(0, graph.walletCount))).toEqual(Array.from(before));
        },
      ),
    );
  });

  it('keeps a ring that wins one edge from a seed near what that edge carries, whatever its size', () => {
    const ringTrust = (size: number): { ring: number; honest: number } => {
      // 0: the seed; 1: an honest wallet the seed likes; 2..: the ring, all liking each other.
      const from: number[] = [0, 0];
      const to: number[] = [1, 2];
      for (let a = 2; a < 2 + size; a += 1) {
        for (let b = 2; b < 2 + size; b += 1) {
          if (a !== b) {
            from.push(a);
            to.push(b);
          }
        }
      }
      const { scores } = computeTrust({
        walletCount: 2 + size,
        seeds: [0],
        from,
        to,
        weight: from.map(() => 1),
      });
      let ring = 0;
      for (let k = 2; k < 2 + size; k += 1) ring += scores[k] as number;
      return { ring, honest: scores[1] as number };
    };
    const small = ringTrust(3);
    const large = ringTrust(60);
    // With α = 0.5 and the reciprocal discount, the whole ring holds 4/3 of what the one honest
    // wallet the seed engaged with holds (a fan's worth of trust, shared by all its members),
    // at any size.
    expect(small.ring / small.honest).toBeCloseTo(4 / 3, 9);
    expect(Math.abs(large.ring - small.ring)).toBeLessThan(1e-9);
  });

  it('discounts a reciprocal pair, but not a seed answering a wallet it engaged with', () => {
    // Seed 0 likes 1 and 2; 1 answers the seed; 2 does not.
    const { scores } = computeTrust({
      walletCount: 3,
      seeds: [0],
      from: [0, 0, 1],
      to: [1, 2, 0],
      weight: [1, 1, 1],
    });
    expect(scores[1]).toBeCloseTo(scores[2] as number, 12);
  });

  it('trusts nobody without seeds', () => {
    const { scores } = computeTrust({ walletCount: 3, seeds: [], from: [0], to: [1], weight: [1] });
    expect(Array.from(scores)).toEqual([0, 0, 0]);
  });
});

describe('reward weight', () => {
  it('is full from half of what each wallet the seeds chose would hold, proportional below', () => {
    // The seed engages with four wallets: K = 4, τ = 0.5 · (1 − α) / 4.
    const { fullTrust } = computeTrust({
      walletCount: 6,
      seeds: [0],
      from: [0, 0, 0, 0, 1],
      to: [1, 2, 3, 4, 5],
      weight: [1, 1, 1, 1, 1],
    });
    expect(fullTrust).toBeCloseTo((TRUST_PARAMS.fullShare * (1 - TRUST_PARAMS.alpha)) / 4, 15);
    expect(trustWeightPpm(fullTrust, fullTrust)).toBe(TRUST_WEIGHT_FULL);
    expect(trustWeightPpm(fullTrust * 3, fullTrust)).toBe(TRUST_WEIGHT_FULL);
    expect(trustWeightPpm(fullTrust / 4, fullTrust)).toBe(250_000);
    expect(trustWeightPpm(0, fullTrust)).toBe(0);
    expect(trustWeightPpm(0.5, Infinity)).toBe(0);
  });

  it('is not made cheaper by anything a ring does', () => {
    const base = { walletCount: 5, seeds: [0], from: [0, 0], to: [1, 2], weight: [1, 1] };
    const withRing = {
      ...base,
      from: [...base.from, 2, 3, 4, 3],
      to: [...base.to, 3, 4, 3, 0],
      weight: [...base.weight, 5, 5, 5, 5],
    };
    expect(computeTrust(withRing).fullTrust).toBe(computeTrust(base).fullTrust);
  });

  it('scales a bigint reward, rounding down', () => {
    expect(weightedReward(150_000_000_000n, 250_000)).toBe(37_500_000_000n);
    expect(weightedReward(150_000_000_000n, TRUST_WEIGHT_FULL)).toBe(150_000_000_000n);
    expect(weightedReward(7n, 333_333)).toBe(2n);
  });
});

describe('pairs from engagements', () => {
  const WEIGHTS = [1, 2, 2, 4, 4];
  const engagements = fc.integer({ min: 1, max: 30 }).chain((n) =>
    fc.record({
      walletCount: fc.constant(n),
      rows: fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: n - 1 }),
          fc.integer({ min: 0, max: n - 1 }),
          fc.integer({ min: 20_000, max: 20_004 }),
          fc.integer({ min: 0, max: WEIGHTS.length - 1 }),
        ),
        { maxLength: 200 },
      ),
    }),
  );

  it("sums each pair's strongest engagement per day, pairs ordered by giver then receiver", () => {
    fc.assert(
      fc.property(engagements, ({ walletCount, rows }) => {
        const got = pairsFromEngagements({
          walletCount,
          giver: Int32Array.from(rows.map((r) => r[0])),
          receiver: Int32Array.from(rows.map((r) => r[1])),
          day: Int32Array.from(rows.map((r) => r[2])),
          kind: Uint8Array.from(rows.map((r) => r[3])),
          kindWeights: WEIGHTS,
        });
        // The plain way: a map of pair-days, then a map of pairs.
        const days = new Map<string, number>();
        for (const [g, r, d, k] of rows) {
          const key = `${g}:${r}:${d}`;
          days.set(key, Math.max(days.get(key) ?? 0, WEIGHTS[k]!));
        }
        const pairs = new Map<string, number>();
        for (const [key, w] of days) {
          const [g, r] = key.split(':');
          pairs.set(`${g}:${r}`, (pairs.get(`${g}:${r}`) ?? 0) + w);
        }
        const expected = [...pairs]
          .map(([key, w]) => [...key.split(':').map(Number), w] as [number, number, number])
          .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect([...got.from]).toEqual(expected.map((e) => e[0]));
        expect([...got.to]).toEqual(expected.map((e) => e[1]));
        expect([...got.weight]).toEqual(expected.map((e) => e[2]));
      }),
    );
  });

  it('refuses an engagement outside the wallets, days or kinds', () => {
    const one = (patch: Partial<Record<'giver' | 'receiver' | 'day' | 'kind', number>>) => () =>
      pairsFromEngagements({
        walletCount: 2,
        giver: Int32Array.of(patch.giver ?? 0),
        receiver: Int32Array.of(patch.receiver ?? 1),
        day: Int32Array.of(patch.day ?? 20_000),
        kind: Uint8Array.of(patch.kind ?? 0),
        kindWeights: [1, 2],
      });
    expect(one({})).not.toThrow();
    expect(one({ receiver: 2 })).toThrow(RangeError);
    expect(one({ giver: -1 })).toThrow(RangeError);
    expect(one({ day: -1 })).toThrow(RangeError);
    expect(one({ kind: 2 })).toThrow(RangeError);
  });
});
