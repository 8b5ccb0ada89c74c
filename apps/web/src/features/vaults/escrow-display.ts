import { formatBaseUnits } from '@dum/core';
import { plural, t } from '@lingui/core/macro';
import {
  earlyWithdrawPenalty,
  hasReachedTarget,
  isVaultLocked,
  rewardEarnedSoFar,
} from '@dum/chain/vault-program';
import { formatDecimal, formatSol } from '../../lib/i18n/index.ts';
import type { EscrowDepositView, EscrowView } from './escrow-types.ts';

/**
 * What the escrow screens show and offer, as pure functions over the wire shapes and the
 * program's own rules (@dum/chain/vault-program). Loaded with the escrow screens only.
 */

function big(text: string | null | undefined): bigint {
  return text && /^\d+$/.test(text) ? BigInt(text) : 0n;
}

/** Unix seconds of a millisecond clock. */
export function unixSeconds(nowMs: number): bigint {
  return BigInt(Math.floor(nowMs / 1000));
}

/** The vault's end (unix seconds), or null while it is not on chain. */
export function escrowEndTs(escrow: Pick<EscrowView, 'endTs'>): bigint | null {
  return escrow.endTs && /^\d+$/.test(escrow.endTs) ? BigInt(escrow.endTs) : null;
}

export function escrowLocked(escrow: Pick<EscrowView, 'endTs'>, now: bigint): boolean {
  const endTs = escrowEndTs(escrow);
  return endTs === null || isVaultLocked({ endTs }, now);
}

export function escrowTargetReached(escrow: Pick<EscrowView, 'totalDeposited'>, target: string) {
  return hasReachedTarget({
    totalDeposited: big(escrow.totalDeposited),
    targetAmount: big(target),
  });
}

/** "2d 4h 05m 09s", "4h 05m 09s", "5m 09s", "9s": a countdown that reads at a glance. */
export function formatCountdown(seconds: bigint): string {
  const s = seconds > 0n ? seconds : 0n;
  const days = String(s / 86_400n);
  const hours = String((s % 86_400n) / 3_600n);
  const minutes = String((s % 3_600n) / 60n);
  const pad = (value: bigint) => value.toString().padStart(2, '0');
  const mm = pad((s % 3_600n) / 60n);
  const ss = pad(s % 60n);
  const secs = String(s % 60n);
  if (s >= 86_400n) return t`${days}d ${hours}h ${mm}m ${ss}s`;
  if (s >= 3_600n) return t`${hours}h ${mm}m ${ss}s`;
  if (s >= 60n) return t`${minutes}m ${ss}s`;
  return t`${secs}s`;
}

/** A length of time in whole units: "7 days", "1 day", "3h 20m", "45m", "< 1m". */
export function formatSpan(seconds: bigint): string {
  const s = seconds > 0n ? seconds : 0n;
  const days = s / 86_400n;
  const dayCount = Number(days);
  if (days > 0n && s % 86_400n === 0n) return plural(dayCount, { one: '# day', other: '# days' });
  const dayHours = String((s % 86_400n) / 3_600n);
  if (days > 0n) return t`${dayCount}d ${dayHours}h`;
  const hours = String(s / 3_600n);
  const minutes = String((s % 3_600n) / 60n);
  if (s >= 3_600n) return t`${hours}h ${minutes}m`;
  if (s >= 60n) return t`${minutes}m`;
  return t`< 1m`;
}

/** DUM base units (9 decimals) with 4 decimals, so a reward visibly grows second by second. */
export function dumText(baseUnits: bigint): string {
  return formatDecimal(formatBaseUnits(baseUnits, 4), 4, 4);
}

/** Basis points as a percentage: 500 → "5%", 125 → "1.25%". */
export function bpsPercent(bps: number): string {
  const whole = Math.floor(bps / 100);
  const rest = bps % 100;
  const decimal = rest === 0 ? `${whole}` : `${whole}.${String(rest).padStart(2, '0')}`;
  return `${formatDecimal(decimal, 2)}%`;
}

export interface EarlyWithdrawQuote {
  amount: bigint;
  penalty: bigint;
  receive: bigint;
  penaltyBps: number;
}

