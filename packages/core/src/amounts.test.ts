import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  formatBaseUnits,
  formatBaseUnitsExact,
  formatDumWhole,
  formatSol,
  parseDecimalAmount,
} from './amounts.ts';

describe('parseDecimalAmount', () => {
  it('parses decimals into 9-decimal base units', () => {
    expect(parseDecimalAmount('1')).toEqual({ ok: true, value: 1_000_000_000n });
    expect(parseDecimalAmount('0.1')).toEqual({ ok: true, value: 100_000_000n });
    expect(parseDecimalAmount('.5')).toEqual({ ok: true, value: 500_000_000n });
    expect(parseDecimalAmount('2.')).toEqual({ ok: true, value: 2_000_000_000n });
    expect(parseDecimalAmount(' 0.000000001 ')).toEqual({ ok: true, value: 1n });
    expect(parseDecimalAmount('0')).toEqual({ ok: true, value: 0n });
  });

  it('refuses more than 9 decimals and anything that is not a plain decimal', () => {
    expect(parseDecimalAmount('0.0000000001')).toEqual({ ok: false, reason: 'too_many_decimals' });
    for (const bad of ['', '-1', '1e3', 'abc', '1.2.3', '0x10', '1,5', 'Infinity', 'NaN', '.']) {
      expect(parseDecimalAmount(bad), bad).toEqual({ ok: false, reason: 'format' });
    }
  });

  it('round-trips with formatBaseUnitsExact (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (value) => {
        const text = formatBaseUnitsExact(value);
        expect(parseDecimalAmount(text)).toEqual({ ok: true, value });
      }),
    );
  });
});

describe('formatting', () => {
  it('truncates to the shown decimals, never rounds up', () => {
    expect(formatSol(1_999_999_999n)).toBe('1.9999');
    expect(formatSol(5000n)).toBe('0.0000');
    expect(formatBaseUnits(-1_500_000_000n, 2)).toBe('-1.50');
    expect(formatDumWhole(150_000_000_000n)).toBe('150');
    expect(formatBaseUnitsExact(1_500_000_000n)).toBe('1.5');
    expect(formatBaseUnitsExact(0n)).toBe('0');
  });

  it('abbreviates with K from 1,000 and M from 1,000,000', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1K');
    expect(abbreviateNumber(1250)).toBe('1.3K');
    expect(abbreviateNumber(70_000)).toBe('70K');
    expect(abbreviateNumber(1_000_000)).toBe('1M');
    expect(abbreviateNumber(21_000_000n)).toBe('21M');
  });
});
