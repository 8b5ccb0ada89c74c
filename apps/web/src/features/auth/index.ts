/**
 * The auth feature's face: sign-in (the session, its provider and hooks), the viewer (who is
 * looking, signed in or not), its texts, the referral code kept until sign-in and the connect
 * prompt.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { AUTH_TOASTS } from './auth-messages.ts';
export { ConnectPrompt } from './connect-prompt.tsx';
export { useReferralCapture } from './referral-capture.ts';
export { AuthProvider, useAuth, useAuthMachine } from './use-auth.ts';
export type { AuthContextValue } from './use-auth.ts';
export { SIGN_IN_REQUIRED, WALLET_REQUIRED, useViewer, useWalletPrompt } from './use-viewer.ts';
export type { Viewer } from './use-viewer.ts';
