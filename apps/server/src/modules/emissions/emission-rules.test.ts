import {
  capMint,
  epochForEvent,
  type EstablishedRule,
  MAX_SUPPLY,
  REFERRAL_REWARD_FRIEND,
  REFERRAL_REWARD_REFERRER,
  rewardForEvent,
} from '@dum/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayKey,
  onceKey,
  sequenceEvents,
  supplyMilestones,
  utcDayStart,
  type ActorFacts,
  type EarningRules,
  type QueuedEvent,
  type RewardedEventKind,
  type SequenceInput,
} from './emission-rules.ts';

const ACTORS = ['a', 'b', 'c', 'd'];
const KINDS: RewardedEventKind[] = ['post_created', 'like_given', 'comment_created'];
const DAY_1 = new Date('2026-11-23T23:59:00Z');
const DAY_2 = new Date('2026-11-24T00:01:00Z');

const LONG_AGO = new Date('2026-01-01T00:00:00Z');

function facts(overrides: Partial<Record<string, Partial<ActorFacts>>> = {}) {
  return new Map(
    ACTORS.map((id): [string, ActorFacts] => [
      id,
      {
        name: `user-${id}`,
        referredById: null,
        referralPaid: true,
        referrerPaid: true,
        standing: {
          solAddress: `wallet-${id}`,
          createdAt: LONG_AGO,
          firstPostAt: null,
          vouchedAt: null,
        },
        ...overrides[id],
      },
    ]),
  );
}

/** Everyone established: the tests of the schedule and the daily cap. */
const EVERYONE: EstablishedRule = {
  minAgeMs: 0,
  requirePost: false,
  requireVouch: false,
  voucherMinAgeMs: 0,
  seedWallets: new Set(),
};

/** The production defaults: an hour old, posted, vouched; vouchers established for a day. */
const STRICT: EstablishedRule = {
  minAgeMs: 3_600_000,
  requirePost: true,
  requireVouch: true,
  voucherMinAgeMs: 86_400_000,
  seedWallets: new Set(['wallet-s']),
};

function rules(dailyCap: number, established: EstablishedRule = EVERYONE): EarningRules {
  return { dailyCap, pairDailyCap: 1000, referrerDailyCap: 1000, established };
}

const inputArb = fc
  .record({
    totals: fc.constantFrom(
      { totalEvents: 0n, totalMinted: 0n },
      { totalEvents: 69_997n, totalMinted: 69_997n * 150_000_000_000n },
      { totalEvents: 500_000n, totalMinted: MAX_SUPPLY - 200_000_000_000n },
      { totalEvents: 500_000n, totalMinted: MAX_SUPPLY },
    ),
    events: fc.array(
      fc.record({
        kind: fc.constantFrom(...KINDS),
        actorId: fc.constantFrom(...ACTORS),
        reference: fc.constantFrom('1', '2', '3', '4', '5'),
        createdAt: fc.constantFrom(DAY_1, DAY_2),
      }),
      { maxLength: 40 },
    ),
    earnedBefore: fc.array(fc.tuple(fc.constantFrom(...ACTORS), fc.integer({ min: 0, max: 5 })), {
      maxLength: 4,
    }),
    recordedBefore: fc.array(fc.tuple(fc.constantFrom(...KINDS), fc.constantFrom('1', '2')), {
      maxLength: 3,
    }),
    // 'c' was referred by 'a' and not paid yet; 'd' by 'b', paid already.
    dailyCap: fc.integer({ min: 1, max: 6 }),
  })
  .map((raw): SequenceInput => ({
    totals: raw.totals,
    events: raw.events.map((e, i): QueuedEvent => ({ ...e, id: BigInt(i + 1) })),
    actors: facts({
      c: { referredById: 'a', referralPaid: false, referrerPaid: false },
      d: { referredById: 'b', referralPaid: true },
    }),
    earnedOnDay: new Map(
      raw.earnedBefore.map(([actor, n]) => [dayKey(actor, utcDayStart(DAY_1)), n]),
    ),
    alreadyRecorded: new Set(raw.recordedBefore.map(([kind, ref]) => onceKey(kind, ref, 'a'))),
    rules: rules(raw.dailyCap),
  }));

