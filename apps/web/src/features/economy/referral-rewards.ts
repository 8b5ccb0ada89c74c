import {
  REFERRAL_REWARD_FRIEND,
  REFERRAL_REWARD_REFERRER,
  formatDumWhole,
  groupThousands,
  parseBaseUnits,
} from '@dum/core';

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
    referrer: formatDumWhole(REFERRAL_REWARD_REFERRER * multiplier),
    friend: formatDumWhole(REFERRAL_REWARD_FRIEND * multiplier),
  };
}

/** Referral earnings arrive in base units; shown in whole DUM (divided by 1e9). */
export function referralEarnings(totalEarnings: string | undefined): string {
  return groupThousands(formatDumWhole(parseBaseUnits(totalEarnings ?? '0') ?? 0n));
}
