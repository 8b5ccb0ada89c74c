import { VAULT_MIN_SUPPORT_SOL } from '@dum/core';
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
