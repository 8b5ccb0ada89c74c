import { VAULT_MIN_SUPPORT_SOL } from '@dum/core';
import { INPUT_MESSAGES } from '@dum/chain/vault-program';
import { t } from '@lingui/core/macro';

/**
 * Core's `VAULT_MESSAGES` (the spec's texts, shared with the server) in the active language:
 * the same English, read when shown. vault-messages.test.ts keeps the two in step.
 */
export const VAULT_TEXT = {
  get minimum() {
    const min = VAULT_MIN_SUPPORT_SOL;
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
