import {
  AppError,
  stakingAccrual,
  validateStakeAmount,
  type DumAccount,
  type StakeAction,
} from '@dum/core';
import type { Db } from '../../../db/database.ts';
import { lockEmissionState, recordBonusMint } from '../../emissions/index.ts';
import {
  lockAccount,
  moveStake,
  readAccount,
  restartStakingRewards,
  type AccountRow,
} from './repo.ts';

/**
 * Off-chain staking (docs/api.md, "Token economy"): stake moves DUM from balance to staked,
 * unstake moves it back. Staked DUM accrues `stakingAprBps` a year, settled into
 * `stakingRewards` whenever the staked amount changes, and minted through the ledger (within
 * the cap) when claimed.
 */

/** The account as the API answers it: the contract in @dum/core (economy-schemas.ts). */
export type AccountView = DumAccount;

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

/** A wallet's DUM account as the API shows it, rewards accrued up to `now`. */
export async function readAccountView(
  db: Db,
  input: { userId: string; now: Date; aprBps: number },
): Promise<AccountView> {
  return toView(await readAccount(db, input.userId), input.now, input.aprBps);
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
    const updated = await moveStake(tx, userId, {
      delta: action === 'stake' ? checked.amount : -checked.amount,
      stakingRewards: pendingRewards(account, now, aprBps),
      now,
    });
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
    const updated = await restartStakingRewards(tx, userId, now);
    return { claimed: claimed.toString(), account: toView(updated, now, aprBps) };
  });
}
