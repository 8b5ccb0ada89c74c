import { describe, expect, it } from 'vitest';
import {
  creatorName,
  DURATION_OPTIONS,
  participantsText,
  scopeOf,
  solOf,
} from './mystery-display.ts';
import { makeMystery } from './test-kit.ts';

describe('mystery display', () => {
  it('reads the tab from the URL, Open by default', () => {
    expect(scopeOf(null)).toBe('open');
    expect(scopeOf('opened')).toBe('opened');
    expect(scopeOf('mine')).toBe('mine');
    expect(scopeOf('nonsense')).toBe('open');
  });

  it('shows lamports as SOL without trailing zeros', () => {
    expect(solOf('100000000')).toBe('0.1');
    expect(solOf('2000000000')).toBe('2');
    expect(solOf('1234567890')).toBe('1.23456789');
    expect(solOf('0')).toBe('0');
  });

  it('names the creator, counts participants, labels the durations', () => {
    expect(creatorName(makeMystery())).toBe('Ada');
    const anonymous = makeMystery();
    anonymous.creator = { ...anonymous.creator, displayName: null, username: null };
    expect(creatorName(anonymous)).toBe('7xKX…gAsU');
    expect(participantsText(1)).toBe('1 participant');
    expect(participantsText(0)).toBe('0 participants');
    expect(DURATION_OPTIONS.map((o) => o.label)).toEqual([
      '1 hour',
      '6 hours',
      '1 day',
      '3 days',
      '7 days',
    ]);
  });
});
