import { describe, expect, it } from 'vitest';
import { checkUnlockInput, formatOpensIn, toLocalInput, unlockBounds } from './capsule-display.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;

describe('time capsule display', () => {
  it('counts down in days, hours, minutes and seconds', () => {
    const at = (ms: number) => new Date(NOW + ms).toISOString();
    expect(formatOpensIn(at(2 * 24 * HOUR + 4 * HOUR + 5000), NOW)).toBe('Opens in 2d 4h');
    expect(formatOpensIn(at(3 * HOUR + 12 * 60_000), NOW)).toBe('Opens in 3h 12m');
    expect(formatOpensIn(at(4 * 60_000 + 9000), NOW)).toBe('Opens in 4m 09s');
    expect(formatOpensIn(at(0), NOW)).toBe('Opening…');
    expect(formatOpensIn('not a time', NOW)).toBe('Opening…');
  });

  it('takes a picked time 1 hour to 1 year ahead, as ISO', () => {
    const { min, max } = unlockBounds(NOW);
    expect(checkUnlockInput(toLocalInput(min), NOW)).toMatchObject({ ok: true });
    expect(checkUnlockInput(toLocalInput(max), NOW)).toMatchObject({ ok: true });
    const twoHours = checkUnlockInput(toLocalInput(NOW + 2 * HOUR), NOW);
    expect(twoHours).toEqual({ ok: true, iso: new Date(NOW + 2 * HOUR).toISOString() });
    expect(checkUnlockInput(toLocalInput(NOW + 30 * 60_000), NOW)).toMatchObject({ ok: false });
    expect(checkUnlockInput(toLocalInput(NOW + 400 * 24 * HOUR), NOW)).toMatchObject({
      ok: false,
    });
    expect(checkUnlockInput('', NOW)).toMatchObject({ ok: false });
  });
});
