import {
  capMint,
  epochForEvent,
  formatDumWhole,
  HALVING_EPOCH_EVENTS,
  REFERRAL_REWARD_FRIEND,
  REFERRAL_REWARD_REFERRER,
  rewardForEvent,
} from '@dum/core';
import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { activity, dumAccounts, emissionLedger, emissionState, users } from '../../db/schema.ts';

/** A Drizzle transaction (or the db itself where a caller already holds one). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What earns DUM (design.md section 4). */
export type RewardedEventKind =
  | 'post_created'
  | 'comment_created'
  | 'like_given'
  | 'vault_supported'
  | 'vault_created'
  | 'follow'
  | 'referral_joined';

/** Mints that are not rewarded events: they pay a fixed amount and do not move the halving. */
export type BonusMintKind = 'referral_referrer' | 'referral_friend' | 'staking_reward';

export interface RewardedEvent {
  kind: RewardedEventKind;
  /** Who acted and earns the reward. */
  actorId: string;
  /** Whose content or account the action was on; equal to the actor means self-engagement. */
  subjectOwnerId?: string | null;
  /** What the action was on (a post id, a like's "postId", a transaction signature...). */
  reference: string;
}

export type AwardResult =
  | { status: 'rewarded'; eventIndex: bigint; epoch: bigint; amount: bigint; cappedOut: boolean }
  | { status: 'self_engagement' }
  | { status: 'already_recorded' }
  | { status: 'over_daily_cap' };

export interface LedgerPolicy {
  now: Date;
  /** Rewarded events a wallet may earn on per UTC day (default 100). */
  dailyCap: number;
}

/**
 * Records a rewarded event inside the caller's transaction, after the action that earned it
 * (so the global lock is held only for the last few statements before commit).
 *
 * Exactness under concurrency: the actor's user row is locked first (their daily count cannot
 * race), then the single emission_state row (event indices are handed out one at a time, so N
 * concurrent events get N consecutive indices and each the reward of its own index), then the
 * dum_accounts rows that are credited. Every caller takes the locks in that order, so they cannot
 * deadlock. The reward is cut at the 21M cap; (kind, reference, recipient) is unique, so one
 * action never pays twice.
 *
 * Events past the daily cap are recorded with amount 0 and no index: they neither pay nor move
 * the halving counter. The action still shows in Live Activity.
 *
 * A referred wallet's first rewarded event also pays the referral bonuses (spec section 9:
 * 100 DUM to the referrer and 50 to the friend, doubled while the epoch is 0), once.
 */
