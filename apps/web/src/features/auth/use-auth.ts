import { createContext, createElement, useContext, type ReactNode } from 'react';

/**
 * Wallet sign-in state (spec section 4). FIRST VERSION: a stub so other features can import the
 * hook; the auth feature completes it (state machine, storage, refresh) behind the same shape.
 */
export type AuthStatus = 'signed-out' | 'signing-in' | 'authenticated';

export interface AuthUser {
  id: string;
  solAddress: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  isAuthenticated: boolean;
  /** Starts a sign-in; resolves true when authenticated, false when refused or already running. */
  signIn(): Promise<boolean>;
  signOut(): Promise<void>;
}

const signedOut: AuthContextValue = {
  status: 'signed-out',
  user: null,
  isAuthenticated: false,
  signIn: async () => false,
  signOut: async () => {},
};

const AuthContext = createContext<AuthContextValue>(signedOut);

export function AuthProvider({ children }: { children: ReactNode }) {
  return createElement(AuthContext.Provider, { value: signedOut }, children);
}

export function useAuth(): AuthContextValue {
  return useContext(AuthContext);
}
