import { capMint, epochForEvent, rewardForEvent } from '@dum/core';
import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emissionLedger, emissionState, users } from '../../db/schema.ts';

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
  | { status: 'rewarded'; eventIndex: bigint; epoch: bigint; amount: bigint }
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
 * concurrent events get N consecutive indices and each the reward of its own index). Both locks
 * are taken in the same order by every caller, so they cannot deadlock. The reward is cut at the
 * 21M cap; (kind, reference, recipient) is unique, so one action never pays twice.
 *
 * Events past the daily cap are recorded with amount 0 and no index: they neither pay nor move
 * the halving counter.
 */
export async function recordRewardedEvent(
  tx: Tx,
  event: RewardedEvent,
  policy: LedgerPolicy,
): Promise<AwardResult> {
  if (event.subjectOwnerId && event.subjectOwnerId === event.actorId) {
    return { status: 'self_engagement' };
  }

  await tx.select({ id: users.id }).from(users).where(eq(users.id, event.actorId)).for('update');

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
    return { status: 'over_daily_cap' };
  }

  const [state] = await tx
    .select({ totalEvents: emissionState.totalEvents, totalMinted: emissionState.totalMinted })
    .from(emissionState)
    .where(eq(emissionState.id, 1))
    .for('update');
  if (!state) throw new Error('emission_state row is missing');

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
  return { status: 'rewarded', eventIndex, epoch, amount };
}
