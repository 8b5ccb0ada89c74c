import { INITIAL_REWARD, MAX_SUPPLY } from '@dum/core';
import { describe, expect, it } from 'vitest';
import { chartEpochCount, halvingSchedule, ratio } from './halving-schedule.ts';

const DUM = 1_000_000_000n;

describe('halving schedule', () => {
  it('steps 150 DUM down by half every 70,000 events', () => {
    const steps = halvingSchedule(4);
    expect(steps.map((step) => [step.epoch, step.startEvent, step.endEvent])).toEqual([
      [0, 0, 70_000],
      [1, 70_000, 140_000],
      [2, 140_000, 210_000],
      [3, 210_000, 280_000],
    ]);
    expect(steps.map((step) => step.reward)).toEqual([
      150n * DUM,
      75n * DUM,
      37n * DUM + DUM / 2n,
      18n * DUM + (3n * DUM) / 4n,
    ]);
  });

  it('adds up the supply the events mint, approaching and never passing the cap', () => {
    const steps = halvingSchedule(80);
    expect(steps[0]!.supplyAtEnd).toBe(10_500_000n * DUM);
    expect(steps[1]!.supplyAtEnd).toBe(15_750_000n * DUM);
    for (let i = 1; i < steps.length; i++) {
      expect(steps[i]!.supplyAtEnd >= steps[i - 1]!.supplyAtEnd).toBe(true);
      expect(steps[i]!.supplyAtEnd <= MAX_SUPPLY).toBe(true);
    }
    expect(steps.at(-1)!.reward).toBe(0n);
  });

  it('shows at least 8 epochs and always two past the current one', () => {
    expect(chartEpochCount(0)).toBe(8);
    expect(chartEpochCount(5)).toBe(8);
    expect(chartEpochCount(6)).toBe(9);
    expect(chartEpochCount(20)).toBe(23);
  });

  it('turns base-unit ratios into fractions for drawing', () => {
    expect(ratio(INITIAL_REWARD / 2n, INITIAL_REWARD)).toBe(0.5);
    expect(ratio(0n, MAX_SUPPLY)).toBe(0);
    expect(ratio(1n, 0n)).toBe(0);
  });
});
