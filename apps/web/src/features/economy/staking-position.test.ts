import { describe, expect, it } from 'vitest';
import { stakingFigures } from './staking-position.ts';

const DUM = 1_000_000_000n;
const YEAR_MS = 365 * 86_400_000;

describe('staking position', () => {
  it('adds what the stake earned since the last answer to the rewards it reported', () => {
    const balances = { balance: 0n, staked: 1000n * DUM, rewards: 5n * DUM };
    expect(stakingFigures(balances, 1000, YEAR_MS)).toEqual({
      accrued: 105n * DUM,
      yearly: 100n * DUM,
    });
    expect(stakingFigures(balances, 1000, 0).accrued).toBe(5n * DUM);
    // A clock that runs behind the answer's time adds nothing.
    expect(stakingFigures(balances, 1000, -5000).accrued).toBe(5n * DUM);
  });
});
