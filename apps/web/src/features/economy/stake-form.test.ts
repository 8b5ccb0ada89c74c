import { STAKE_MESSAGES } from '@dum/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import {
  isStakeSubmitDisabled,
  maxStakeAmount,
  stakeConfirmLabel,
  stakeFailureMessage,
  toastParts,
} from './stake-form.ts';

describe('stake form rules', () => {
  it('Max fills the full available amount to 9 decimals', () => {
    expect(maxStakeAmount(12_500_000_000n)).toBe('12.500000000');
    expect(maxStakeAmount(1n)).toBe('0.000000001');
    expect(maxStakeAmount(0n)).toBe('0.000000000');
    expect(maxStakeAmount(21_000_000_000_000_000n)).toBe('21000000.000000000');
  });

  it('disables submit while pending, when empty, or when the value is 0 or less', () => {
    expect(isStakeSubmitDisabled('5', true)).toBe(true);
    expect(isStakeSubmitDisabled('', false)).toBe(true);
    expect(isStakeSubmitDisabled('   ', false)).toBe(true);
    expect(isStakeSubmitDisabled('0', false)).toBe(true);
    expect(isStakeSubmitDisabled('0.000000000', false)).toBe(true);
    expect(isStakeSubmitDisabled('-1', false)).toBe(true);
    expect(isStakeSubmitDisabled('-0.5', false)).toBe(true);
    expect(isStakeSubmitDisabled('0.000000001', false)).toBe(false);
    expect(isStakeSubmitDisabled('5', false)).toBe(false);
    // Not a number at all: submittable, so the person learns why.
    expect(isStakeSubmitDisabled('abc', false)).toBe(false);
    expect(isStakeSubmitDisabled('1.0000000001', false)).toBe(false);
  });

  it("joins an errors array with '; ', else uses the message, else the default", () => {
    expect(stakeFailureMessage({ errors: ['Amount too high', 'Try later'] }, 'stake')).toBe(
      'Amount too high; Try later',
    );
    expect(
      stakeFailureMessage(
        new ApiError(400, 'validation_failed', 'Some fields are not valid.', {
          errors: [{ message: 'amount: required' }, 'action: required'],
        }),
        'unstake',
      ),
    ).toBe('amount: required; action: required');
    expect(
      stakeFailureMessage(
        new ApiError(409, 'insufficient_balance', 'Insufficient Balance: x'),
        'stake',
      ),
    ).toBe('Insufficient Balance: x');
    expect(stakeFailureMessage(new Error(''), 'stake')).toBe(STAKE_MESSAGES.failed('stake'));
    expect(stakeFailureMessage(undefined, 'unstake')).toBe('Failed to unstake tokens.');
    expect(stakeFailureMessage({ errors: [] }, 'stake')).toBe('Failed to stake tokens.');
  });

  it("splits 'Title: Description' texts for toasts", () => {
    expect(toastParts(STAKE_MESSAGES.invalidAmount)).toEqual({
      title: 'Invalid Amount',
      description: 'Amount must be greater than 0.',
    });
    expect(toastParts(STAKE_MESSAGES.unparsable)).toEqual({
      description: 'Please enter a valid numeric amount.',
    });
  });

  it('labels confirm with the action, or what is happening while pending', () => {
    expect(stakeConfirmLabel('stake', false)).toBe('Stake Tokens');
    expect(stakeConfirmLabel('unstake', false)).toBe('Unstake Tokens');
    expect(stakeConfirmLabel('stake', true)).toBe('Staking...');
    expect(stakeConfirmLabel('unstake', true)).toBe('Unstaking...');
  });
});
