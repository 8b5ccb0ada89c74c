import { t } from '@lingui/core/macro';
import { useCallback, useMemo } from 'react';
import { useAuth, type SignInOptions } from './use-auth.ts';
import { useWallet, useWalletModal } from '../wallet/index.ts';

/** Who is looking at the feed: the one place the feed reads the auth feature. */
export interface Viewer {
  status: 'signed-out' | 'signing-in' | 'authenticated';
  isAuthenticated: boolean;
  userId: string | null;
  wallet: string | null;
  signIn: (options?: SignInOptions) => Promise<boolean>;
}

export function useViewer(): Viewer {
  const auth = useAuth();
  const { status, isAuthenticated } = auth;
  const userId = isAuthenticated ? (auth.user?.id ?? null) : null;
  const wallet = isAuthenticated ? (auth.user?.solAddress ?? null) : null;
  const signIn = useCallback((options?: SignInOptions) => auth.signIn(options), [auth]);
  // Stable while nothing changes, so memoised post cards do not all re-render.
  return useMemo(
    () => ({ status, isAuthenticated, userId, wallet, signIn }),
    [status, isAuthenticated, userId, wallet, signIn],
  );
}

/**
 * What a signed-out like, bookmark or comment shows. Getters, here and below: the texts are read
 * when the toast shows, in the language active then.
 */
export const WALLET_REQUIRED = {
  get title() {
    return t`Wallet Required`;
  },
  get description() {
    return t`Please connect your wallet using the button in the header`;
  },
} as const;

/** What posting without a session shows (spec section 5). */
export const SIGN_IN_REQUIRED = {
  get title() {
    return t`Sign in required`;
  },
  get description() {
    return t`Please connect and sign in with your wallet`;
  },
} as const;

export interface WalletPrompt {
  /** A remembered wallet is being reconnected: the composer shows its loading state. */
  restoring: boolean;
  connecting: boolean;
  /** A wallet is connected (but not signed in): the composer offers 'Sign & Authenticate'. */
  connected: boolean;
  /** Opens the wallet feature's connect modal. */
  connect: () => void;
}

/** What the composer's signed-out button needs from the wallet feature. */
export function useWalletPrompt(): WalletPrompt {
  const { status } = useWallet();
  const modal = useWalletModal();
  return {
    restoring: status === 'restoring',
    connecting: status === 'connecting',
    connected: status === 'connected',
    connect: modal.open,
  };
}
