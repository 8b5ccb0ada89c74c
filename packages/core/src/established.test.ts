import { describe, expect, it } from 'vitest';
import { canVouch, establishedAt, isEstablished, type EstablishedRule } from './established.ts';

const HOUR = 3_600_000;
const T0 = new Date('2026-11-23T12:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

const RULE: EstablishedRule = {
  minAgeMs: HOUR,
  requirePost: true,
  requireVouch: true,
  voucherMinAgeMs: 24 * HOUR,
  seedWallets: new Set(['seed']),
};

const fresh = { solAddress: 'w', createdAt: T0, firstPostAt: null, vouchedAt: null };

describe('established wallets', () => {
  it('waits for every fact: age, a post, a vouch', () => {
    expect(establishedAt(fresh, RULE)).toBeNull();
    expect(establishedAt({ ...fresh, firstPostAt: at(0) }, RULE)).toBeNull();
    const facts = { ...fresh, firstPostAt: at(0), vouchedAt: at(0.5) };
    expect(establishedAt(facts, RULE)).toEqual(at(1));
    expect(isEstablished(facts, RULE, at(0.99))).toBe(false);
    expect(isEstablished(facts, RULE, at(1))).toBe(true);
    expect(establishedAt({ ...facts, vouchedAt: at(3) }, RULE)).toEqual(at(3));
  });

  it('establishes seeds from the start, and lets them vouch at once', () => {
    const seed = { ...fresh, solAddress: 'seed' };
    expect(isEstablished(seed, RULE, at(0))).toBe(true);
    expect(canVouch(seed, RULE, at(0))).toBe(true);
  });

  it('lets a wallet vouch only a day after it became established', () => {
    const facts = { ...fresh, firstPostAt: at(0), vouchedAt: at(0) };
    expect(canVouch(facts, RULE, at(24.99))).toBe(false);
    expect(canVouch(facts, RULE, at(25))).toBe(true);
  });

  it('turns requirements off one by one', () => {
    const open = { ...RULE, minAgeMs: 0, requirePost: false, requireVouch: false };
    // Even an account the clock sees as signed up later (its row's time is the database's).
    expect(isEstablished({ ...fresh, createdAt: at(5) }, open, at(0))).toBe(true);
    expect(isEstablished(fresh, { ...RULE, requireVouch: false }, at(2))).toBe(false);
    expect(
      isEstablished({ ...fresh, firstPostAt: at(0) }, { ...RULE, requireVouch: false }, at(1)),
    ).toBe(true);
  });
});
