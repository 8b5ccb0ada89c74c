import {
  type ActivityParams,
  type ActivityType,
  type BonusMintKind,
  canVouch,
  capMint,
  epochForEvent,
  type EstablishedRule,
  isEstablished,
  type StandingFacts,
  formatDumWhole,
  HALVING_EPOCH_EVENTS,
  REFERRAL_REWARD_FRIEND,
  REFERRAL_REWARD_REFERRER,
  rewardForEvent,
  type RewardedEventKind,
  TRUST_REWARD_FLOOR_PPM,
  TRUST_VOUCH_MIN_PPM,
  TRUST_WEIGHT_FULL,
  weightedReward,
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
  /**
   * Whose post, vault or account the action was on (likes, comments, follows, supports, tips:
   * trust's edges); null for the others.
   */
  subjectId?: string | null;
  reference: string;
  /** When the action happened: the ledger row's time and the day its daily cap counts in. */
  createdAt: Date;
}

/** What the rules need about a wallet: an event's actor, its subject, or a referrer. */
export interface ActorFacts {
  /** The public name in Live Activity (display name, username or wallet). */
  name: string;
  referredById: string | null;
  /** The friend's referral bonus was paid already (or there is no referrer). */
  referralPaid: boolean;
  /** The referrer's bonus for this wallet was paid already (or there is no referrer). */
  referrerPaid: boolean;
  /** The facts the established rule (core's established.ts) reads. */
  standing: StandingFacts;
  /**
   * The wallet's trust weight in parts per million (modules/trust, core's trust.ts) as of the
   * latest recomputation; absent or 0: no trust.
   */
  trustPpm?: number;
  /**
   * When moderation stops the wallet's earning (modules/moderation: a suspension, or the hold of
   * a wallet reported by several trusted wallets): from `from` until `until` (null: until
   * lifted). Absent: never.
   */
  earningStops?: ReadonlyArray<{ from: Date; until: Date | null }>;
}

/** Whether moderation stops the wallet's earning at `at`. */
export function earningStopped(actor: ActorFacts, at: Date): boolean {
  return (actor.earningStops ?? []).some(
    (stop) =>
      stop.from.getTime() <= at.getTime() &&
      (stop.until === null || stop.until.getTime() > at.getTime()),
  );
}

export interface EmissionTotals {
  totalEvents: bigint;
  totalMinted: bigint;
}

/** The limits on earning (config.ts: DAILY_REWARD_CAP, PAIR_DAILY_REWARD_CAP, ...). */
export interface EarningRules {
  /** Rewarded events and referral bonuses a wallet may earn per UTC day. */
  dailyCap: number;
  /** Rewarded likes and comments per UTC day per (giver, receiver) pair. */
  pairDailyCap: number;
  /** Referral bonuses a referrer may earn per UTC day. */
  referrerDailyCap: number;
  /** Who is established: only they earn, only their engagement vouches for others. */
  established: EstablishedRule;
  /**
   * Whether rewards, referral bonuses and vouching follow trust (TRUST_REWARDS; on in
   * production). Off, every wallet's weight is full and the established rule alone decides.
   */
  trustRewards?: boolean;
}

/** The weight an actor's rewards are scaled by, in parts per million. */
export function rewardWeight(actor: ActorFacts, rules: EarningRules): number {
  if (!rules.trustRewards) return TRUST_WEIGHT_FULL;
  if (rules.established.seedWallets.has(actor.standing.solAddress)) return TRUST_WEIGHT_FULL;
  return Math.min(TRUST_WEIGHT_FULL, Math.max(0, actor.trustPpm ?? 0));
}

/** Whether the actor's trust lets its likes and comments vouch (the age rule aside). */
function trustVouches(actor: ActorFacts, rules: EarningRules): boolean {
  return rewardWeight(actor, rules) >= TRUST_VOUCH_MIN_PPM;
}

