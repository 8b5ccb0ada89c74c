import { formatBaseUnitsExact, parseDecimalAmount } from './amounts.ts';

/**
 * Stake dialog and POST /api/users/stake validation, shared by the web app and
 * the server so both say the same thing about the same input.
 */
export type StakeAction = 'stake' | 'unstake';

export const STAKE_MESSAGES = {
  invalidFormat: 'Invalid Format: Please enter a valid amount with up to 9 decimal places.',
  invalidAmount: 'Invalid Amount: Amount must be greater than 0.',
  unparsable: 'Please enter a valid numeric amount.',
  insufficient: (available: bigint, action: StakeAction) =>
    `Insufficient Balance: You only have ${formatBaseUnitsExact(available)} DUM tokens available to ${action}.`,
  failed: (action: StakeAction) => `Failed to ${action} tokens.`,
  success: (action: StakeAction) => (action === 'stake' ? 'Tokens Staked!' : 'Tokens Unstaked!'),
} as const;

export type StakeValidation = { ok: true; amount: bigint } | { ok: false; message: string };

/**
 * `available` is the balance when staking and the staked amount when unstaking.
 * Order of checks: shape (digits and one dot), decimals, greater than zero, available.
 */
export function validateStakeAmount(
  input: string,
  available: bigint,
  action: StakeAction,
): StakeValidation {
  const text = input.trim();
  if (text === '' || !/^[\d.]+$/.test(text))
    return { ok: false, message: STAKE_MESSAGES.unparsable };
  const parsed = parseDecimalAmount(text);
  if (!parsed.ok) {
    return {
      ok: false,
      message:
        parsed.reason === 'too_many_decimals'
          ? STAKE_MESSAGES.invalidFormat
          : STAKE_MESSAGES.unparsable,
    };
  }
  if (parsed.value <= 0n) return { ok: false, message: STAKE_MESSAGES.invalidAmount };
  if (parsed.value > available) {
    return { ok: false, message: STAKE_MESSAGES.insufficient(available, action) };
  }
  return { ok: true, amount: parsed.value };
}

const YEAR_MS = 365n * 24n * 60n * 60n * 1000n;

/** Staking reward accrued on `staked` over `elapsedMs` at `aprBps` a year, rounded down. */
export function stakingAccrual(staked: bigint, aprBps: number, elapsedMs: bigint): bigint {
  if (staked <= 0n || elapsedMs <= 0n || aprBps <= 0) return 0n;
  return (staked * BigInt(aprBps) * elapsedMs) / (10_000n * YEAR_MS);
}
