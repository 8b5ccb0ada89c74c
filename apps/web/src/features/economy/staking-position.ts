import { stakingAccrual } from '@dum/core';
import { formatDecimal } from '../../lib/i18n/index.ts';
import type { DumBalances } from './economy-queries.ts';

/** APR in basis points as a percent for reading: 1000 -> "10%", 1250 -> "12.5%" ("12,5%"). */
export function formatAprBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${formatDecimal(fraction ? `${whole}.${fraction}` : String(whole), 2)}%`;
}

/**
 * What the position shows between answers: rewards accrued so far (the last answer's plus what
 * the stake earned since, at the server's rate) and what the stake earns a year (base units,
 * rounded down).
 */
export function stakingFigures(
  balances: DumBalances,
  aprBps: number,
  elapsedMs: number,
): { accrued: bigint; yearly: bigint } {
  return {
    accrued:
      balances.rewards + stakingAccrual(balances.staked, aprBps, BigInt(Math.max(0, elapsedMs))),
    yearly: (balances.staked * BigInt(aprBps)) / 10_000n,
  };
}
