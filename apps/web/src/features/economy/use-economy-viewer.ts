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

/** What a signed-out Stake Tokens (and every signed-in-only action) shows: auth's own toast. */
export { WALLET_REQUIRED } from '../auth/index.ts';