/** What an early withdrawal pays back: the program's floor(amount × bps / 10,000) penalty. */
export function earlyWithdrawQuote(amount: bigint, penaltyBps: number): EarlyWithdrawQuote {
  const penalty = earlyWithdrawPenalty(amount, penaltyBps);
  return { amount, penalty, receive: amount - penalty, penaltyBps };
}

export function earlyWithdrawSummary(quote: EarlyWithdrawQuote): string {
  const receive = formatSol(quote.receive);
  const penalty = formatSol(quote.penalty);
  const bps = quote.penaltyBps;
  const percent = bpsPercent(quote.penaltyBps);
  return t`You get ${receive} SOL back. The penalty is ${penalty} SOL (${bps} bps, ${percent}), paid to the treasury, and the rewards earned so far are forfeited.`;
}

/** The deposit fields the reward rules read, as bigints. */
export function depositState(deposit: EscrowDepositView) {
  return {
    amount: big(deposit.amount),
    accruedReward: big(deposit.accruedReward),
    lastUpdateTs: big(deposit.lastUpdateTs),
  };
}

/** DUM earned so far by a deposit (lamport-seconds locked up to now, capped at the end). */
export function rewardSoFar(escrow: EscrowView, deposit: EscrowDepositView, now: bigint): bigint {
  if (deposit.rewarded) return big(deposit.rewardMinted);
  const endTs = escrowEndTs(escrow);
  if (endTs === null) return 0n;
  return rewardEarnedSoFar(
    {
      rewardsPerSol: big(escrow.rewardsPerSol),
      stakingRatePerSecond: big(escrow.stakingRatePerSecond),
      durationSeconds: big(escrow.durationSeconds),
      endTs,
    },
    depositState(deposit),
    now,
  );
}

/** How long a deposit has been locked (from its first deposit to now, or to the end). */
export function timeLocked(escrow: EscrowView, deposit: EscrowDepositView, now: bigint): bigint {
  const from = big(deposit.firstDepositTs);
  const endTs = escrowEndTs(escrow);
  const until = endTs !== null && now > endTs ? endTs : now;
  return until > from ? until - from : 0n;
}

export type EscrowAction = 'confirm' | 'join' | 'earlyWithdraw' | 'withdraw' | 'claim';

export interface EscrowActionInput {
  escrow: EscrowView;
  targetAmount: string;
  /** The signed-in viewer's wallet, or null. */
  viewerWallet: string | null;
  creatorWallet: string | null;
  /** The viewer's deposit in this vault, or null. */
  deposit: EscrowDepositView | null;
  now: bigint;
}

/**
 * Which actions the viewer has now (docs/vault-program.md): the creator confirms a pending
 * vault and claims one that reached its target after the end; others join while it runs and
 * may leave early with the penalty; after the end a participant withdraws with rewards (the
 * SOL comes back too when the target was missed).
 */
export function escrowActions(input: EscrowActionInput): EscrowAction[] {
  const { escrow, viewerWallet, creatorWallet, deposit, now } = input;
  const isCreator = viewerWallet !== null && viewerWallet === creatorWallet;
  if (escrow.state === 'pending') return isCreator ? ['confirm'] : [];
  const actions: EscrowAction[] = [];
  const locked = escrowLocked(escrow, now);
  const active = escrow.chainStatus !== 'paid_out';
  const holds = deposit !== null && big(deposit.amount) > 0n;
  if (locked && active) {
    if (viewerWallet && !isCreator) actions.push('join');
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an action's name, not text
    if (holds) actions.push('earlyWithdraw');
  }
  if (!locked && holds && !deposit.rewarded) actions.push('withdraw');
  if (
    isCreator &&
    !locked &&
    active &&
    escrowTargetReached(escrow, input.targetAmount) &&
    big(escrow.claimedAmount) < big(escrow.totalDeposited)
  ) {
    actions.push('claim');
  }
  return actions;
}

/** Deposits the creator's claim still has to move: holding lamports, not yet claimed. */
export function claimableDeposits(
  deposits: readonly { address: string; amount: bigint; claimed: boolean }[],
) {
  return deposits.filter((d) => d.amount > 0n && !d.claimed).map((d) => d.address);
}

/** Splits a list into batches of `size` (a claim carries at most 20 deposits). */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
