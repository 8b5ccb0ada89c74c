import { describe, expect, it } from 'vitest';
import {
  baseValue,
  chartNumber,
  dayLabel,
  formatValue,
  formatWithUnit,
  isEmpty,
  percentChange,
  rangeFromSearch,
  seriesSummary,
  SERIES,
  type SeriesMeta,
} from './analytics-display.ts';

const meta = (name: SeriesMeta['name']): SeriesMeta => {
  const found = SERIES.find((s) => s.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('the range in the URL', () => {
  it('takes the three ranges and falls back to 7 days for anything else', () => {
    expect(rangeFromSearch('30d')).toBe('30d');
    expect(rangeFromSearch('90d')).toBe('90d');
    expect(rangeFromSearch('7d')).toBe('7d');
    for (const bad of [null, '', '1y', '30D', ' 30d']) expect(rangeFromSearch(bad)).toBe('7d');
  });
});

describe('formatting', () => {
  it('groups counts and formats DUM and SOL exactly from base units', () => {
    expect(formatValue(meta('posts'), 1234567)).toBe('1,234,567');
    expect(formatValue(meta('posts'), 0)).toBe('0');
    expect(formatWithUnit(meta('dumEarned'), '150000000000')).toBe('150 DUM');
    expect(formatWithUnit(meta('dumEarned'), '4687500000')).toBe('4.6875 DUM');
    // Beyond 2^53 base units, still exact.
    expect(formatWithUnit(meta('dumEarned'), '123456789012345678901')).toBe(
      '123,456,789,012.3456 DUM',
    );
    expect(formatWithUnit(meta('solRaised'), '100000000')).toBe('0.1000 SOL');
    expect(formatWithUnit(meta('tipsReceived'), '1234500000000')).toBe('1,234.5000 SOL');
  });

  it('reads anything that is not a base-unit integer as zero', () => {
    expect(baseValue('-5')).toBe(0n);
    expect(baseValue('1.5')).toBe(0n);
    expect(baseValue(-1)).toBe(0n);
    expect(baseValue(2.5)).toBe(0n);
  });

  it('charts amounts in whole units', () => {
    expect(chartNumber(meta('solRaised'), '1500000000')).toBe(1.5);
    expect(chartNumber(meta('likesReceived'), 7)).toBe(7);
  });

  it('writes UTC days as short dates whatever the local zone', () => {
    expect(dayLabel('2026-11-24')).toBe('Nov 24');
    expect(dayLabel('2026-11-24', true)).toBe('Tue, Nov 24');
  });
});

describe('the change against the previous period', () => {
  it('is a whole percent up or down, in words as well as an arrow', () => {
    expect(percentChange(15, 12, '7d')).toEqual({
      direction: 'up',
      percent: 25,
      short: '25%',
      arrow: '↑',
      description: 'Up 25% from the previous 7 days',
    });
    expect(percentChange(3, 12, '30d')).toEqual({
      direction: 'down',
      percent: -75,
      short: '75%',
      arrow: '↓',
      description: 'Down 75% from the previous 30 days',
    });
    expect(percentChange(250, 10, '7d').short).toBe('2,400%');
  });

  it('rounds half away from zero, exactly for amounts past 2^53', () => {
    expect(percentChange(2, 3, '7d').percent).toBe(-33);
    expect(percentChange(1, 8, '7d').percent).toBe(-88); // 87.5
    expect(percentChange(9, 8, '7d').percent).toBe(13); // 12.5
    expect(percentChange('9007199254740993', '9007199254740992', '7d')).toMatchObject({
      direction: 'flat',
      percent: 0,
    });
    expect(percentChange('18014398509481984', '9007199254740992', '90d').percent).toBe(100);
  });

  it('says "New" after a period of none, and no change for none twice or for equal totals', () => {
    expect(percentChange(4, 0, '7d')).toMatchObject({
      direction: 'new',
      percent: null,
      short: 'New',
      arrow: '↑',
      description: 'Up from none in the previous 7 days',
    });
    expect(percentChange(0, 0, '90d')).toMatchObject({
      direction: 'flat',
      short: '0%',
      description: 'No change from the previous 90 days',
    });
    expect(percentChange('500', '500', '7d')).toMatchObject({ direction: 'flat', percent: 0 });
    expect(percentChange(0, 5, '7d')).toMatchObject({ direction: 'down', percent: -100 });
  });
});

describe('summaries', () => {
  it("gives a chart's total and best day in words", () => {
    const points = [
      { day: '2026-11-23', value: 2 },
      { day: '2026-11-24', value: 5 },
      { day: '2026-11-25', value: 5 },
    ];
    expect(seriesSummary(meta('likesReceived'), points, '7d')).toBe(
      'Likes received: 12 in the last 7 days; best day Nov 24 with 5.',
    );
    expect(seriesSummary(meta('solRaised'), [{ day: '2026-11-23', value: '0' }], '30d')).toBe(
      'SOL raised by vaults: 0.0000 SOL in the last 30 days, none on any day.',
    );
  });

  it('knows a wallet with nothing yet', () => {
    expect(
      isEmpty({ posts: { value: 0, previous: 0 }, dumEarned: { value: '0', previous: '0' } }),
    ).toBe(true);
    expect(isEmpty({ posts: { value: 0, previous: 1 } })).toBe(false);
  });
});
