import {
  type ActivityType,
  type BonusMintKind,
  capMint,
  epochForEvent,
  formatDumWhole,
  HALVING_EPOCH_EVENTS,
  REFERRAL_REWARD_FRIEND,
  REFERRAL_REWARD_REFERRER,
  rewardForEvent,
  type RewardedEventKind,
} from '@dum/core';

/**
 * The emission rules for a batch of queued rewarded events, as a plain function over plain
 * data (no SQL, no clock): which events pay, each one's index, epoch and reward, the referral
 * bonuses, the Live Activity lines, and the counters after. The sequencer (sequencer.ts) reads
 * the inputs under the emission lock and writes the outputs in the same transaction.
 */

/** The kinds of mint are listed once, in core (reward-kinds.ts). */
export type { BonusMintKind, RewardedEventKind } from '@dum/core';

/** A rewarded event as the action's transaction queued it. */
export interface QueuedEvent {
  id: bigint;
  kind: RewardedEventKind;
  actorId: string;
  reference: string;
  /** When the action happened: the ledger row's time and the day its daily cap counts in. */
  createdAt: Date;
}

export interface ActorFacts {
  /** The public name in Live Activity (display name, username or wallet). */
  name: string;
  referredById: string | null;
  /** The referral bonuses were paid already (or there is no referrer). */
  referralPaid: boolean;
}

export interface EmissionTotals {
  totalEvents: bigint;
  totalMinted: bigint;
}

export interface SequenceInput {
  totals: EmissionTotals;
  /** In the order they are to be sequenced. */
  events: readonly QueuedEvent[];
  actors: ReadonlyMap<string, ActorFacts>;
  /** Rewarded events already in the ledger per `dayKey(actor, day)`; absent means none. */
  earnedOnDay: ReadonlyMap<string, number>;
  /** `onceKey`s of actions the ledger has already recorded. */
  alreadyRecorded: ReadonlySet<string>;
  /** Rewarded events a wallet may earn on per UTC day. */
  dailyCap: number;
}

export interface LedgerEntry {
  eventIndex: bigint | null;
  epoch: bigint | null;
  amount: bigint;
  recipientId: string;
  kind: RewardedEventKind | BonusMintKind;
  reference: string;
  createdAt: Date;
}

export interface ActivityLine {
  type: ActivityType;
  message: string;
  userId: string | null;
  reference: string | null;
  createdAt: Date;
}

export type EventOutcome =
  | { status: 'rewarded'; eventIndex: bigint; epoch: bigint; amount: bigint }
  | { status: 'over_daily_cap' }
  | { status: 'already_recorded' };

export interface SequenceOutput {
  /** In mint order: the ledger's ids follow it. */
  ledger: LedgerEntry[];
  /** DUM to add to each account (only positive amounts). */
  credits: Map<string, bigint>;
  activity: ActivityLine[];
  totals: EmissionTotals;
  outcomes: Map<bigint, EventOutcome>;
}

/** The ledger's uniqueness: one action pays its actor once. */
export function onceKey(kind: string, reference: string, recipientId: string): string {
  return `${kind}|${reference}|${recipientId}`;
}

/** The UTC day an action happened on, as its first instant. */
export function utcDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export function dayKey(actorId: string, dayStart: Date): string {
  return `${actorId}|${dayStart.toISOString()}`;
}

/**
 * Sequences a batch: each event, in order, takes the next index and the reward of that index
 * (cut at the cap), unless the ledger already paid that action or its actor reached the daily
 * cap for the event's UTC day (then it is recorded with amount 0 and no index, moving nothing).
 * A referred actor's first rewarded event also pays the referral bonuses (100 DUM to the
 * referrer, 50 to the friend, doubled in epoch 0), once, within the cap.
 */
export function sequenceEvents(input: SequenceInput): SequenceOutput {
  let { totalEvents, totalMinted } = input.totals;
  const ledger: LedgerEntry[] = [];
  const credits = new Map<string, bigint>();
  const activity: ActivityLine[] = [];
  const outcomes = new Map<bigint, EventOutcome>();
  const earnedOnDay = new Map(input.earnedOnDay);
  const recorded = new Set(input.alreadyRecorded);
  const referralPaid = new Set<string>();

  const mint = (entry: LedgerEntry): void => {
    const mintedBefore = totalMinted;
    ledger.push(entry);
    if (entry.amount > 0n) {
      credits.set(entry.recipientId, (credits.get(entry.recipientId) ?? 0n) + entry.amount);
      totalMinted += entry.amount;
    }
    activity.push(...supplyMilestones(mintedBefore, totalMinted, entry.createdAt));
  };

  for (const event of input.events) {
    const key = onceKey(event.kind, event.reference, event.actorId);
    if (recorded.has(key)) {
      outcomes.set(event.id, { status: 'already_recorded' });
      continue;
    }
    recorded.add(key);
    const actor = input.actors.get(event.actorId);
    if (!actor) throw new Error(`sequenceEvents: no facts for user ${event.actorId}`);
    const name = publicName(actor.name);
    const line = `${name} ${ACTION_TEXT[event.kind]}`;
    const day = dayKey(event.actorId, utcDayStart(event.createdAt));
    const earned = earnedOnDay.get(day) ?? 0;

    if (earned >= input.dailyCap) {
      ledger.push({ ...entryOf(event), eventIndex: null, epoch: null, amount: 0n });
      activity.push(activityOf(event, line));
      outcomes.set(event.id, { status: 'over_daily_cap' });
      continue;
    }

    const eventIndex = totalEvents;
    const epoch = epochForEvent(eventIndex);
    const amount = capMint(rewardForEvent(eventIndex), totalMinted);
    totalEvents += 1n;
    earnedOnDay.set(day, earned + 1);
    activity.push(
      activityOf(event, amount > 0n ? `${line} · +${formatDumWhole(amount)} DUM` : line),
    );
    activity.push(...eventMilestones(totalEvents, event.createdAt));
    mint({ ...entryOf(event), eventIndex, epoch, amount });
    outcomes.set(event.id, { status: 'rewarded', eventIndex, epoch, amount });

    if (actor.referredById && !actor.referralPaid && !referralPaid.has(event.actorId)) {
      referralPaid.add(event.actorId);
      payReferralBonuses(
        event,
        { referrerId: actor.referredById, name, epoch },
        {
          minted: () => totalMinted,
          mint,
          activity,
        },
      );
    }
  }
  return { ledger, credits, activity, totals: { totalEvents, totalMinted }, outcomes };
}

