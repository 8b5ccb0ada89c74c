import { INPUT_MESSAGES } from '@dum/chain/vault-program';
import { describe, expect, it } from 'vitest';
import { checkEscrowTerms } from './create-escrow-post.ts';

describe('checkEscrowTerms', () => {
  it('accepts whole multipliers and durations within the contract', () => {
    expect(checkEscrowTerms({ multiplier: ' 3 ', durationDays: '30' })).toEqual({
      ok: true,
      multiplier: 3,
      durationDays: 30,
    });
  });

  it('refuses what is not a whole number, with the field’s message', () => {
    expect(checkEscrowTerms({ multiplier: '1.5', durationDays: '7' })).toEqual({
      ok: false,
      message: INPUT_MESSAGES.multiplier,
    });
    expect(checkEscrowTerms({ multiplier: '2', durationDays: 'a week' })).toEqual({
      ok: false,
      message: INPUT_MESSAGES.durationDays,
    });
  });

  it('refuses more days than the server takes', () => {
    const terms = checkEscrowTerms({ multiplier: '2', durationDays: '31' });
    expect(terms.ok).toBe(false);
  });
});
