import { VAULT_MIN_SUPPORT_SOL } from '@dum/core';
import { t } from '@lingui/core/macro';
import { formatDecimal, formatSol } from '../../lib/i18n/index.ts';

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
