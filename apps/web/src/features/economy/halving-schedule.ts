import { HALVING_EPOCH_EVENTS, MAX_SUPPLY, rewardForEpoch } from '@dum/core';

/** One epoch of the emission schedule, for the chart on /rewards. */
export interface ScheduleStep {
  epoch: number;
  startEvent: number;
  endEvent: number;
  /** Reward per event in this epoch, base units. */
  reward: bigint;
  /** DUM minted by events once this epoch is over (cap applied), base units. */
  supplyAtEnd: bigint;
}

/** Enough epochs to show the curve flattening, and always a couple past the current one. */
export function chartEpochCount(currentEpoch: number): number {
  return Math.max(8, currentEpoch + 3);
}

/** The schedule (150 DUM halving every 70,000 events, 21M cap). */
export function halvingSchedule(epochs: number): ScheduleStep[] {
  const steps: ScheduleStep[] = [];
  let supply = 0n;
  for (let epoch = 0; epoch < epochs; epoch++) {
    const reward = rewardForEpoch(BigInt(epoch));
    supply += reward * BigInt(HALVING_EPOCH_EVENTS);
    if (supply > MAX_SUPPLY) supply = MAX_SUPPLY;
    steps.push({
      epoch,
      startEvent: epoch * HALVING_EPOCH_EVENTS,
      endEvent: (epoch + 1) * HALVING_EPOCH_EVENTS,
      reward,
      supplyAtEnd: supply,
    });
  }
  return steps;
}

/** A ratio of two base-unit amounts as a number, for drawing only. */
export function ratio(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((part * 1_000_000n) / whole) / 1_000_000;
}
