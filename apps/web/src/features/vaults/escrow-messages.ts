import { INPUT_MESSAGES, type ProgramErrorName } from '@dum/chain/vault-program';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { i18n } from '../../lib/i18n/index.ts';

// The escrow's texts apart from vault-messages.ts: they read the vault program's client, which
// only the escrow's lazily loaded code may pull in (a plain vault's panel is in the first load).

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