/**
 * A referred actor's first rewarded event pays the friend and the referrer their bonuses,
 * doubled in epoch 0, each cut at the cap, and tells Live Activity what the referrer got.
 */
function payReferralBonuses(
  event: QueuedEvent,
  referral: { referrerId: string; name: string; epoch: bigint },
  books: {
    minted: () => bigint;
    mint: (entry: LedgerEntry) => void;
    activity: ActivityLine[];
  },
): void {
  const multiplier = referral.epoch === 0n ? 2n : 1n;
  const bonus = (kind: BonusMintKind, recipientId: string, amount: bigint): bigint => {
    const capped = capMint(amount, books.minted());
    books.mint({
      eventIndex: null,
      epoch: null,
      amount: capped,
      recipientId,
      kind,
      reference: event.actorId,
      createdAt: event.createdAt,
    });
    return capped;
  };
  bonus('referral_friend', event.actorId, REFERRAL_REWARD_FRIEND * multiplier);
  const toReferrer = bonus(
    'referral_referrer',
    referral.referrerId,
    REFERRAL_REWARD_REFERRER * multiplier,
  );
  if (toReferrer > 0n) {
    books.activity.push({
      type: 'dum_earned',
      message: `${referral.name} joined through a referral · +${formatDumWhole(toReferrer)} DUM to their friend`,
      userId: referral.referrerId,
      reference: `referral:${event.actorId}`,
      createdAt: event.createdAt,
    });
  }
}

function entryOf(event: QueuedEvent): Omit<LedgerEntry, 'eventIndex' | 'epoch' | 'amount'> {
  return {
    recipientId: event.actorId,
    kind: event.kind,
    reference: event.reference,
    createdAt: event.createdAt,
  };
}

function activityOf(event: QueuedEvent, message: string): ActivityLine {
  return {
    type: ACTIVITY_TYPE[event.kind],
    message,
    userId: event.actorId,
    reference: event.reference,
    createdAt: event.createdAt,
  };
}

/** Live Activity type per rewarded event (each type has its icon in the web app). */
const ACTIVITY_TYPE: Record<RewardedEventKind, ActivityType> = {
  post_created: 'post_created',
  comment_created: 'comment',
  like_given: 'like',
  vault_created: 'vault_created',
  vault_supported: 'dum_earned',
  follow: 'dum_earned',
  referral_joined: 'dum_earned',
};

const ACTION_TEXT: Record<RewardedEventKind, string> = {
  post_created: 'posted a vibe',
  comment_created: 'commented',
  like_given: 'liked a vibe',
  vault_created: 'created a vault',
  vault_supported: 'supported a vault',
  follow: 'followed someone',
  referral_joined: 'joined through a referral',
};

/** Names in public activity: the chosen name, or a wallet shortened like the UI does. */
export function publicName(name: string): string {
  return name.length > 32 ? `${name.slice(0, 4)}...${name.slice(-4)}` : name;
}

/** Event counts that are announced in Live Activity as milestones. */
export function isEventMilestone(totalEvents: bigint): boolean {
  if (totalEvents === 100n || totalEvents === 1_000n || totalEvents === 10_000n) return true;
  return totalEvents > 0n && totalEvents % 100_000n === 0n;
}

/** The halving (the event that ends an epoch) and event-count milestones, once reached. */
function eventMilestones(totalEvents: bigint, createdAt: Date): ActivityLine[] {
  const lines: ActivityLine[] = [];
  if (totalEvents % BigInt(HALVING_EPOCH_EVENTS) === 0n) {
    const epoch = totalEvents / BigInt(HALVING_EPOCH_EVENTS);
    lines.push({
      type: 'halving',
      message: `Halving! Epoch ${epoch} begins: ${formatDumWhole(rewardForEvent(totalEvents))} DUM per vibe`,
      userId: null,
      reference: `halving:${epoch}`,
      createdAt,
    });
  }
  if (isEventMilestone(totalEvents)) {
    lines.push({
      type: 'milestone',
      message: `${totalEvents.toLocaleString('en-US')} vibes mined on Dum Club`,
      userId: null,
      reference: `milestone:events:${totalEvents}`,
      createdAt,
    });
  }
  return lines;
}

const MILLION_DUM = 1_000_000_000_000_000n;

/** Every million DUM minted is a milestone. */
export function supplyMilestones(
  mintedBefore: bigint,
  mintedAfter: bigint,
  createdAt: Date,
): ActivityLine[] {
  const before = mintedBefore / MILLION_DUM;
  const after = mintedAfter / MILLION_DUM;
  if (after <= before || after === 0n) return [];
  return [
    {
      type: 'milestone',
      message: `${after.toString()}M DUM mined`,
      userId: null,
      reference: `milestone:minted:${after}`,
      createdAt,
    },
  ];
}
