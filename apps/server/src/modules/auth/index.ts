/**
 * The auth slice's public face: its routes, the signed-in user of a request, the token service
 * and its key (the context builds them), the referral code a new user is given, and a wallet's
 * user for a wallet that proved it acts without signing in (a blink's confirmed transfer).
 * Nothing else in this folder is imported from outside it.
 */
export { registerAuthentication, requireUser } from './authenticate.ts';
export { generateReferralCode } from './referral-code.ts';
export { authRoutes } from './routes.ts';
export { loadAuthSecret } from './token-signing-key.ts';
export { ensureWalletUser, type WalletUser } from './wallet-user.ts';
export { createSessionRevocations, type SessionRevocations } from './session-revocations.ts';
export {
  createTokenService,
  type AuthUser,
  type SessionUser,
  type TokenService,
  type VerifiedAccess,
} from './tokens.ts';