export async function recordRewardedEvent(
  tx: Tx,
  event: RewardedEvent,
  policy: LedgerPolicy,
): Promise<AwardResult> {
  if (event.subjectOwnerId && event.subjectOwnerId === event.actorId) {
    return { status: 'self_engagement' };
  }

  const [actor] = await tx
    .select({
      id: users.id,
      referredById: users.referredById,
      name: sql<string>`coalesce(${users.displayName}, ${users.username}, ${users.solAddress})`,
    })
    .from(users)
    .where(eq(users.id, event.actorId))
    .for('update');
  if (!actor) throw new Error(`recordRewardedEvent: no user ${event.actorId}`);

  const [existing] = await tx
    .select({ id: emissionLedger.id })
    .from(emissionLedger)
    .where(
      and(
        eq(emissionLedger.kind, event.kind),
        eq(emissionLedger.reference, event.reference),
        eq(emissionLedger.recipientId, event.actorId),
      ),
    );
  if (existing) return { status: 'already_recorded' };

  const dayStart = new Date(
    Date.UTC(policy.now.getUTCFullYear(), policy.now.getUTCMonth(), policy.now.getUTCDate()),
  );
  const [today] = await tx
    .select({ n: count() })
    .from(emissionLedger)
    .where(
      and(
        eq(emissionLedger.recipientId, event.actorId),
        isNotNull(emissionLedger.eventIndex),
        gte(emissionLedger.createdAt, dayStart),
      ),
    );
  if ((today?.n ?? 0) >= policy.dailyCap) {
    await tx.insert(emissionLedger).values({
      eventIndex: null,
      epoch: null,
      amount: 0n,
      recipientId: event.actorId,
      kind: event.kind,
      reference: event.reference,
      createdAt: policy.now,
    });
    await writeActivity(tx, policy.now, {
      type: ACTIVITY_TYPE[event.kind],
      message: `${displayName(actor.name)} ${ACTION_TEXT[event.kind]}`,
      userId: event.actorId,
      reference: event.reference,
    });
    return { status: 'over_daily_cap' };
  }

  const state = await lockEmissionState(tx);
  const eventIndex = state.totalEvents;
  const epoch = epochForEvent(eventIndex);
  const amount = capMint(rewardForEvent(eventIndex), state.totalMinted);
  await tx.insert(emissionLedger).values({
    eventIndex,
    epoch: Number(epoch),
    amount,
    recipientId: event.actorId,
    kind: event.kind,
    reference: event.reference,
    createdAt: policy.now,
  });
  await tx
    .update(emissionState)
    .set({
      totalEvents: sql`${emissionState.totalEvents} + 1`,
      totalMinted: sql`${emissionState.totalMinted} + ${amount}`,
      updatedAt: policy.now,
    })
    .where(eq(emissionState.id, 1));
  await creditAccount(tx, event.actorId, amount, policy.now);

  const earned = amount > 0n ? ` · +${formatDumWhole(amount)} DUM` : '';
  await writeActivity(tx, policy.now, {
    type: ACTIVITY_TYPE[event.kind],
    message: `${displayName(actor.name)} ${ACTION_TEXT[event.kind]}${earned}`,
    userId: event.actorId,
    reference: event.reference,
  });
  await writeScheduleMilestones(
    tx,
    policy.now,
    eventIndex + 1n,
    state.totalMinted,
    state.totalMinted + amount,
  );

  if (actor.referredById) {
    await payReferralBonuses(tx, actor.referredById, actor, epoch, policy.now);
  }
  return { status: 'rewarded', eventIndex, epoch, amount, cappedOut: amount === 0n };
}

/**
 * Mints a fixed amount that is not a rewarded event (a referral bonus, claimed staking
 * rewards), within the cap, once per (kind, reference, recipient). The caller must not hold a
 * dum_accounts row lock taken before this (lock order: users, emission_state, dum_accounts).
 */
export async function recordBonusMint(
  tx: Tx,
  mint: { kind: BonusMintKind; recipientId: string; reference: string; amount: bigint },
  now: Date,
): Promise<{ status: 'minted'; amount: bigint } | { status: 'already_recorded' }> {
  const state = await lockEmissionState(tx);
  const amount = capMint(mint.amount, state.totalMinted);
  const inserted = await tx
    .insert(emissionLedger)
    .values({
      eventIndex: null,
      epoch: null,
      amount,
      recipientId: mint.recipientId,
      kind: mint.kind,
      reference: mint.reference,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: emissionLedger.id });
  if (inserted.length === 0) return { status: 'already_recorded' };
  if (amount > 0n) {
    await tx
      .update(emissionState)
      .set({ totalMinted: sql`${emissionState.totalMinted} + ${amount}`, updatedAt: now })
      .where(eq(emissionState.id, 1));
    await creditAccount(tx, mint.recipientId, amount, now);
    await writeScheduleMilestones(tx, now, null, state.totalMinted, state.totalMinted + amount);
  }
  return { status: 'minted', amount };
}

async function lockEmissionState(tx: Tx): Promise<{ totalEvents: bigint; totalMinted: bigint }> {
  const [state] = await tx
    .select({ totalEvents: emissionState.totalEvents, totalMinted: emissionState.totalMinted })
    .from(emissionState)
    .where(eq(emissionState.id, 1))
    .for('update');
  if (!state) throw new Error('emission_state row is missing');
  return state;
}

