import {
  clearPendingReferralCode,
  getPendingReferralCode,
  referralCodeFromSearch,
} from './referral-capture.ts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import { setAuthHooks } from '../../lib/api-client.ts';
import { useWallet } from '../wallet/index.ts';
import { walletChain } from '../wallet/index.ts';
import { signInFeature, signMessageFeature, signingPath } from '../wallet/index.ts';
import { createAuthApi } from './auth-api.ts';
import {
  AuthMachine,
  type AuthStatus,
  type AuthUser,
  type SignInOptions,
  type WalletView,
} from './auth-machine.ts';

export type { AuthStatus, AuthUser, SignInOptions };

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  isAuthenticated: boolean;
  /** Manual sign-in; resolves true when authenticated, false when refused or already running. */
  signIn: (options?: SignInOptions) => Promise<boolean>;
  /** Revokes the session on the server and clears it here (the wallet stays connected). */
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);
const MachineContext = createContext<AuthMachine | null>(null);

/**
 * The referral to attach at sign-in: the `?ref=CODE` kept since the person arrived through a
 * referral link (features/economy/referral-capture.ts), else one on the current URL.
 */
function pendingReferral(): string | null {
  return getPendingReferralCode() ?? referralCodeFromSearch(window.location.search);
}

function installAuthHooks(machine: AuthMachine): void {
  setAuthHooks({
    getAccessToken: machine.getAccessToken,
    refresh: () => machine.refresh(),
    pending: machine.pendingRefresh,
  });
}

/**
 * Runs the auth state machine for the app: feeds it the wallet connection, installs the API
 * client's token and 401-refresh hooks, re-checks on storage changes from other tabs, and
 * refetches the message feed after a sign-in. Must sit inside WalletProvider and
 * QueryClientProvider.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const [machine] = useState(() => {
    const created = new AuthMachine({
      storage: window.localStorage,
      api: createAuthApi(),
      notify: (t) => toast(t),
      onSignedIn: () => {
        // The server attaches a referral once, at the first sign-in; the code is spent either way.
        clearPendingReferralCode();
        void queryClient.invalidateQueries({ queryKey: ['/api/messages-v2/feed'] });
      },
      referralCode: pendingReferral,
      locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
    });
    created.start();
    // Installed now rather than in an effect: child components' queries start before this
    // provider's effects run, and must already carry the token.
    installAuthHooks(created);
    return created;
  });
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);

  useEffect(() => {
    installAuthHooks(machine);
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage) machine.handleStorageChange(event.key);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      setAuthHooks({ getAccessToken: () => null, refresh: async () => false });
    };
  }, [machine]);

  useWalletForMachine(machine, wallet);

  // The session belongs to the user: drop their cached profile when they sign out.
  useEffect(() => {
    if (state.status === 'signed-out') queryClient.removeQueries({ queryKey: ['/api/auth/me'] });
  }, [state.status, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      isAuthenticated: state.status === 'authenticated',
      signIn: (options) => machine.signIn(options),
      signOut: () => machine.signOut(),
    }),
    [state, machine],
  );
  return createElement(
    MachineContext.Provider,
    { value: machine },
    createElement(AuthContext.Provider, { value }, children),
  );
}

/**
 * Feeds the machine the wallet connection as it sees it; 'restoring' and 'connecting' are not
 * reported (a remembered wallet reconnecting is not a disconnect).
 */
function useWalletForMachine(machine: AuthMachine, wallet: ReturnType<typeof useWallet>) {
  const { status: walletStatus, wallet: current, account, config } = wallet;
  useEffect(() => {
    if (walletStatus === 'disconnected') {
      machine.setWallet(null);
      return;
    }
    if (walletStatus !== 'connected' || !current || !account) return;
    const context = {
      chain: walletChain(config?.cluster ?? 'devnet'),
      rpcUrl: config?.rpcUrl ?? '/rpc',
    };
    const view: WalletView = {
      address: account.address,
      canSignMessage: Boolean(signInFeature(current) ?? signMessageFeature(current, account)),
      canSign: signingPath(current, account) !== null,
      // The signing code (SIWS fields, encodings, memo transaction) loads when first needed.
      sign: async (message) => {
        const { signChallenge } = await import('./sign-challenge.ts');
        return signChallenge(current, account, message, context);
      },
    };
    machine.setWallet(view);
  }, [machine, walletStatus, current, account, config]);
}

const signedOut: AuthContextValue = {
  status: 'signed-out',
  user: null,
  isAuthenticated: false,
  signIn: async () => false,
  signOut: async () => {},
};

/** The sign-in state. Outside an AuthProvider: signed out. */
export function useAuth(): AuthContextValue {
  return useContext(AuthContext) ?? signedOut;
}

/** The machine itself, for refresh and ensureAccessToken (the socket, chain calls). */
export function useAuthMachine(): AuthMachine | null {
  return useContext(MachineContext);
}
