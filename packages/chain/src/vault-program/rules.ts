import { BPS_DENOMINATOR, LAMPORTS_PER_SOL, U64_MAX } from './constants.ts';
import type { OnChainDeposit, OnChainVault } from './accounts.ts';

/**
 * The program's arithmetic, exactly: u64 values that saturate where the program saturates and
 * floors where it divides. docs/vault-program.md gives the formulas in words.
 */

export function satAdd(a: bigint, b: bigint): bigint {
  const sum = a + b;
  return sum > U64_MAX ? U64_MAX : sum;
}

export function satMul(a: bigint, b: bigint): bigint {
  const product = a * b;
  return product > U64_MAX ? U64_MAX : product;
}

/** floor(a * b / d) as the program computes it (saturating at 2^64 - 1). */
export function mulDiv(a: bigint, b: bigint, d: bigint): bigint {
  const qa = a / d;
  const ra = a % d;
  const qb = b / d;
  const rb = b % d;
  return satAdd(satAdd(satMul(qa, b), satMul(ra, qb)), (ra * rb) / d);
}

export function secondsBetween(from: bigint, to: bigint): bigint {
  return to > from ? to - from : 0n;
}

/** DUM base units earned by `amount` lamports locked `seconds` at `rate` per SOL per second. */
export function stakingReward(amount: bigint, rate: bigint, seconds: bigint): bigint {
  return mulDiv(amount, satMul(rate, seconds), LAMPORTS_PER_SOL);
}

/** floor(a * b / d) for any d > 0 (the program's mul_div_wide), saturating at 2^64 - 1. */
export function mulDivWide(a: bigint, b: bigint, d: bigint): bigint {
  if (d === 0n) return U64_MAX;
  const quotient = (a * b) / d;
  return quotient > U64_MAX ? U64_MAX : quotient;
}

/**
 * The rewards per SOL part for `amount` lamports locked `seconds` of a term of
 * `durationSeconds`: the figure is spread evenly over the term, so only lamports locked from
 * the start to the end earn all of it (floor per SOL first, then per lamport, as the program).
 */
export function baseReward(
  amount: bigint,
  rewardsPerSol: bigint,
  seconds: bigint,
  durationSeconds: bigint,
): bigint {
  return mulDiv(amount, mulDivWide(rewardsPerSol, seconds, durationSeconds), LAMPORTS_PER_SOL);
}

/** The reward terms a vault copies from the config, with its term. */
export type RewardTerms = Pick<
  OnChainVault,
  'rewardsPerSol' | 'stakingRatePerSecond' | 'durationSeconds'
>;

/**
 * Everything `amount` lamports earn by staying locked `seconds` (the program's locked_reward):
 * the rewards per SOL spread over the term plus the staking rate per SOL-second. Proportional
 * to lamport-seconds: capital moved between vaults earns no more than the same capital left in
 * one (docs/vault-program.md, "Rewards").
 */
export function lockedReward(terms: RewardTerms, amount: bigint, seconds: bigint): bigint {
  return satAdd(
    baseReward(amount, terms.rewardsPerSol, seconds, terms.durationSeconds),
    stakingReward(amount, terms.stakingRatePerSecond, seconds),
  );
}

export function earlyWithdrawPenalty(amount: bigint, penaltyBps: number | bigint): bigint {
  return mulDiv(amount, BigInt(penaltyBps), BPS_DENOMINATOR);
}

/** The reward a deposit earns in full (at the vault's end), before the max-supply cut. */
export function depositReward(
  vault: RewardTerms & Pick<OnChainVault, 'endTs'>,
  deposit: Pick<OnChainDeposit, 'amount' | 'accruedReward' | 'lastUpdateTs'>,
): bigint {
  return satAdd(
    deposit.accruedReward,
    lockedReward(vault, deposit.amount, secondsBetween(deposit.lastUpdateTs, vault.endTs)),
  );
}

/** Rewards earned so far at `now` (seconds), for display while the vault is locked. */
export function rewardEarnedSoFar(
  vault: RewardTerms & Pick<OnChainVault, 'endTs'>,
  deposit: Pick<OnChainDeposit, 'amount' | 'accruedReward' | 'lastUpdateTs'>,
  now: bigint,
): bigint {
  const until = now < vault.endTs ? now : vault.endTs;
  return satAdd(
    deposit.accruedReward,
    lockedReward(vault, deposit.amount, secondsBetween(deposit.lastUpdateTs, until)),
  );
}

/** Locked while now is before the end; unlocked from the end second on. */
export function isVaultLocked(vault: Pick<OnChainVault, 'endTs'>, now: bigint): boolean {
  return now < vault.endTs;
}

/** The target is judged at the end: nothing joins or leaves after it. */
export function hasReachedTarget(
  vault: Pick<OnChainVault, 'totalDeposited' | 'targetAmount'>,
): boolean {
  return vault.totalDeposited >= vault.targetAmount;
}
