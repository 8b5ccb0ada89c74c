import {
  AppError,
  stakingAccrual,
  validateStakeAmount,
  type DumAccount,
  type StakeAction,
} from '@dum/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dumAccounts } from '../../db/schema.ts';
import { lockEmissionState, recordBonusMint, type Tx } from '../emissions/ledger.ts';

/**
 * Off-chain staking (design.md section 4): stake moves DUM from balance to staked, unstake moves
 * it back. Staked DUM accrues `stakingAprBps` a year, settled into `stakingRewards` whenever the
 * staked amount changes, and minted through the ledger (within the cap) when claimed.
 */

/** The account as the API answers it: the contract in @dum/core (economy-schemas.ts). */
export type AccountView = DumAccount;

interface AccountRow {
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

/** Rewards accrued since the last settlement, plus those already settled. */
export function pendingRewards(account: AccountRow, now: Date, aprBps: number): bigint {
  const since = account.stakeSettledAt?.getTime() ?? now.getTime();
  return (
    account.stakingRewards + stakingAccrual(account.staked, aprBps, BigInt(now.getTime() - since))
  );
}

export function toView(account: AccountRow, now: Date, aprBps: number): AccountView {
  return {
    balance: account.balance.toString(),
    staked: account.staked.toString(),
    stakingRewards: pendingRewards(account, now, aprBps).toString(),
    totalEarned: account.totalEarned.toString(),
  };
}

export async function readAccount(db: Db | Tx, userId: string): Promise<AccountRow> {
  const [row] = await db.select().from(dumAccounts).where(eq(dumAccounts.userId, userId));
  return row ?? EMPTY;
}

async function lockAccount(tx: Tx, userId: string, now: Date): Promise<AccountRow> {
  await tx.insert(dumAccounts).values({ userId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(dumAccounts)
    .where(eq(dumAccounts.userId, userId))
    .for('update');
  if (!row) throw new Error('dum_accounts row vanished');
  return row;
}

/** Validates with the same rules as the dialog, then moves the amount, all under a row lock. */
export async function changeStake(
  db: Db,
  input: { userId: string; action: StakeAction; amount: string; now: Date; aprBps: number },
): Promise<AccountView> {
  const { userId, action, now, aprBps } = input;
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId, now);
    const available = action === 'stake' ? account.balance : account.staked;
    const checked = validateStakeAmount(input.amount, available, action);
    if (!checked.ok) {
      const code = checked.message.startsWith('Insufficient Balance')
        ? 'insufficient_balance'
        : 'invalid_amount';
      throw new AppError(code, { message: checked.message });
    }
    const delta = action === 'stake' ? checked.amount : -checked.amount;
    const [updated] = await tx
      .update(dumAccounts)
      .set({
        balance: sql`${dumAccounts.balance} - ${delta}`,
        staked: sql`${dumAccounts.staked} + ${delta}`,
        stakingRewards: pendingRewards(account, now, aprBps),
        stakeSettledAt: now,
        updatedAt: now,
      })
      .where(eq(dumAccounts.userId, userId))
      .returning();
    if (!updated) throw new Error('dum_accounts row vanished');
    return toView(updated, now, aprBps);
  });
}

/**
 * Mints the accrued staking rewards to the balance. Locks in the ledger's order (emission_state,
 * then the account) so it cannot deadlock with the emission sequencer.
 */
export async function claimStakingRewards(
  db: Db,
  input: { userId: string; now: Date; aprBps: number },
): Promise<{ claimed: string; account: AccountView }> {
  const { userId, now, aprBps } = input;
  return db.transaction(async (tx) => {
    await lockEmissionState(tx);
    const account = await lockAccount(tx, userId, now);
    const pending = pendingRewards(account, now, aprBps);
    let claimed = 0n;
    if (pending > 0n) {
      const minted = await recordBonusMint(
        tx,
        {
          kind: 'staking_reward',
          recipientId: userId,
          reference: `claim:${now.getTime()}`,
          amount: pending,
        },
        now,
      );
      if (minted.status === 'minted') claimed = minted.amount;
    }
    const [updated] = await tx
      .update(dumAccounts)
      .set({ stakingRewards: 0n, stakeSettledAt: now, updatedAt: now })
      .where(eq(dumAccounts.userId, userId))
      .returning();
    if (!updated) throw new Error('dum_accounts row vanished');
    return { claimed: claimed.toString(), account: toView(updated, now, aprBps) };
  });
}
