import { t } from '@lingui/core/macro';
import { useAuth } from '../auth/index.ts';

/** Who the economy screens are for: the signed-in wallet, or nobody (the one read of auth). */
export interface EconomyViewer {
  userId: string | null;
  wallet: string | null;
  isAuthenticated: boolean;
}

export function useEconomyViewer(): EconomyViewer {
  const auth = useAuth();
  const user = auth.isAuthenticated ? auth.user : null;
  return {
    userId: user?.id ?? null,
    wallet: user?.solAddress ?? null,
    isAuthenticated: user !== null,
  };
}

/**
 * What a signed-out Stake Tokens (and every signed-in-only action) shows. Getters: read when the
 * toast shows, in the language active then.
 */
export const WALLET_REQUIRED = {
  get title() {
    return t`Wallet Required`;
  },
  get description() {
    return t`Please connect your wallet using the button in the header`;
  },
} as const;
