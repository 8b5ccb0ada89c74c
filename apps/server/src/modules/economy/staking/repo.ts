import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { dumAccounts } from '../../../db/schema.ts';
import type { Tx } from '../../emissions/index.ts';

/** A wallet's DUM account as stored (a wallet with no row has the empty account). */
export interface AccountRow {
  balance: bigint;
  staked: bigint;
  stakingRewards: bigint;
  stakeSettledAt: Date | null;
  totalEarned: bigint;
}

const EMPTY: AccountRow = {
  balance: 0n,
  staked: 0n,
  stakingRewards: 0n,
  stakeSettledAt: null,
  totalEarned: 0n,
};

export async function readAccount(db: Db | Tx, userId: string): Promise<AccountRow> {
  const [row] = await db.select().from(dumAccounts).where(eq(dumAccounts.userId, userId));
  return row ?? EMPTY;
}

/** The account's row, created if missing, locked until the transaction ends. */
export async function lockAccount(tx: Tx, userId: string, now: Date): Promise<AccountRow> {
  await tx.insert(dumAccounts).values({ userId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(dumAccounts)
    .where(eq(dumAccounts.userId, userId))
    .for('update');
  if (!row) throw new Error('dum_accounts row vanished');
  return row;
}

/**
 * Moves `delta` from balance to staked (negative: back), with the rewards settled up to `now`.
 * The arithmetic is in SQL, on the locked row.
 */
export async function moveStake(
  tx: Tx,
  userId: string,
  change: { delta: bigint; stakingRewards: bigint; now: Date },
): Promise<AccountRow> {
  const { delta, stakingRewards, now } = change;
  const [updated] = await tx
    .update(dumAccounts)
    .set({
      balance: sql`${dumAccounts.balance} - ${delta}`,
      staked: sql`${dumAccounts.staked} + ${delta}`,
      stakingRewards,
      stakeSettledAt: now,
      updatedAt: now,
    })
    .where(eq(dumAccounts.userId, userId))
    .returning();
  if (!updated) throw new Error('dum_accounts row vanished');
  return updated;
}

/** Zeroes the accrued rewards (just minted) and restarts their accrual at `now`. */
export async function restartStakingRewards(
  tx: Tx,
  userId: string,
  now: Date,
): Promise<AccountRow> {
  const [updated] = await tx
    .update(dumAccounts)
    .set({ stakingRewards: 0n, stakeSettledAt: now, updatedAt: now })
    .where(eq(dumAccounts.userId, userId))
    .returning();
  if (!updated) throw new Error('dum_accounts row vanished');
  return updated;
}
