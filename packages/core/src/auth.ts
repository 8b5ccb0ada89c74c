import { z } from 'zod';

/**
 * Sign-in payloads (spec sections 3 and 7, docs/api.md "Auth"), shared by the server, which
 * validates with them, and the web app, which parses answers with them.
 */

import { AUTH_LIMITS } from './auth-constants.ts';

export * from './auth-constants.ts';

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export const solanaAddressSchema = z
  .string()
  .min(32, 'must be a Solana address (base58, 32 bytes)')
  .max(AUTH_LIMITS.addressMaxLength, 'must be a Solana address (base58, 32 bytes)')
  .regex(BASE58, 'must be a Solana address (base58, 32 bytes)');

/** POST /api/auth/challenge */
export const challengeRequestSchema = z.object({
  address: solanaAddressSchema,
  chain: z.literal('solana').default('solana'),
  /** From a referral link; an unknown code is ignored, a malformed one too. */
  referralCode: z.string().max(AUTH_LIMITS.referralCodeMaxLength).nullish(),
});
export type ChallengeRequest = z.input<typeof challengeRequestSchema>;

export const challengeResponseSchema = z.object({ messageToSign: z.string() });
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

/**
 * POST /api/auth/verify. `message` is the signed text: the challenge as issued (signMessage,
 * or the signedMessage of solana:signIn decoded as UTF-8). Exactly one of:
 * - `signature`: base58 of the 64-byte ed25519 signature over the UTF-8 bytes of `message`;
 * - `signedTransaction`: base64 of a serialized transaction (legacy or v0), signed by `address`
 *   and never sent, whose only instruction is an SPL Memo carrying exactly `message` (wallets
 *   that cannot sign messages, such as Ledger).
 */
export const verifyRequestSchema = z
  .object({
    address: solanaAddressSchema,
    message: z.string().min(1).max(AUTH_LIMITS.messageMaxLength),
    signature: z
      .string()
      .min(1)
      .max(AUTH_LIMITS.signatureMaxLength, 'must be a base58 ed25519 signature (64 bytes)')
      .regex(BASE58, 'must be base58')
      .optional(),
    signedTransaction: z
      .string()
      .min(1)
      .max(AUTH_LIMITS.signedTransactionMaxLength, 'must be at most 1232 bytes')
      .regex(BASE64, 'must be base64')
      .optional(),
    /** The referral code the challenge was asked with, if any: the challenge is bound to it. */
    referralCode: z.string().max(AUTH_LIMITS.referralCodeMaxLength).nullish(),
  })
  .refine((body) => (body.signature === undefined) !== (body.signedTransaction === undefined), {
    message: 'send exactly one of signature and signedTransaction',
    path: ['signature'],
  });
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

/** The answer of verify and refresh (docs/api.md "Auth"). `expiresIn` is in seconds. */
export const authTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().positive(),
});
export type AuthTokens = z.infer<typeof authTokensSchema>;

/** POST /api/auth/refresh and POST /api/auth/logout */
export const refreshRequestSchema = z.object({
  refreshToken: z.string().min(1).max(AUTH_LIMITS.tokenInputMaxLength),
});

/** GET /api/auth/me */
export const meResponseSchema = z.object({
  id: z.string(),
  solAddress: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isVerified: z.boolean(),
  referralCode: z.string().nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