describe('sequenceEvents', () => {
  it('keeps the schedule, the cap, the daily cap and once-only payment (property)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = sequenceEvents(input);
        let minted = input.totals.totalMinted;
        let nextIndex = input.totals.totalEvents;
        const rewardedPerDay = new Map<string, number>();
        const keys = new Set<string>();
        for (const entry of out.ledger) {
          const key = onceKey(entry.kind, entry.reference, entry.recipientId);
          expect(keys.has(key)).toBe(false);
          expect(input.alreadyRecorded.has(key)).toBe(false);
          keys.add(key);
          if (entry.eventIndex !== null || entry.kind.startsWith('referral_')) {
            // A daily-cap slot: rewarded events and referral bonuses.
            const day = dayKey(entry.recipientId, utcDayStart(entry.createdAt));
            rewardedPerDay.set(day, (rewardedPerDay.get(day) ?? 0) + 1);
          }
          if (entry.eventIndex !== null) {
            // Consecutive indices, each paid its own reward, cut at the cap.
            expect(entry.eventIndex).toBe(nextIndex);
            expect(entry.epoch).toBe(epochForEvent(entry.eventIndex));
            expect(entry.amount).toBe(capMint(rewardForEvent(entry.eventIndex), minted));
            nextIndex += 1n;
          } else {
            expect(entry.amount).toBe(capMint(entry.amount, minted));
          }
          minted += entry.amount;
        }
        expect(minted).toBeLessThanOrEqual(MAX_SUPPLY);
        expect(out.totals).toEqual({ totalEvents: nextIndex, totalMinted: minted });

        // Nobody earns on more events a day than the cap allows, counting earlier ones.
        for (const [day, n] of rewardedPerDay) {
          expect(n + (input.earnedOnDay.get(day) ?? 0)).toBeLessThanOrEqual(input.rules.dailyCap);
        }
        // Credits are exactly the positive mints per recipient.
        const sums = new Map<string, bigint>();
        for (const e of out.ledger) {
          if (e.amount > 0n) sums.set(e.recipientId, (sums.get(e.recipientId) ?? 0n) + e.amount);
        }
        expect(out.credits).toEqual(sums);
        // Every event has an outcome; each referral bonus is paid at most once, only for 'c',
        // and only with a rewarded event of 'c' (the friend bonus with the first one that has
        // a slot left, the referrer's likewise).
        expect(out.outcomes.size).toBe(input.events.length);
        const bonuses = out.ledger.filter((e) => e.kind.startsWith('referral_'));
        const cRewarded = out.ledger.some((e) => e.recipientId === 'c' && e.eventIndex !== null);
        expect(bonuses.every((e) => e.reference === 'c')).toBe(true);
        expect(new Set(bonuses.map((e) => e.kind)).size).toBe(bonuses.length);
        if (!cRewarded) expect(bonuses).toEqual([]);
        // Milestones are announced once each.
        const refs = out.activity.flatMap((a) => (a.userId === null ? [a.reference] : []));
        expect(new Set(refs).size).toBe(refs.length);
      }),
    );
  });

  it("pays the doubled Genesis referral bonuses on the friend's first rewarded event", () => {
    const out = sequenceEvents({
      totals: { totalEvents: 0n, totalMinted: 0n },
      events: [
        { id: 1n, kind: 'post_created', actorId: 'c', reference: 'p1', createdAt: DAY_1 },
        { id: 2n, kind: 'post_created', actorId: 'c', reference: 'p2', createdAt: DAY_1 },
      ],
      actors: facts({ c: { referredById: 'a', referralPaid: false, referrerPaid: false } }),
      earnedOnDay: new Map(),
      alreadyRecorded: new Set(),
      rules: rules(100),
    });
    expect(out.ledger.map((e) => [e.kind, e.recipientId, e.amount])).toEqual([
      ['post_created', 'c', 150_000_000_000n],
      ['referral_friend', 'c', 2n * REFERRAL_REWARD_FRIEND],
      ['referral_referrer', 'a', 2n * REFERRAL_REWARD_REFERRER],
      ['post_created', 'c', 150_000_000_000n],
    ]);
    expect(out.activity.map((a) => a.message)).toEqual([
      'user-c posted a vibe · +150 DUM',
      'user-c joined through a referral · +200 DUM to their friend',
      'user-c posted a vibe · +150 DUM',
    ]);
    // The same lines as data, for the web app to word in its reader's language.
    expect(out.activity.map((a) => a.params)).toEqual([
      { kind: 'action', name: 'user-c', action: 'post_created', dum: '150000000000' },
      { kind: 'referral', name: 'user-c', dum: (2n * REFERRAL_REWARD_REFERRER).toString() },
      { kind: 'action', name: 'user-c', action: 'post_created', dum: '150000000000' },
    ]);
  });

  it('pays nothing while moderation stops a wallet, before its stop or after its end', () => {
    const stopFrom = new Date('2026-11-23T12:00:00Z');
    const stopUntil = new Date('2026-11-23T18:00:00Z');
    const at = (iso: string) => new Date(iso);
    const out = sequenceEvents({
      totals: { totalEvents: 0n, totalMinted: 0n },
      events: [
        {
          id: 1n,
          kind: 'post_created',
          actorId: 'a',
          reference: 'p1',
          createdAt: at('2026-11-23T11:59:00Z'),
        },
        {
          id: 2n,
          kind: 'post_created',
          actorId: 'a',
          reference: 'p2',
          createdAt: at('2026-11-23T12:00:00Z'),
        },
        {
          id: 3n,
          kind: 'post_created',
          actorId: 'a',
          reference: 'p3',
          createdAt: at('2026-11-23T18:00:00Z'),
        },
        // A referred friend's event: its suspended referrer gets no bonus, the friend does.
        {
          id: 4n,
          kind: 'post_created',
          actorId: 'c',
          reference: 'p4',
          createdAt: at('2026-11-23T13:00:00Z'),
        },
      ],
      actors: facts({
        a: { earningStops: [{ from: stopFrom, until: stopUntil }] },
        c: { referredById: 'a', referralPaid: false, referrerPaid: false },
      }),
      earnedOnDay: new Map(),
      alreadyRecorded: new Set(),
      rules: rules(100),
    });
    expect([...out.outcomes.values()].map((o) => o.status)).toEqual([
      'rewarded',
      'stopped_by_moderation',
      'rewarded',
      'rewarded',
    ]);
    expect(out.ledger.filter((e) => e.kind === 'referral_referrer')).toEqual([]);
    expect(out.ledger.filter((e) => e.kind === 'referral_friend')).toHaveLength(1);
  });

  it('announces the halving with the event that ends the epoch, and counts the daily cap per UTC day', () => {
    const out = sequenceEvents({
      totals: { totalEvents: 69_999n, totalMinted: 0n },
      events: [
        { id: 1n, kind: 'like_given', actorId: 'a', reference: 'x', createdAt: DAY_1 },
        { id: 2n, kind: 'like_given', actorId: 'a', reference: 'y', createdAt: DAY_1 },
        { id: 3n, kind: 'like_given', actorId: 'a', reference: 'z', createdAt: DAY_2 },
      ],
      actors: facts(),
      earnedOnDay: new Map([[dayKey('a', utcDayStart(DAY_1)), 0]]),
      alreadyRecorded: new Set(),
      rules: rules(1),
    });
    expect([...out.outcomes.values()].map((o) => o.status)).toEqual([
      'rewarded',
      'over_daily_cap',
      'rewarded',
    ]);
    expect(out.ledger.map((e) => e.amount)).toEqual([150_000_000_000n, 0n, 75_000_000_000n]);
    expect(out.activity.map((a) => a.message)).toEqual([
      'user-a liked a vibe · +150 DUM',
      'Halving! Epoch 1 begins: 75 DUM per vibe',
      'user-a liked a vibe',
      'user-a liked a vibe · +75 DUM',
    ]);
    expect(out.activity.map((a) => a.params)).toEqual([
      { kind: 'action', name: 'user-a', action: 'like_given', dum: '150000000000' },
      { kind: 'halving', epoch: '1', dum: '75000000000' },
      { kind: 'action', name: 'user-a', action: 'like_given' },
      { kind: 'action', name: 'user-a', action: 'like_given', dum: '75000000000' },
    ]);
    expect(out.totals.totalEvents).toBe(70_001n);
  });

  it('announces event-count and supply milestones, as text and as data', () => {
    const out = sequenceEvents({
      totals: { totalEvents: 99n, totalMinted: 0n },
      events: [{ id: 1n, kind: 'post_created', actorId: 'a', reference: 'p', createdAt: DAY_1 }],
      actors: facts(),
      earnedOnDay: new Map(),
      alreadyRecorded: new Set(),
      rules: rules(100),
    });
    expect(out.activity.slice(1).map((a) => [a.message, a.params])).toEqual([
      ['100 vibes mined on Dum Club', { kind: 'events_milestone', count: '100' }],
    ]);
    const million = 1_000_000n * 10n ** 9n;
    expect(
      supplyMilestones(million - 1n, 3n * million, DAY_1).map((a) => [a.message, a.params]),
    ).toEqual([['3M DUM mined', { kind: 'supply_milestone', millions: '3' }]]);
  });

  it('pays only established actors, and learns first posts and vouches as it goes', () => {
    const out = sequenceEvents({
      totals: { totalEvents: 0n, totalMinted: 0n },
      events: [
        { id: 1n, kind: 'post_created', actorId: 'a', reference: 'p1', createdAt: DAY_1 },
        {
          id: 2n,
          kind: 'like_given',
          actorId: 'b',
          subjectId: 'a',
          reference: 'p1',
          createdAt: DAY_1,
        },
        {
          id: 3n,
          kind: 'like_given',
          actorId: 's',
          subjectId: 'a',
          reference: 'p1',
          createdAt: DAY_1,
        },
        { id: 4n, kind: 'post_created', actorId: 'a', reference: 'p2', createdAt: DAY_1 },
      ],
      actors: new Map([
        ...facts(),
        [
          's',
          {
            ...facts().get('a')!,
            name: 'user-s',
            standing: { ...facts().get('a')!.standing, solAddress: 'wallet-s' },
          },
        ],
      ]),
      earnedOnDay: new Map(),
      alreadyRecorded: new Set(),
      rules: rules(100, STRICT),
    });
    expect([...out.outcomes.values()].map((o) => o.status)).toEqual([
      'not_established',
      'not_established',
      'rewarded',
      'rewarded',
    ]);
    // 'b' is not established, so its like vouches for nobody; the seed's does.
    expect(out.standing.get('a')).toEqual({ firstPostAt: DAY_1, vouchedAt: DAY_1 });
    expect(out.ledger.map((e) => e.subjectId)).toEqual([null, 'a', 'a', null]);
  });

  it("caps a wallet's poll votes on one author with its likes and comments, and never vouches", () => {
    const vote = (id: bigint, actorId: string, reference: string): QueuedEvent => ({
      id,
      kind: 'poll_voted',
      actorId,
      subjectId: 'a',
      reference,
      createdAt: DAY_1,
    });
    const capped = sequenceEvents({
      totals: { totalEvents: 0n, totalMinted: 0n },
      events: [
        {
          id: 1n,
          kind: 'like_given',
          actorId: 'b',
          subjectId: 'a',
          reference: 'p1',
          createdAt: DAY_1,
        },
        vote(2n, 'b', 'p2'),
        vote(3n, 'b', 'p3'),
        vote(4n, 'c', 'p3'),
      ],
      actors: facts(),
      earnedOnDay: new Map(),
      alreadyRecorded: new Set(),
      rules: { ...rules(100), pairDailyCap: 2 },
    });
    expect([...capped.outcomes.values()].map((o) => o.status)).toEqual([
      'rewarded',
      'rewarded',
      'over_pair_cap',
      'rewarded',
    ]);
    // A seed wallet's vote is paid, but it is not a vouch: 'a' stays unvouched.
    const seeded = sequenceEvents({
      totals: { totalEvents: 0n, totalMinted: 0n },
      events: [vote(1n, 's', 'p1')],
      actors: new Map([
        ...facts(),
        [
          's',
          {
            ...facts().get('a')!,
            name: 'user-s',
            standing: { ...facts().get('a')!.standing, solAddress: 'wallet-s' },
          },
        ],
      ]),
      earnedOnDay: new Map(),
      alreadyRecorded: new Set(),
      rules: rules(100, STRICT),
    });
    expect([...seeded.outcomes.values()].map((o) => o.status)).toEqual(['rewarded']);
    expect(seeded.standing.get('a')?.vouchedAt ?? null).toBeNull();
  });
});
