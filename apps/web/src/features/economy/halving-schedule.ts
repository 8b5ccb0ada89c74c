import { HALVING_EPOCH_EVENTS, INITIAL_REWARD, MAX_SUPPLY, rewardForEpoch } from '@dum/core';

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

/** Plot coordinates: x 0..1000 across the events shown, y 0..100 top to bottom. */
export const CHART_WIDTH = 1000;
/** The top of the scale sits a little below the top edge, leaving room for the marker. */
const HEADROOM = 0.92;

/** The plot's y (0 at the top) for a fraction of the scale. */
export function yFor(fraction: number): number {
  return 100 - fraction * HEADROOM * 100;
}

/** What the chart draws, in plot coordinates: the reward steps, the supply line and "now". */
export interface ChartGeometry {
  /** The plot's x for an event number (events past the last step sit at the right edge). */
  x: (event: number) => number;
  stepPath: string;
  areaPath: string;
  supplyPoints: string;
  nowX: number;
  /** The now marker's position as percentages of the plot box. */
  nowLeft: number;
  nowTop: number;
}

/** Lays the schedule out on the plot, with the platform's position (events so far, reward). */
export function chartGeometry(
  steps: readonly ScheduleStep[],
  totalEvents: number,
  currentReward: bigint,
): ChartGeometry {
  const span = steps.at(-1)?.endEvent ?? 1;
  const x = (event: number) => (Math.min(event, span) / span) * CHART_WIDTH;
  const stepPath = steps
    .map(
      (step, index) =>
        `${index === 0 ? 'M' : 'L'} ${x(step.startEvent)} ${yFor(ratio(step.reward, INITIAL_REWARD))} L ${x(step.endEvent)} ${yFor(ratio(step.reward, INITIAL_REWARD))}`,
    )
    .join(' ');
  const supplyPoints = [
    '0,100',
    ...steps.map((step) => `${x(step.endEvent)},${yFor(ratio(step.supplyAtEnd, MAX_SUPPLY))}`),
  ].join(' ');
  const nowX = x(totalEvents);
  return {
    x,
    stepPath,
    areaPath: `${stepPath} L ${CHART_WIDTH} 100 L 0 100 Z`,
    supplyPoints,
    nowX,
    nowLeft: (nowX / CHART_WIDTH) * 100,
    nowTop: yFor(ratio(currentReward, INITIAL_REWARD)),
  };
}
