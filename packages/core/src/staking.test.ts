import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STAKE_MESSAGES, stakingAccrual, validateStakeAmount } from './staking.ts';

const DUM = 1_000_000_000n;

describe('validateStakeAmount', () => {
  it('answers each spec message in turn', () => {
    expect(validateStakeAmount('abc', 10n * DUM, 'stake')).toEqual({
      ok: false,
      message: 'Please enter a valid numeric amount.',
    });
    expect(validateStakeAmount('', 10n * DUM, 'stake')).toMatchObject({ ok: false });
    expect(validateStakeAmount('-1', 10n * DUM, 'stake')).toMatchObject({
      message: STAKE_MESSAGES.unparsable,
    });
    expect(validateStakeAmount('1.0000000001', 10n * DUM, 'stake')).toEqual({
      ok: false,
      message: 'Invalid Format: Please enter a valid amount with up to 9 decimal places.',
    });
    expect(validateStakeAmount('0', 10n * DUM, 'stake')).toEqual({
      ok: false,
      message: 'Invalid Amount: Amount must be greater than 0.',
    });
    expect(validateStakeAmount('10.5', 10n * DUM, 'stake')).toEqual({
      ok: false,
      message: 'Insufficient Balance: You only have 10 DUM tokens available to stake.',
    });
    expect(validateStakeAmount('2', 1_500_000_000n, 'unstake')).toEqual({
      ok: false,
      message: 'Insufficient Balance: You only have 1.5 DUM tokens available to unstake.',
    });
    expect(validateStakeAmount(' 10.000000000 ', 10n * DUM, 'stake')).toEqual({
      ok: true,
      amount: 10n * DUM,
    });
  });

  it('accepts exactly the amounts within 9 decimals and the available balance', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        (amount, available) => {
          const whole = amount / DUM;
          const fraction = (amount % DUM).toString().padStart(9, '0');
          const result = validateStakeAmount(`${whole}.${fraction}`, available, 'stake');
          expect(result.ok).toBe(amount <= available);
          if (result.ok) expect(result.amount).toBe(amount);
        },
      ),
    );
  });
});

describe('stakingAccrual', () => {
  it('pays the APR over a year and rounds down', () => {
    expect(stakingAccrual(1000n * DUM, 1000, 365n * 86_400_000n)).toBe(100n * DUM);
    expect(stakingAccrual(1n, 1000, 1000n)).toBe(0n);
    expect(stakingAccrual(0n, 1000, 1000n)).toBe(0n);
  });

  it('never pays more for a split period than for the whole', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 17n }),
        fc.bigInt({ min: 0n, max: 10n ** 11n }),
        fc.bigInt({ min: 0n, max: 10n ** 11n }),
        (staked, a, b) => {
          const split = stakingAccrual(staked, 1000, a) + stakingAccrual(staked, 1000, b);
          expect(split).toBeLessThanOrEqual(stakingAccrual(staked, 1000, a + b));
        },
      ),
    );
  });
});