export interface SequenceInput {
  totals: EmissionTotals;
  /** In the order they are to be sequenced. */
  events: readonly QueuedEvent[];
  /** Every actor, subject and referrer of the batch. */
  actors: ReadonlyMap<string, ActorFacts>;
  /**
   * Daily-cap slots already used per `dayKey(wallet, day)`: rewarded events and referral
   * bonuses in the ledger; absent means none.
   */
  earnedOnDay: ReadonlyMap<string, number>;
  /** Rewarded likes and comments per `pairKey(giver, receiver, day)`; absent means none. */
  pairOnDay?: ReadonlyMap<string, number>;
  /** Referrer bonuses per `dayKey(referrer, day)`; absent means none. */
  referralsOnDay?: ReadonlyMap<string, number>;
  /** `onceKey`s of actions the ledger has already recorded. */
  alreadyRecorded: ReadonlySet<string>;
  rules: EarningRules;
}

export interface LedgerEntry {
  eventIndex: bigint | null;
  epoch: bigint | null;
  amount: bigint;
  recipientId: string;
  /**
   * Whose post, vault or account the action was on (the per-pair cap counts likes and comments;
   * trust reads every kind's edge); null otherwise.
   */
  subjectId: string | null;
  kind: RewardedEventKind | BonusMintKind;
  reference: string;
  createdAt: Date;
}

export interface ActivityLine {
  type: ActivityType;
  message: string;
  params: ActivityParams;
  userId: string | null;
  reference: string | null;
  createdAt: Date;
}

export type EventOutcome =
  | { status: 'rewarded'; eventIndex: bigint; epoch: bigint; amount: bigint }
  | { status: 'not_established' }
  | { status: 'low_trust' }
  | { status: 'stopped_by_moderation' }
  | { status: 'over_daily_cap' }
  | { status: 'over_pair_cap' }
  | { status: 'already_recorded' };

/** New facts about wallets the batch learnt (written with its ledger rows). */
export interface StandingUpdate {
  firstPostAt?: Date;
  vouchedAt?: Date;
}

