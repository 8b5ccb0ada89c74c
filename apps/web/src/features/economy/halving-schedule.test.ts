import { INITIAL_REWARD, MAX_SUPPLY } from '@dum/core';
import { describe, expect, it } from 'vitest';
import { chartEpochCount, chartGeometry, halvingSchedule, ratio } from './halving-schedule.ts';

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

  it('lays the steps, the supply line and the now marker out on the plot', () => {
    const geometry = chartGeometry(halvingSchedule(2), 35_000, INITIAL_REWARD);
    expect(geometry.stepPath).toBe('M 0 8 L 500 8 L 500 54 L 1000 54');
    expect(geometry.areaPath).toBe(`${geometry.stepPath} L 1000 100 L 0 100 Z`);
    expect(geometry.supplyPoints.split(' ')[0]).toBe('0,100');
    expect(geometry.supplyPoints.split(' ')[1]).toBe('500,54');
    expect(geometry.nowX).toBe(250);
    expect(geometry.nowLeft).toBe(25);
    expect(geometry.nowTop).toBe(8);
    expect(geometry.x(1_000_000)).toBe(1000);
  });
});
