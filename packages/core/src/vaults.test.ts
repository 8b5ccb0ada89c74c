import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBaseUnitsExact } from './amounts.ts';
import { VAULT_DURATION_MS } from './constants.ts';
import { checkEscrowTerms, escrowTarget, escrowVaultStatus } from './escrow.ts';
import { ERRORS } from './errors.ts';
import {
  checkVaultAmount,
  insufficientBalanceMessage,
  isVaultUnlocked,
  statusAfterSupport,
  supportRefusal,
  VAULT_MAX_TARGET_LAMPORTS,
  VAULT_MESSAGES,
  VAULT_MIN_SUPPORT_LAMPORTS,
  VAULT_MIN_SUPPORT_SOL,
  vaultEndsAt,
  vaultProgress,
} from './vaults.ts';

describe('vault amounts', () => {
  it('keeps the minimum in SOL and lamports in step, with the spec message', () => {
    expect(checkVaultAmount(VAULT_MIN_SUPPORT_SOL)).toEqual({
      ok: true,
      lamports: VAULT_MIN_SUPPORT_LAMPORTS,
    });
    expect(VAULT_MESSAGES.minimum).toBe('Minimum vault amount is 0.01 SOL');
    expect(ERRORS.vault_amount_below_minimum.message).toBe('Minimum vault amount is 0.01 SOL');
    expect(ERRORS.vault_support_missing_data.message).toBe(
      'Missing required data for vault support',
    );
  });

  it('parses SOL decimals with the shared parser', () => {
    expect(checkVaultAmount('0.1')).toEqual({ ok: true, lamports: 100_000_000n });
    expect(checkVaultAmount(' 1.5 ')).toEqual({ ok: true, lamports: 1_500_000_000n });
    expect(checkVaultAmount('.25')).toEqual({ ok: true, lamports: 250_000_000n });
    expect(checkVaultAmount('0.000000001')).toEqual({ ok: false, reason: 'below_minimum' });
    expect(checkVaultAmount('0.009999999')).toEqual({ ok: false, reason: 'below_minimum' });
    expect(checkVaultAmount('0')).toEqual({ ok: false, reason: 'below_minimum' });
    for (const bad of ['', 'abc', '-1', '1e3', '0.1234567891', '1,5', '0x10']) {
      expect(checkVaultAmount(bad)).toEqual({ ok: false, reason: 'invalid_amount' });
    }
    expect(checkVaultAmount('1000001', { max: VAULT_MAX_TARGET_LAMPORTS })).toEqual({
      ok: false,
      reason: 'above_maximum',
    });
  });

  it('round-trips every lamport amount at or above the minimum', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: VAULT_MIN_SUPPORT_LAMPORTS, max: 2n ** 63n }), (lamports) => {
        expect(checkVaultAmount(formatBaseUnitsExact(lamports, 9))).toEqual({
          ok: true,
          lamports,
        });
      }),
    );
  });
});

describe('vault progress and status', () => {
  it('caps the bar at 100% and never goes below 0', () => {
    expect(vaultProgress(0n, 100n)).toBe(0);
    expect(vaultProgress(50n, 100n)).toBe(0.5);
    expect(vaultProgress(250n, 100n)).toBe(1);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        (current, target) => {
          const p = vaultProgress(current, target);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
          expect(p === 1).toBe(current >= target);
        },
      ),
    );
  });

  it('unlocks an active vault once the total reaches the target, and only then', () => {
    expect(statusAfterSupport('active', 99n, 100n)).toBe('active');
    expect(statusAfterSupport('active', 100n, 100n)).toBe('unlocked');
    expect(statusAfterSupport('active', 101n, 100n)).toBe('unlocked');
    expect(statusAfterSupport('unlocked', 500n, 100n)).toBe('unlocked');
    expect(statusAfterSupport('paid_out', 500n, 100n)).toBe('paid_out');
    expect(isVaultUnlocked('active')).toBe(false);
    expect(isVaultUnlocked('unlocked')).toBe(true);
    expect(isVaultUnlocked('paid_out')).toBe(true);
  });

  it('runs 7 days and refuses its creator, a finished vault and an ended one, in that order', () => {
    const created = new Date('2026-11-23T12:00:00Z');
    const endsAt = vaultEndsAt(created);
    expect(endsAt.getTime() - created.getTime()).toBe(VAULT_DURATION_MS);
    const vault = { status: 'active' as const, endsAt, creatorId: 'creator' };
    expect(supportRefusal(vault, 'fan', created)).toBeNull();
    expect(supportRefusal(vault, 'creator', created)).toBe('own_vault');
    expect(supportRefusal({ ...vault, status: 'unlocked' }, 'fan', created)).toBe('not_active');
    expect(supportRefusal(vault, 'fan', new Date(endsAt.getTime() - 1))).toBeNull();
    expect(supportRefusal(vault, 'fan', endsAt)).toBe('ended');
    expect(supportRefusal({ ...vault, status: 'unlocked' }, 'fan', endsAt)).toBe('not_active');
  });
});

