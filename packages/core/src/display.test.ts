import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDumAmount, groupThousands, nextHalvingReward, parseBaseUnits } from './display.ts';
import { INITIAL_REWARD } from './constants.ts';

describe('groupThousands', () => {
  it('groups the whole part only', () => {
    expect(groupThousands('0')).toBe('0');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('1234567.891')).toBe('1,234,567.891');
    expect(groupThousands('-70000')).toBe('-70,000');
  });
});

describe('formatDumAmount', () => {
  it('shows whole DUM without decimals', () => {
    expect(formatDumAmount(INITIAL_REWARD)).toBe('150');
    expect(formatDumAmount(nextHalvingReward(INITIAL_REWARD))).toBe('75');
    expect(formatDumAmount(0n)).toBe('0');
    expect(formatDumAmount(21_000_000n * 1_000_000_000n)).toBe('21,000,000');
  });

  it('keeps sensible decimals for later epochs, truncating', () => {
    expect(formatDumAmount(INITIAL_REWARD >> 1n)).toBe('75');
    expect(formatDumAmount(INITIAL_REWARD >> 2n)).toBe('37.5');
    expect(formatDumAmount(INITIAL_REWARD >> 5n)).toBe('4.6875');
    expect(formatDumAmount(INITIAL_REWARD >> 6n)).toBe('2.3437');
    expect(formatDumAmount(1n)).toBe('0');
    expect(formatDumAmount(1n, 9)).toBe('0.000000001');
    expect(formatDumAmount(1_234_500_000_000n)).toBe('1,234.5');
  });

  it('never shows more than the asked decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 9 }),
        (v, d) => {
          const text = formatDumAmount(v, d);
          const fraction = text.split('.')[1] ?? '';
          expect(fraction.length).toBeLessThanOrEqual(d);
          expect(text.endsWith('.')).toBe(false);
        },
      ),
    );
  });
});

describe('nextHalvingReward and parseBaseUnits', () => {
  it('halves exactly and reads only integer strings', () => {
    expect(nextHalvingReward(150_000_000_000n)).toBe(75_000_000_000n);
    expect(nextHalvingReward(1n)).toBe(0n);
    expect(parseBaseUnits('150000000000')).toBe(150_000_000_000n);
    expect(parseBaseUnits('1.5')).toBeNull();
    expect(parseBaseUnits('')).toBeNull();
    expect(parseBaseUnits('-1')).toBeNull();
  });
});
