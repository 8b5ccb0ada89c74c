import { VAULT_MIN_SUPPORT_SOL } from '@dum/core';
import { INPUT_MESSAGES, type ProgramErrorName } from '@dum/chain/vault-program';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { formatDecimal, formatSol, i18n } from '../../lib/i18n/index.ts';

/**
 * Core's `VAULT_MESSAGES` (the spec's texts, shared with the server) in the active language:
 * the same English, read when shown. vault-messages.test.ts keeps the two in step.
 */
export const VAULT_TEXT = {
  get minimum() {
    const min = formatDecimal(VAULT_MIN_SUPPORT_SOL, 9);
    return t`Minimum vault amount is ${min} SOL`;
  },
  get missingData() {
    return t`Missing required data for vault support`;
  },
  get walletNotFound() {
    return t`Phantom wallet not found. Please install Phantom wallet.`;
  },
  get failedTitle() {
    return t`Failed to Support Vault`;
  },
  get failedFallback() {
    return t`Transaction failed`;
  },
  get successTitle() {
    return t`Vault Supported!`;
  },
  success(sol: string) {
    return t`Successfully vaulted ${sol} SOL on-chain!`;
  },
  get unlocked() {
    return t`Content Unlocked! Target reached!`;
  },
  get paidOut() {
    return t`Creator paid out`;
  },
  /** What is needed (rounded up to the shown 4 decimals, never less than it is) and held. */
  insufficient(needLamports: bigint, haveLamports: bigint) {
    const step = 100_000n;
    const need = formatSol(((needLamports + step - 1n) / step) * step);
    const have = formatSol(haveLamports);
    return t`Insufficient balance. You need ${need} SOL but only have ${have} SOL`;
  },
};

/**
 * The vault program client's input texts (`INPUT_MESSAGES` of @dum/chain/vault-program, the
 * spec's) in the active language: the same English, read when shown.
 */
export const INPUT_TEXT = {
  get durationDays() {
    return t`durationDays must be greater than 0`;
  },
  get multiplier() {
    return t`multiplier must be between 1 and 10`;
  },
  get amount() {
    return t`amount must be greater than 0`;
  },
};

/** An input error's message from the program client, in the active language when known. */
export function inputErrorText(message: string): string {
  if (message === INPUT_MESSAGES.durationDays) return INPUT_TEXT.durationDays;
  if (message === INPUT_MESSAGES.multiplier) return INPUT_TEXT.multiplier;
  if (message === INPUT_MESSAGES.amount) return INPUT_TEXT.amount;
  return message;
}

/**
 * The vault program's errors a person can meet (PROGRAM_ERRORS of @dum/chain/vault-program, the
 * same English); the others are faults of the app or the cluster and keep the program's text.
 */
const PROGRAM_ERROR_TEXT: Partial<Record<ProgramErrorName, MessageDescriptor>> = {
  InvalidMultiplier: msg`multiplier must be between 1 and 10`,
  InvalidDuration: msg`durationDays must be greater than 0`,
  InvalidAmount: msg`amount must be greater than 0`,
  VaultEnded: msg`The vault has ended`,
  VaultLocked: msg`The vault is still locked`,
  TargetNotReached: msg`The vault did not reach its target`,
  AlreadyWithdrawn: msg`This deposit was already withdrawn`,
  AlreadyClaimed: msg`Already claimed`,
  NothingToWithdraw: msg`Nothing to withdraw`,
  Overflow: msg`Amount out of range`,
  CreatorCannotJoin: msg`A creator cannot join their own vault`,
};

/** A vault program error's text, in the active language when a person can act on it. */
export function programErrorText(error: { name: ProgramErrorName; msg: string }): string {
  const text = PROGRAM_ERROR_TEXT[error.name];
  return text ? i18n._(text) : error.msg;
}
