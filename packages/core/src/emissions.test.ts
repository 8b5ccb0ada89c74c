import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HALVING_EPOCH_EVENTS, INITIAL_REWARD, MAX_SUPPLY } from './constants.ts';
import {
  capMint,
  emissionsStats,
  epochForEvent,
  halvingProgress,
  halvingUrgency,
  rewardForEpoch,
  rewardForEvent,
} from './emissions.ts';

const EPOCH = BigInt(HALVING_EPOCH_EVENTS);

describe('emission schedule', () => {
  it('pays 150 DUM per event in epoch 0 and halves at each 70,000-event boundary', () => {
    expect(rewardForEvent(0n)).toBe(150_000_000_000n);
    expect(rewardForEvent(EPOCH - 1n)).toBe(150_000_000_000n);
    expect(rewardForEvent(EPOCH)).toBe(75_000_000_000n);
    expect(rewardForEvent(2n * EPOCH)).toBe(37_500_000_000n);
    expect(epochForEvent(EPOCH * 3n + 5n)).toBe(3n);
  });

  it('halves exactly from one epoch to the next (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (index) => {
        const reward = rewardForEvent(index);
        expect(reward).toBeGreaterThanOrEqual(0n);
        expect(reward).toBeLessThanOrEqual(INITIAL_REWARD);
        if (index >= EPOCH) expect(rewardForEvent(index - EPOCH) / 2n).toBe(reward);
      }),
    );
  });

  it('sums to less than the 21,000,000 DUM cap over every epoch', () => {
    let total = 0n;
    for (let epoch = 0n; epoch < 80n; epoch++) total += rewardForEpoch(epoch) * EPOCH;
    expect(total).toBeLessThan(MAX_SUPPLY);
    expect(rewardForEpoch(64n)).toBe(0n);
  });

  it('cuts a mint at the cap and mints nothing after it (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: MAX_SUPPLY * 2n }),
        fc.bigInt({ min: 0n, max: MAX_SUPPLY + 10n }),
        (amount, minted) => {
          const granted = capMint(amount, minted);
          expect(granted).toBeGreaterThanOrEqual(0n);
          expect(granted).toBeLessThanOrEqual(amount);
          if (minted <= MAX_SUPPLY) expect(minted + granted).toBeLessThanOrEqual(MAX_SUPPLY);
          else expect(granted).toBe(0n);
        },
      ),
    );
  });

  it('rejects negative inputs', () => {
    expect(() => epochForEvent(-1n)).toThrow(RangeError);
    expect(() => rewardForEpoch(-1n)).toThrow(RangeError);
    expect(() => capMint(-1n, 0n)).toThrow(RangeError);
  });
});

describe('emissionsStats', () => {
  it('starts at epoch 0 with 70,000 events to go and 150 DUM', () => {
    expect(emissionsStats(0n, 0n)).toEqual({
      totalEvents: 0n,
      totalMinted: 0n,
      currentEpoch: 0n,
      currentReward: 150_000_000_000n,
      eventsUntilHalving: 70_000n,
      maxSupply: MAX_SUPPLY,
      percentMintedBps: 0n,
    });
  });

  it('crosses the boundary exactly', () => {
    expect(emissionsStats(EPOCH - 1n, 0n).eventsUntilHalving).toBe(1n);
    const after = emissionsStats(EPOCH, 0n);
    expect(after.currentEpoch).toBe(1n);
    expect(after.eventsUntilHalving).toBe(EPOCH);
    expect(after.currentReward).toBe(75_000_000_000n);
  });

  it('shows no reward once the cap is reached', () => {
    expect(emissionsStats(5n, MAX_SUPPLY).currentReward).toBe(0n);
    expect(emissionsStats(5n, MAX_SUPPLY - 1n).currentReward).toBe(1n);
    expect(emissionsStats(5n, MAX_SUPPLY).percentMintedBps).toBe(10_000n);
  });
});

describe('halving banner helpers', () => {
  it('computes progress as (70000 - left) / 70000, clamped', () => {
    expect(halvingProgress(70_000)).toBe(0);
    expect(halvingProgress(35_000)).toBe(0.5);
    expect(halvingProgress(0)).toBe(1);
    expect(halvingProgress(80_000)).toBe(0);
  });

  it('is urgent under 1000 left and critical under 100', () => {
    expect(halvingUrgency(1000)).toBe('calm');
    expect(halvingUrgency(999)).toBe('urgent');
    expect(halvingUrgency(100)).toBe('urgent');
    expect(halvingUrgency(99)).toBe('critical');
    expect(halvingUrgency(0)).toBe('critical');
  });
});
