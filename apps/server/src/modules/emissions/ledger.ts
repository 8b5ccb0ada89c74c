import {
  capMint,
  formatDumWhole,
  DUM_BASE_UNITS,
  HALVING_EPOCH_EVENTS,
  INITIAL_REWARD,
  MAX_SUPPLY,
  REFERRAL_REWARD_FRIEND,
  REFERRAL_REWARD_REFERRER,
  rewardForEvent,
} from '@dum/core';
import { eq, sql } from 'drizzle-orm';
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
  const { now } = policy;
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

  // Round trip 1 locks the actor, so that round trip 2 (a fresh snapshot, taken after the lock)
  // sees every earlier event of theirs: whether this action already paid, how many events they
  // earned on today, and whether their referral bonus is still due. (One statement cannot do
  // both: its subqueries would read the snapshot from before it waited for the lock.)
  await tx.execute(sql`select 1 from ${users} where id = ${event.actorId} for update`);
  const checks = await tx.execute<{
    referred_by_id: string | null;
    name: string;
    already: boolean;
    today: string;
    referral_paid: boolean;
  }>(sql`
    select u.referred_by_id,
      coalesce(u.display_name, u.username, u.sol_address) as name,
      exists (
        select 1 from ${emissionLedger} l
        where l.kind = ${event.kind} and l.reference = ${event.reference}
          and l.recipient_id = u.id
      ) as already,
      (
        select count(*) from ${emissionLedger} l
        where l.recipient_id = u.id and l.event_index is not null and l.created_at >= ${dayStart}
      ) as today,
      u.referred_by_id is null or exists (
        select 1 from ${emissionLedger} l
        where l.kind = 'referral_friend' and l.reference = u.id::text and l.recipient_id = u.id
      ) as referral_paid
    from ${users} u
    where u.id = ${event.actorId}
  `);
  const actor = checks.rows[0];
  if (!actor) throw new Error(`recordRewardedEvent: no user ${event.actorId}`);
  if (actor.already) return { status: 'already_recorded' };

  const name = displayName(actor.name);
  if (Number(actor.today) >= policy.dailyCap) {
    await tx.insert(emissionLedger).values({
      eventIndex: null,
      epoch: null,
      amount: 0n,
      recipientId: event.actorId,
      kind: event.kind,
      reference: event.reference,
      createdAt: now,
    });
    await writeActivity(tx, now, {
      type: ACTIVITY_TYPE[event.kind],
      message: `${name} ${ACTION_TEXT[event.kind]}`,
      userId: event.actorId,
      reference: event.reference,
    });
    return { status: 'over_daily_cap' };
  }

  // Round trip 3, the only part under the global emission lock: take the next index, compute
  // its reward with the schedule of packages/core (reward = INITIAL_REWARD >> epoch, cut at the
  // cap; the property test checks this SQL against rewardForEvent and capMint), append the
  // ledger row, move the counters, credit the account and write the Live Activity line.
  const minted = await tx.execute<{
    idx: string;
    epoch: string;
    amount: string;
    minted_before: string;
  }>(sql`
    with old as (
      select total_events, total_minted from ${emissionState} where id = 1 for update
    ),
    calc as (
      select total_events as idx,
        total_events / ${HALVING_EPOCH_EVENTS} as epoch,
        least(
          case when total_events / ${HALVING_EPOCH_EVENTS} >= 63 then 0::bigint
            else ${INITIAL_REWARD}::bigint >> (total_events / ${HALVING_EPOCH_EVENTS})::int end,
          greatest(${MAX_SUPPLY}::bigint - total_minted, 0::bigint)
        ) as amount,
        total_minted as minted_before
      from old
    ),
    counters as (
      update ${emissionState} e
      set total_events = e.total_events + 1,
        total_minted = e.total_minted + calc.amount,
        updated_at = ${now}
      from calc where e.id = 1
      returning e.id
    ),
    ledger as (
      insert into ${emissionLedger} (event_index, epoch, amount, recipient_id, kind, reference, created_at)
      select idx, epoch, amount, ${event.actorId}, ${event.kind}, ${event.reference}, ${now} from calc
      returning id
    ),
    account as (
      insert into ${dumAccounts} (user_id, balance, total_earned, updated_at)
      select ${event.actorId}, amount, amount, ${now} from calc where amount > 0
      on conflict (user_id) do update set
        balance = ${dumAccounts}.balance + excluded.balance,
        total_earned = ${dumAccounts}.total_earned + excluded.total_earned,
        updated_at = excluded.updated_at
      returning user_id
    ),
    feed as (
      insert into ${activity} (type, message, user_id, reference, created_at)
      select ${ACTIVITY_TYPE[event.kind]},
        ${`${name} ${ACTION_TEXT[event.kind]}`} ||
          case when amount > 0 then ' · +' || (amount / ${DUM_BASE_UNITS})::text || ' DUM' else '' end,
        ${event.actorId}, ${event.reference}, ${now}
      from calc
      returning id
    )
    select idx::text, epoch::text, amount::text, minted_before::text
    from calc, counters, ledger, feed
  `);
  const row = minted.rows[0];
  if (!row) throw new Error('emission_state row is missing');
  const eventIndex = BigInt(row.idx);
  const epoch = BigInt(row.epoch);
  const amount = BigInt(row.amount);
  const mintedBefore = BigInt(row.minted_before);

  await writeScheduleMilestones(tx, now, eventIndex + 1n, mintedBefore, mintedBefore + amount);
  if (actor.referred_by_id && !actor.referral_paid) {
    await payReferralBonuses(tx, actor.referred_by_id, { id: event.actorId, name }, epoch, now);
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
