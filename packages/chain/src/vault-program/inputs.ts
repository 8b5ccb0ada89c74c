import {
  MAX_MULTIPLIER,
  MIN_MULTIPLIER,
  TARGET_UNIT_LAMPORTS,
  U32_MAX,
  U64_MAX,
} from './constants.ts';

/** The program's input checks, made in the client before anything is signed. */
export class VaultInputError extends Error {
  constructor(
    readonly field: 'postId' | 'durationDays' | 'multiplier' | 'amount',
    message: string,
  ) {
    super(message);
    this.name = 'VaultInputError';
  }
}

export const INPUT_MESSAGES = {
  postId: 'postId must be a positive integer',
  durationDays: 'durationDays must be greater than 0',
  durationDaysTooLong: `durationDays must be a whole number of days up to ${U32_MAX}`,
  multiplier: 'multiplier must be between 1 and 10',
  amount: 'amount must be greater than 0',
  amountTooLarge: 'amount must fit in 64 bits of lamports',
} as const;

/** A post id is a non-negative integer that fits the program's u64. */
export function checkPostId(postId: bigint | number | string): bigint {
  let value: bigint;
  if (typeof postId === 'bigint') value = postId;
  else if (typeof postId === 'number' && Number.isSafeInteger(postId)) value = BigInt(postId);
  else if (typeof postId === 'string' && /^\d+$/.test(postId)) value = BigInt(postId);
  else throw new VaultInputError('postId', INPUT_MESSAGES.postId);
  if (value < 0n || value > U64_MAX) throw new VaultInputError('postId', INPUT_MESSAGES.postId);
  return value;
}

export function checkDurationDays(durationDays: number): number {
  if (!(durationDays > 0)) throw new VaultInputError('durationDays', INPUT_MESSAGES.durationDays);
  if (!Number.isInteger(durationDays) || durationDays > U32_MAX) {
    throw new VaultInputError('durationDays', INPUT_MESSAGES.durationDaysTooLong);
  }
  return durationDays;
}

export function checkMultiplier(multiplier: number): number {
  if (!Number.isInteger(multiplier) || multiplier < MIN_MULTIPLIER || multiplier > MAX_MULTIPLIER) {
    throw new VaultInputError('multiplier', INPUT_MESSAGES.multiplier);
  }
  return multiplier;
}

export function checkJoinAmount(lamports: bigint): bigint {
  if (typeof lamports !== 'bigint' || lamports <= 0n) {
    throw new VaultInputError('amount', INPUT_MESSAGES.amount);
  }
  if (lamports > U64_MAX) throw new VaultInputError('amount', INPUT_MESSAGES.amountTooLarge);
  return lamports;
}

/** The vault's target in lamports: 0.1 SOL per multiplier step. */
export function targetAmountFor(multiplier: number): bigint {
  return TARGET_UNIT_LAMPORTS * BigInt(checkMultiplier(multiplier));
}