describe('the client balance check', () => {
  it('needs the amount plus the 0.000005 SOL fee margin, shown with 4 decimals', () => {
    expect(insufficientBalanceMessage(100_005_000n, 100_000_000n)).toBeNull();
    expect(insufficientBalanceMessage(100_004_999n, 100_000_000n)).toBe(
      'Insufficient balance. You need 0.1001 SOL but only have 0.1000 SOL',
    );
    expect(insufficientBalanceMessage(0n, 100_000_000n)).toBe(
      'Insufficient balance. You need 0.1001 SOL but only have 0.0000 SOL',
    );
    expect(insufficientBalanceMessage(1_234_567_890n, 2_000_000_000n)).toBe(
      'Insufficient balance. You need 2.0001 SOL but only have 1.2345 SOL',
    );
  });
});

describe('escrow vault terms', () => {
  it('defaults to multiplier 2 and 7 days, and checks the ranges and the media hash', () => {
    expect(checkEscrowTerms({}, false)).toEqual({
      ok: true,
      terms: { multiplier: 2, durationDays: 7, contentHash: null },
    });
    expect(escrowTarget(2)).toBe(200_000_000n);
    expect(checkEscrowTerms({ multiplier: 10, durationDays: 30 }, false).ok).toBe(true);
    for (const multiplier of [0, 11, 1.5, '3']) {
      expect(checkEscrowTerms({ multiplier }, false)).toMatchObject({
        ok: false,
        code: 'invalid_multiplier',
        message: 'multiplier must be between 1 and 10',
      });
    }
    expect(checkEscrowTerms({ durationDays: 0 }, false)).toMatchObject({
      code: 'invalid_duration',
      message: 'durationDays must be greater than 0',
    });
    expect(checkEscrowTerms({ durationDays: 31 }, false)).toMatchObject({
      code: 'invalid_duration',
    });
    const hash = 'AB'.repeat(32);
    expect(checkEscrowTerms({ contentHash: hash }, true)).toMatchObject({
      ok: true,
      terms: { contentHash: 'ab'.repeat(32) },
    });
    expect(checkEscrowTerms({ contentHash: hash }, false)).toMatchObject({
      code: 'invalid_content_hash',
    });
    expect(checkEscrowTerms({}, true)).toMatchObject({ code: 'invalid_content_hash' });
    expect(checkEscrowTerms({ contentHash: 'abc' }, true)).toMatchObject({
      code: 'invalid_content_hash',
    });
  });

  it('unlocks only at the end with the target held, as the program pays out (issue 21)', () => {
    const END = 1_000n;
    const chain = (total: bigint, paidOut = false) => ({
      totalDeposited: total,
      targetAmount: 100n,
      endTs: END,
      paidOut,
    });
    // Touching the target before the end unlocks nothing: it can still be withdrawn.
    expect(escrowVaultStatus('active', chain(100n), END - 1n)).toBe('active');
    expect(escrowVaultStatus('active', chain(100n), null)).toBe('active');
    // A vault an older rule unlocked early goes back to locked.
    expect(escrowVaultStatus('unlocked', chain(5n), END - 1n)).toBe('active');
    expect(escrowVaultStatus('unlocked', chain(100n), END - 1n)).toBe('active');
    // At the end, the total is final: the creator can claim exactly when it is unlocked.
    expect(escrowVaultStatus('active', chain(99n), END)).toBe('active');
    expect(escrowVaultStatus('active', chain(100n), END)).toBe('unlocked');
    expect(escrowVaultStatus('unlocked', chain(100n), END + 5n)).toBe('unlocked');
    expect(escrowVaultStatus('unlocked', chain(100n, true), END)).toBe('paid_out');
    expect(escrowVaultStatus('paid_out', chain(0n), null)).toBe('paid_out');
  });
});
