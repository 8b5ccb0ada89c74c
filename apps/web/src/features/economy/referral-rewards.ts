import { REFERRAL_REWARD_FRIEND, REFERRAL_REWARD_REFERRER, parseBaseUnits } from '@dum/core';
import { formatDum } from '../../lib/i18n/index.ts';

/** 100 DUM to the referrer and 50 to the friend, doubled while epoch is 0. */
export function referralRewards(currentEpoch: number | undefined): {
  genesis: boolean;
  referrer: string;
  friend: string;
} {
  const genesis = currentEpoch === 0;
  const multiplier = genesis ? 2n : 1n;
  return {
    genesis,
    referrer: formatDum(REFERRAL_REWARD_REFERRER * multiplier, 0),
    friend: formatDum(REFERRAL_REWARD_FRIEND * multiplier, 0),
  };
}

/** Referral earnings arrive in base units; shown in whole DUM (divided by 1e9). */
export function referralEarnings(totalEarnings: string | undefined): string {
  return formatDum(parseBaseUnits(totalEarnings ?? '0') ?? 0n, 0);
}
