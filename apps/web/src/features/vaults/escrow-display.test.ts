import { describe, expect, it } from 'vitest';
import {
  bpsPercent,
  claimableDeposits,
  earlyWithdrawQuote,
  earlyWithdrawSummary,
  escrowActions,
  formatCountdown,
  formatSpan,
  inBatches,
  rewardSoFar,
  timeLocked,
  type EscrowActionInput,
} from './escrow-display.ts';
import { CREATOR, depositView, END, escrowView, FAN, START } from './test-kit.ts';

function actions(overrides: Partial<EscrowActionInput> = {}) {
  return escrowActions({
    escrow: escrowView(),
    targetAmount: '200000000',
    viewerWallet: FAN,
    creatorWallet: CREATOR,
    deposit: null,
    now: START + 3_600n,
    ...overrides,
  });
}

describe('escrow display', () => {
  it('counts down in days, hours, minutes and seconds', () => {
    expect(formatCountdown(2n * 86_400n + 4n * 3_600n + 5n * 60n + 9n)).toBe('2d 4h 05m 09s');
    expect(formatCountdown(3_600n + 1n)).toBe('1h 00m 01s');
    expect(formatCountdown(61n)).toBe('1m 01s');
    expect(formatCountdown(9n)).toBe('9s');
    expect(formatCountdown(-5n)).toBe('0s');
  });

  it('states spans of time in whole units', () => {
    expect(formatSpan(7n * 86_400n)).toBe('7 days');
    expect(formatSpan(86_400n)).toBe('1 day');
    expect(formatSpan(86_400n + 7_200n)).toBe('1d 2h');
    expect(formatSpan(3_600n * 3n + 20n * 60n)).toBe('3h 20m');
    expect(formatSpan(45n * 60n)).toBe('45m');
    expect(formatSpan(30n)).toBe('< 1m');
  });

  it('states the early-withdraw penalty in SOL and basis points, as the program floors it', () => {
    expect(bpsPercent(500)).toBe('5%');
    expect(bpsPercent(125)).toBe('1.25%');
    expect(bpsPercent(50)).toBe('0.5%');
    const quote = earlyWithdrawQuote(123_456_789n, 500);
    expect(quote).toEqual({
      amount: 123_456_789n,
      penalty: 6_172_839n,
      receive: 117_283_950n,
      penaltyBps: 500,
    });
    expect(earlyWithdrawSummary(quote)).toBe(
      'You get 0.1172 SOL back. The penalty is 0.0061 SOL (500 bps, 5%), paid to the treasury, and the rewards earned so far are forfeited.',
    );
  });

  it('grows the reward each second while locked, and stops at the end', () => {
    const escrow = escrowView();
    const deposit = depositView();
    // 0.1 SOL joined a minute after the start: per second, 5 DUM per SOL spread over the 7-day
    // term (floor(5e9 / 604,800) = 8,267 per SOL) plus 0.001 DUM of staking.
    expect(rewardSoFar(escrow, deposit, START + 60n)).toBe(0n);
    expect(rewardSoFar(escrow, deposit, START + 61n)).toBe(1_000_826n);
    const atEnd = rewardSoFar(escrow, deposit, END);
    expect(atEnd).toBe(605_239_950_396n);
    expect(rewardSoFar(escrow, deposit, END + 1_000n)).toBe(atEnd);
    // Once withdrawn, what was minted.
    expect(rewardSoFar(escrow, depositView({ rewarded: true, rewardMinted: '7' }), END)).toBe(7n);
    expect(timeLocked(escrow, deposit, START + 3_660n)).toBe(3_600n);
    expect(timeLocked(escrow, deposit, END + 99n)).toBe(END - START - 60n);
  });

  it('offers Join and Early withdraw while locked, never to the creator for joining', () => {
    expect(actions()).toEqual(['join']);
    expect(actions({ deposit: depositView() })).toEqual(['join', 'earlyWithdraw']);
    expect(actions({ viewerWallet: CREATOR })).toEqual([]);
    expect(actions({ viewerWallet: null })).toEqual([]);
    expect(actions({ deposit: depositView({ amount: '0' }) })).toEqual(['join']);
  });

  it('after the end: Withdraw with rewards once, and Claim for the creator when the target was reached', () => {
    const ended = { now: END };
    expect(actions({ ...ended, deposit: depositView() })).toEqual(['withdraw']);
    expect(actions({ ...ended, deposit: depositView({ rewarded: true }) })).toEqual([]);
    expect(actions({ ...ended, viewerWallet: CREATOR })).toEqual([]);
    const reached = escrowView({ totalDeposited: '200000000' });
    expect(actions({ ...ended, escrow: reached, viewerWallet: CREATOR })).toEqual(['claim']);
    expect(
      actions({
        ...ended,
        escrow: escrowView({ totalDeposited: '200000000', claimedAmount: '200000000' }),
        viewerWallet: CREATOR,
      }),
    ).toEqual([]);
    expect(
      actions({
        ...ended,
        escrow: escrowView({ totalDeposited: '200000000', chainStatus: 'paid_out' }),
        viewerWallet: CREATOR,
      }),
    ).toEqual([]);
  });

  it('a pending vault offers only Confirm on chain, to its creator', () => {
    const pending = escrowView({ state: 'pending', startTs: null, endTs: null });
    expect(actions({ escrow: pending, viewerWallet: CREATOR })).toEqual(['confirm']);
    expect(actions({ escrow: pending })).toEqual([]);
  });

  it('claims unclaimed deposits holding lamports, 20 at a time', () => {
    expect(
      claimableDeposits([
        { address: 'a', amount: 5n, claimed: false },
        { address: 'b', amount: 0n, claimed: false },
        { address: 'c', amount: 5n, claimed: true },
      ]),
    ).toEqual(['a']);
    const batches = inBatches(
      Array.from({ length: 45 }, (_, i) => i),
      20,
    );
    expect(batches.map((batch) => batch.length)).toEqual([20, 20, 5]);
  });
});
