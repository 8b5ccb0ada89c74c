import { capMint, formatSol, type ActivityParams } from '@dum/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Queryable } from '../../db/prepared.ts';
import { emissionLedger, emissionState } from '../../db/schema.ts';
import {
  supplyMilestones,
  type BonusMintKind,
  type EmissionTotals,
  type RewardedEventKind,
} from './emission-rules.ts';

/**
 * What writes run on: a Drizzle transaction, or Drizzle over the one pg connection of an
 * `inTransaction` (db/prepared.ts), whose raw client the hot statements use directly.
 */
export type Tx = Pick<Db, 'execute' | 'insert' | 'update' | 'delete' | 'select'>;

export interface RewardedEvent {
  kind: RewardedEventKind;
  /** Who acted and earns the reward. */
  actorId: string;
  /** Whose content or account the action was on; equal to the actor means self-engagement. */
  subjectOwnerId?: string | null;
  /** What the action was on (a post id, a like's "postId", a transaction signature...). */
  reference: string;
}

export type QueueResult = { status: 'queued' } | { status: 'self_engagement' };

/**
 * Records a rewarded event inside the caller's transaction: the action and its event commit
 * together or not at all. The event waits in emission_queue for the sequencer (sequencer.ts),
 * which gives queued events their indices and rewards in batches, under the one emission lock,
 * moments after the commit; callers await `EmissionSequencer.settle()` after committing, so a
 * reply already reflects the reward. Decision 010 explains why indices are not handed out here.
 *
 * One plain insert, no lock: the rules (an action already paid, the established rule, the
 * daily and per-pair caps, referral bonuses) are the sequencer's; the subject goes with the
 * event (a like or comment vouches for it and counts in the pair's cap). Self-engagement is not even queued. `db` is the action's
 * transaction (a pg client inside `inTransaction`); given the pool, the insert is a transaction
 * of its own. A named statement: planned once per connection. Other slices' SQL functions
 * queue through its twin, queue_rewarded_event (sql/).
 */
export async function recordRewardedEvent(
  db: Queryable,
  event: RewardedEvent,
  now: Date,
): Promise<QueueResult> {
  if (event.subjectOwnerId && event.subjectOwnerId === event.actorId) {
    return { status: 'self_engagement' };
  }
  await db.query({
    name: 'emissions_queue_event',
    text: `insert into emission_queue (kind, actor_id, subject_id, reference, created_at)
      values ($1, $2, $3, $4, $5)`,
    values: [event.kind, event.actorId, event.subjectOwnerId ?? null, event.reference, now],
  });
  return { status: 'queued' };
}

/**
 * Mints a fixed amount that is not a rewarded event (claimed staking rewards), within the cap,
 * once per (kind, reference, recipient). Takes the emission lock, as the sequencer does, so
 * mints never race the cap. The caller must not hold a dum_accounts row lock taken before
 * this (lock order: emission_state, then dum_accounts).
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
    // The recipient's DUM that UTC day by kind, in step with the ledger (analytics' function),
    // and the balance (economy's): the same functions as the sequencer's batch.
    const at = now.toISOString();
    await tx.execute(
      sql`select analytics_add_dum_days(array[${mint.recipientId}]::uuid[],
          array[${mint.kind}]::text[], array[${amount}]::bigint[], array[${at}]::timestamptz[]),
        credit_dum_accounts(array[${mint.recipientId}]::uuid[], array[${amount}]::bigint[],
          ${at}::timestamptz)`,
    );
    for (const line of supplyMilestones(state.totalMinted, state.totalMinted + amount, now)) {
      await writeActivity(tx, now, line);
    }
  }
  return { status: 'minted', amount };
}

/** Locks the single emission_state row: the emission lock every mint takes. */
export async function lockEmissionState(tx: Tx): Promise<EmissionTotals> {
  const [state] = await tx
    .select({ totalEvents: emissionState.totalEvents, totalMinted: emissionState.totalMinted })
    .from(emissionState)
    .where(eq(emissionState.id, 1))
    .for('update');
  if (!state) throw new Error('emission_state row is missing');
  return state;
}

/** The Live Activity line of a vault that unlocked holding `lamports` (its creator's public name). */
export function vaultUnlockedLine(name: string, lamports: bigint) {
  return {
    message: `${name}'s vault unlocked with ${formatSol(lamports)} SOL`,
    params: { kind: 'vault_unlocked', name, lamports: lamports.toString() } as const,
  };
}

export async function writeActivity(
  tx: Tx,
  now: Date,
  item: {
    type: string;
    message: string;
    params: ActivityParams;
    userId?: string | null;
    reference?: string | null;
  },
): Promise<void> {
  // economy's record_live_activity: the stream is that slice's table.
  await tx.execute(
    sql`select record_live_activity(${item.type}, ${item.message}, ${item.userId ?? null},
      ${item.reference ?? null}, ${now.toISOString()}::timestamptz, ${JSON.stringify(item.params)}::jsonb)`,
  );
}
