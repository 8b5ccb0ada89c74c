import {
  HALVING_CRITICAL_BELOW,
  HALVING_EPOCH_EVENTS,
  HALVING_URGENT_BELOW,
  INITIAL_REWARD,
  MAX_SUPPLY,
} from './constants.ts';

/**
 * The emission schedule (docs/api.md "Emissions"): 150 DUM per rewarded event, halving every
 * 70,000 events, never past the 21,000,000 DUM cap. All amounts are bigint base units.
 */

export function epochForEvent(eventIndex: bigint): bigint {
  if (eventIndex < 0n) throw new RangeError('eventIndex must be non-negative');
  return eventIndex / BigInt(HALVING_EPOCH_EVENTS);
}

export function rewardForEpoch(epoch: bigint): bigint {
  if (epoch < 0n) throw new RangeError('epoch must be non-negative');
  // Past 64 halvings the reward is zero; shifting further is still exact for bigint.
  return INITIAL_REWARD >> epoch;
}

export function rewardForEvent(eventIndex: bigint): bigint {
  return rewardForEpoch(epochForEvent(eventIndex));
}

/** What a mint of `amount` may actually add when `minted` already exists: cut at the cap. */
export function capMint(amount: bigint, minted: bigint, maxSupply: bigint = MAX_SUPPLY): bigint {
  if (amount < 0n || minted < 0n) throw new RangeError('amounts must be non-negative');
  const remaining = maxSupply > minted ? maxSupply - minted : 0n;
  return amount < remaining ? amount : remaining;
}

export interface EmissionsStats {
  /** Rewarded events counted so far (the next event gets this index). */
  totalEvents: bigint;
  totalMinted: bigint;
  currentEpoch: bigint;
  currentReward: bigint;
  eventsUntilHalving: bigint;
  maxSupply: bigint;
  /** Minted share of the cap in basis points of a percent: 0..10000 means 0%..100%. */
  percentMintedBps: bigint;
}

export function emissionsStats(totalEvents: bigint, totalMinted: bigint): EmissionsStats {
  const epoch = epochForEvent(totalEvents);
  const epochLength = BigInt(HALVING_EPOCH_EVENTS);
  const remainingSupply = MAX_SUPPLY - totalMinted;
  const reward = rewardForEpoch(epoch);
  return {
    totalEvents,
    totalMinted,
    currentEpoch: epoch,
    currentReward: reward < remainingSupply ? reward : remainingSupply > 0n ? remainingSupply : 0n,
    eventsUntilHalving: (epoch + 1n) * epochLength - totalEvents,
    maxSupply: MAX_SUPPLY,
    percentMintedBps: (totalMinted * 10_000n) / MAX_SUPPLY,
  };
}

/** Progress through the current epoch, 0..1, as the halving banner draws it. */
export function halvingProgress(eventsUntilHalving: number): number {
  const done = (HALVING_EPOCH_EVENTS - eventsUntilHalving) / HALVING_EPOCH_EVENTS;
  return Math.min(1, Math.max(0, done));
}

export type HalvingUrgency = 'calm' | 'urgent' | 'critical';

export function halvingUrgency(eventsUntilHalving: number): HalvingUrgency {
  if (eventsUntilHalving < HALVING_CRITICAL_BELOW) return 'critical';
  if (eventsUntilHalving < HALVING_URGENT_BELOW) return 'urgent';
  return 'calm';
}