export interface SequenceOutput {
  /** In mint order: the ledger's ids follow it. */
  ledger: LedgerEntry[];
  /** DUM to add to each account (only positive amounts). */
  credits: Map<string, bigint>;
  activity: ActivityLine[];
  totals: EmissionTotals;
  outcomes: Map<bigint, EventOutcome>;
  /** Per wallet: its first post, its first vouch, when this batch holds them. */
  standing: Map<string, StandingUpdate>;
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

export function pairKey(giverId: string, receiverId: string, dayStart: Date): string {
  return `${giverId}|${receiverId}|${dayStart.toISOString()}`;
}

/** The kinds that are engagement with someone's post: vouching and the per-pair cap. */
export const ENGAGEMENT_EVENT_KINDS: ReadonlySet<RewardedEventKind> = new Set([
  'like_given',
  'comment_created',
  'reply_created',
  'repost_given',
  'quote_created',
]);

/**
 * The kinds capped per pair (giver, receiver) and UTC day: engagement, and a vote in someone's
 * poll (a vote is not a vouch: it says nothing of the author's worth).
 */
export const PAIR_CAPPED_EVENT_KINDS: ReadonlySet<RewardedEventKind> = new Set([
  ...ENGAGEMENT_EVENT_KINDS,
  'poll_voted',
]);

/** The kinds that count as the wallet having posted. */
export const POST_KINDS: ReadonlySet<RewardedEventKind> = new Set([
  'post_created',
  'vault_created',
  'quote_created',
]);

/**
 * Sequences a batch: each event, in order, takes the next index and the reward of that index
 * (cut at the cap), unless the ledger already paid that action, its actor is not established
 * at the event's time (docs/decisions/013-established-wallets.md), its actor reached the daily
 * cap for the event's UTC day, it is a like or comment past the per-pair daily cap, or its
 * actor's trust weight is under TRUST_REWARD_FLOOR_PPM (then it is recorded with amount 0 and
 * no index, moving nothing). A paid event's reward is the schedule's times the actor's trust
 * weight (docs/security.md "Trust"; full when TRUST_REWARDS is off).
 * Along the way it learns the standing facts: a post is the actor's first post; a like or
 * comment by a wallet that may vouch is its receiver's first vouch.
 * A referred actor's rewarded event pays the referral bonuses not yet paid (100 DUM to the
 * referrer, 50 to the friend, doubled in epoch 0), each once, each taking a slot of its
 * recipient's daily cap, the referrer's only while it is established and under its own daily
 * count of referral bonuses. A bonus withheld stays unpaid (no ledger row) and is tried again
 * with the friend's next rewarded event.
 */
// eslint-disable-next-line max-lines-per-function -- one pass: the rules in order, shared tallies
export function sequenceEvents(input: SequenceInput): SequenceOutput {
  const { rules } = input;
  let { totalEvents, totalMinted } = input.totals;
  const ledger: LedgerEntry[] = [];
  const credits = new Map<string, bigint>();
  const activity: ActivityLine[] = [];
  const outcomes = new Map<bigint, EventOutcome>();
  const standing = new Map<string, StandingUpdate>();
  const earnedOnDay = new Map(input.earnedOnDay);
  const pairOnDay = new Map(input.pairOnDay ?? []);
  const referralsOnDay = new Map(input.referralsOnDay ?? []);
  const recorded = new Set(input.alreadyRecorded);
  // The facts as this batch changes them (first posts, vouches, bonuses paid).
  const wallets = new Map(
    [...input.actors].map(([id, f]) => [id, { ...f, standing: { ...f.standing } }]),
  );
  const walletOf = (id: string): ActorFacts => {
    const wallet = wallets.get(id);
    if (!wallet) throw new Error(`sequenceEvents: no facts for user ${id}`);
    return wallet;
  };

  const mint = (entry: LedgerEntry): void => {
    const mintedBefore = totalMinted;
    ledger.push(entry);
    if (entry.amount > 0n) {
      credits.set(entry.recipientId, (credits.get(entry.recipientId) ?? 0n) + entry.amount);
      totalMinted += entry.amount;
    }
    activity.push(...supplyMilestones(mintedBefore, totalMinted, entry.createdAt));
  };
  const unpaid = (
    event: QueuedEvent,
    line: { name: string; text: string },
    outcome: EventOutcome,
  ): void => {
    ledger.push({ ...entryOf(event), eventIndex: null, epoch: null, amount: 0n });
    activity.push(activityOf(event, line, 0n));
    outcomes.set(event.id, outcome);
  };

  for (const event of input.events) {
    const key = onceKey(event.kind, event.reference, event.actorId);
    if (recorded.has(key)) {
      outcomes.set(event.id, { status: 'already_recorded' });
      continue;
    }
    recorded.add(key);
    const actor = walletOf(event.actorId);
    learnStanding(event, actor, input.actors, walletOf, rules, standing);
    const name = publicName(actor.name);
    const line = { name, text: `${name} ${ACTION_TEXT[event.kind]}` };
    const dayStart = utcDayStart(event.createdAt);
    const day = dayKey(event.actorId, dayStart);
    const earned = earnedOnDay.get(day) ?? 0;

    if (!isEstablished(actor.standing, rules.established, event.createdAt)) {
      unpaid(event, line, { status: 'not_established' });
      continue;
    }
    if (earningStopped(actor, event.createdAt)) {
      unpaid(event, line, { status: 'stopped_by_moderation' });
      continue;
    }
    if (earned >= rules.dailyCap) {
      unpaid(event, line, { status: 'over_daily_cap' });
      continue;
    }
    const pair =
      PAIR_CAPPED_EVENT_KINDS.has(event.kind) && event.subjectId
        ? pairKey(event.actorId, event.subjectId, dayStart)
        : null;
    if (pair !== null && (pairOnDay.get(pair) ?? 0) >= rules.pairDailyCap) {
      unpaid(event, line, { status: 'over_pair_cap' });
      continue;
    }
    const weight = rewardWeight(actor, rules);
    if (weight < TRUST_REWARD_FLOOR_PPM) {
      unpaid(event, line, { status: 'low_trust' });
      continue;
    }

    const eventIndex = totalEvents;
    const epoch = epochForEvent(eventIndex);
    const amount = capMint(weightedReward(rewardForEvent(eventIndex), weight), totalMinted);
    totalEvents += 1n;
    earnedOnDay.set(day, earned + 1);
    if (pair !== null) pairOnDay.set(pair, (pairOnDay.get(pair) ?? 0) + 1);
    activity.push(activityOf(event, line, amount));
    activity.push(...eventMilestones(totalEvents, event.createdAt));
    mint({ ...entryOf(event), eventIndex, epoch, amount });
    outcomes.set(event.id, { status: 'rewarded', eventIndex, epoch, amount });

    if (actor.referredById && (!actor.referralPaid || !actor.referrerPaid)) {
      payReferralBonuses(event, actor, {
        name,
        epoch,
        rules,
        referrer: wallets.get(actor.referredById),
        weight,
        earnedOnDay,
        referralsOnDay,
        minted: () => totalMinted,
        mint,
        activity,
      });
    }
  }
  return {
    ledger,
    credits,
    activity,
    totals: { totalEvents, totalMinted },
    outcomes,
    standing,
  };
}

/**
 * What an event teaches about standing, before its reward is decided: a post is its actor's
 * first post (if none before); a like or comment by a wallet that may vouch is the receiver's
 * first vouch (if none before). Applied to the batch's copy of the facts and to the updates.
 */
function learnStanding(
  event: QueuedEvent,
  actor: ActorFacts,
  before: ReadonlyMap<string, ActorFacts>,
  walletOf: (id: string) => ActorFacts,
  rules: EarningRules,
  updates: Map<string, StandingUpdate>,
): void {
  const update = (id: string, change: StandingUpdate): void => {
    updates.set(id, { ...updates.get(id), ...change });
  };
  if (POST_KINDS.has(event.kind) && !actor.standing.firstPostAt) {
    actor.standing.firstPostAt = event.createdAt;
    update(event.actorId, { firstPostAt: event.createdAt });
  }
  if (!ENGAGEMENT_EVENT_KINDS.has(event.kind) || !event.subjectId) return;
  if (event.subjectId === event.actorId || !before.has(event.subjectId)) return;
  const subject = walletOf(event.subjectId);
  if (subject.standing.vouchedAt || !canVouch(actor.standing, rules.established, event.createdAt)) {
    return;
  }
  if (!trustVouches(actor, rules)) return;
  subject.standing.vouchedAt = event.createdAt;
  update(event.subjectId, { vouchedAt: event.createdAt });
}

/**
 * A referred actor's rewarded event pays the referral bonuses not yet paid, doubled in epoch 0,
 * scaled by the friend's trust weight (a referral is worth what the friend is trusted; a chain
 * of fresh wallets refers nothing of value), each cut at the cap and taking a slot of its
 * recipient's daily cap: the friend's while the friend has a slot left that day, the referrer's while the referrer is established, has a
 * slot left and is under its referral bonuses for the day. Tells Live Activity what the
 * referrer got.
 */
function payReferralBonuses(
  event: QueuedEvent,
  friend: ActorFacts,
  books: {
    name: string;
    epoch: bigint;
    rules: EarningRules;
    referrer: ActorFacts | undefined;
    /** The friend's trust weight (parts per million). */
    weight: number;
    earnedOnDay: Map<string, number>;
    referralsOnDay: Map<string, number>;
    minted: () => bigint;
    mint: (entry: LedgerEntry) => void;
    activity: ActivityLine[];
  },
): void {
  const referrerId = friend.referredById;
  if (!referrerId) return;
  const dayStart = utcDayStart(event.createdAt);
  const multiplier = books.epoch === 0n ? 2n : 1n;
  const slotFree = (walletId: string): boolean =>
    (books.earnedOnDay.get(dayKey(walletId, dayStart)) ?? 0) < books.rules.dailyCap;
  const bonus = (kind: BonusMintKind, recipientId: string, amount: bigint): bigint => {
    const capped = capMint(weightedReward(amount, books.weight), books.minted());
    const day = dayKey(recipientId, dayStart);
    books.earnedOnDay.set(day, (books.earnedOnDay.get(day) ?? 0) + 1);
    books.mint({
      eventIndex: null,
      epoch: null,
      amount: capped,
      recipientId,
      subjectId: null,
      kind,
      reference: event.actorId,
      createdAt: event.createdAt,
    });
    return capped;
  };

  if (!friend.referralPaid && slotFree(event.actorId)) {
    friend.referralPaid = true;
    bonus('referral_friend', event.actorId, REFERRAL_REWARD_FRIEND * multiplier);
  }
  const referrer = books.referrer;
  const referrals = dayKey(referrerId, dayStart);
  if (
    friend.referrerPaid ||
    !referrer ||
    !isEstablished(referrer.standing, books.rules.established, event.createdAt) ||
    earningStopped(referrer, event.createdAt) ||
    !slotFree(referrerId) ||
    (books.referralsOnDay.get(referrals) ?? 0) >= books.rules.referrerDailyCap
  ) {
    return;
  }
  friend.referrerPaid = true;
  books.referralsOnDay.set(referrals, (books.referralsOnDay.get(referrals) ?? 0) + 1);
  const toReferrer = bonus('referral_referrer', referrerId, REFERRAL_REWARD_REFERRER * multiplier);
  if (toReferrer > 0n) {
    books.activity.push({
      type: 'dum_earned',
      message: `${books.name} joined through a referral · +${formatDumWhole(toReferrer)} DUM to their friend`,
      params: { kind: 'referral', name: books.name, dum: toReferrer.toString() },
      userId: referrerId,
      reference: `referral:${event.actorId}`,
      createdAt: event.createdAt,
    });
  }
}

function entryOf(event: QueuedEvent): Omit<LedgerEntry, 'eventIndex' | 'epoch' | 'amount'> {
  return {
    recipientId: event.actorId,
    subjectId: event.subjectId && event.subjectId !== event.actorId ? event.subjectId : null,
    kind: event.kind,
    reference: event.reference,
    createdAt: event.createdAt,
  };
}

/** The line of a rewarded action; `amount` is what it minted (0 when nothing). */
function activityOf(
  event: QueuedEvent,
  line: { name: string; text: string },
  amount: bigint,
): ActivityLine {
  const minted = amount > 0n;
  return {
    type: ACTIVITY_TYPE[event.kind],
    message: minted ? `${line.text} · +${formatDumWhole(amount)} DUM` : line.text,
    params: {
      kind: 'action',
      name: line.name,
      action: event.kind,
      ...(minted ? { dum: amount.toString() } : {}),
    },
    userId: event.actorId,
    reference: event.reference,
    createdAt: event.createdAt,
  };
}

/** Live Activity type per rewarded event (each type has its icon in the web app). */
const ACTIVITY_TYPE: Record<RewardedEventKind, ActivityType> = {
  post_created: 'post_created',
  comment_created: 'comment',
  reply_created: 'comment',
  like_given: 'like',
  vault_created: 'vault_created',
  vault_supported: 'dum_earned',
  follow: 'dum_earned',
  referral_joined: 'dum_earned',
  tip: 'dum_earned',
  poll_voted: 'dum_earned',
  repost_given: 'dum_earned',
  quote_created: 'post_created',
};

const ACTION_TEXT: Record<RewardedEventKind, string> = {
  post_created: 'posted a vibe',
  comment_created: 'commented',
  reply_created: 'replied',
  like_given: 'liked a vibe',
  vault_created: 'created a vault',
  vault_supported: 'supported a vault',
  follow: 'followed someone',
  referral_joined: 'joined through a referral',
  tip: 'sent a tip',
  poll_voted: 'voted in a poll',
  repost_given: 'reposted a vibe',
  quote_created: 'quoted a vibe',
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
      params: {
        kind: 'halving',
        epoch: epoch.toString(),
        dum: rewardForEvent(totalEvents).toString(),
      },
      userId: null,
      reference: `halving:${epoch}`,
      createdAt,
    });
  }
  if (isEventMilestone(totalEvents)) {
    lines.push({
      type: 'milestone',
      message: `${totalEvents.toLocaleString('en-US')} vibes mined on Dum Club`,
      params: { kind: 'events_milestone', count: totalEvents.toString() },
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
      params: { kind: 'supply_milestone', millions: after.toString() },
      userId: null,
      reference: `milestone:minted:${after}`,
      createdAt,
    },
  ];
}