/** Adds a mint to the recipient's account (created on first mint). */
async function creditAccount(tx: Tx, userId: string, amount: bigint, now: Date): Promise<void> {
  if (amount === 0n) return;
  await tx
    .insert(dumAccounts)
    .values({ userId, balance: amount, totalEarned: amount, updatedAt: now })
    .onConflictDoUpdate({
      target: dumAccounts.userId,
      set: {
        balance: sql`${dumAccounts.balance} + ${amount}`,
        totalEarned: sql`${dumAccounts.totalEarned} + ${amount}`,
        updatedAt: now,
      },
    });
}

async function payReferralBonuses(
  tx: Tx,
  referrerId: string,
  friend: { id: string; name: string },
  epoch: bigint,
  now: Date,
): Promise<void> {
  const multiplier = epoch === 0n ? 2n : 1n;
  const friendMint = await recordBonusMint(
    tx,
    {
      kind: 'referral_friend',
      recipientId: friend.id,
      reference: friend.id,
      amount: REFERRAL_REWARD_FRIEND * multiplier,
    },
    now,
  );
  if (friendMint.status === 'already_recorded') return;
  const referrerMint = await recordBonusMint(
    tx,
    {
      kind: 'referral_referrer',
      recipientId: referrerId,
      reference: friend.id,
      amount: REFERRAL_REWARD_REFERRER * multiplier,
    },
    now,
  );
  if (referrerMint.status === 'minted' && referrerMint.amount > 0n) {
    await writeActivity(tx, now, {
      type: 'dum_earned',
      message: `${displayName(friend.name)} joined through a referral · +${formatDumWhole(referrerMint.amount)} DUM to their friend`,
      userId: referrerId,
      reference: `referral:${friend.id}`,
    });
  }
}

/** Live Activity type per rewarded event (spec section 2's icon set). */
const ACTIVITY_TYPE: Record<RewardedEventKind, string> = {
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
function displayName(name: string): string {
  return name.length > 32 ? `${name.slice(0, 4)}...${name.slice(-4)}` : name;
}

export async function writeActivity(
  tx: Tx,
  now: Date,
  item: { type: string; message: string; userId?: string | null; reference?: string | null },
): Promise<void> {
  await tx.insert(activity).values({
    type: item.type,
    message: item.message,
    userId: item.userId ?? null,
    reference: item.reference ?? null,
    createdAt: now,
  });
}

/** Event counts that are announced in Live Activity as milestones. */
export function isEventMilestone(totalEvents: bigint): boolean {
  if (totalEvents === 100n || totalEvents === 1_000n || totalEvents === 10_000n) return true;
  return totalEvents > 0n && totalEvents % 100_000n === 0n;
}

const MILLION_DUM = 1_000_000_000_000_000n;

/**
 * Halvings (the event that ends an epoch) and milestones (event counts above, and every
 * million DUM minted) appear in Live Activity when they happen.
 */
async function writeScheduleMilestones(
  tx: Tx,
  now: Date,
  totalEvents: bigint | null,
  mintedBefore: bigint,
  mintedAfter: bigint,
): Promise<void> {
  if (totalEvents !== null) {
    if (totalEvents % BigInt(HALVING_EPOCH_EVENTS) === 0n) {
      const epoch = totalEvents / BigInt(HALVING_EPOCH_EVENTS);
      await writeActivity(tx, now, {
        type: 'halving',
        message: `Halving! Epoch ${epoch} begins: ${formatDumWhole(rewardForEvent(totalEvents))} DUM per vibe`,
        reference: `halving:${epoch}`,
      });
    }
    if (isEventMilestone(totalEvents)) {
      await writeActivity(tx, now, {
        type: 'milestone',
        message: `${totalEvents.toLocaleString('en-US')} vibes mined on Dum Club`,
        reference: `milestone:events:${totalEvents}`,
      });
    }
  }
  const before = mintedBefore / MILLION_DUM;
  const after = mintedAfter / MILLION_DUM;
  if (after > before && after > 0n) {
    await writeActivity(tx, now, {
      type: 'milestone',
      message: `${after.toString()}M DUM mined`,
      reference: `milestone:minted:${after}`,
    });
  }
}
