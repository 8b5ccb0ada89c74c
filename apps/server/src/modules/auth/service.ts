import { decodeTransaction, WireFormatError } from '@dum/chain';
import {
  AppError,
  type AuthTokens,
  type ChallengeResponse,
  type MeResponse,
  type VerifyRequest,
} from '@dum/core';
import type pg from 'pg';
import { generateReferralCode } from './referral-code.ts';
import { decodeBase58, verifyEd25519, walletAddressBytes } from './ed25519.ts';
import { readMe, revokeFamily, rotateRefreshToken, signInUser, useNonceAndSignIn } from './repo.ts';
import {
  hashRefreshToken,
  isOurChallengeNonce,
  isRefreshTokenShaped,
  newChallengeNonce,
  newRefreshToken,
  newTokenFamily,
} from './nonces-and-refresh-tokens.ts';
import {
  challengeMessage,
  checkIssuedText,
  checkMessageFields,
  readMemoProof,
  readSignedMessage,
  type SignedProof,
  type SignInSite,
} from './sign-in.ts';
import type { TokenService } from './tokens.ts';

/**
 * Sign-in, refresh and sign-out. Each function takes its dependencies (database, token service,
 * the time now, settings) as arguments; the routes only parse input and call one of them.
 */
export interface AuthDeps {
  db: Pick<pg.Pool, 'query'>;
  tokens: TokenService;
  now: Date;
  settings: AuthSettings;
  /**
   * A session (refresh-token family) ended, sign-out or a reused refresh token, and its access
   * tokens are revoked: close its sockets on every instance.
   */
  onSessionEnded?(session: { userId: string; sessionId: string }): Promise<void>;
  /**
   * The wallet signed in (its user may be new): what it paid before it had a user here is
   * attributed to it now. Its failure is logged by the caller and never fails the sign-in.
   */
  onSignedIn?(user: { id: string; solAddress: string }): Promise<void>;
}

export interface AuthSettings {
  site: SignInSite;
  challengeTtlMs: number;
  refreshTokenTtlMs: number;
}

/** Referral codes we hand out are 4 to 32 of these; anything else cannot name a referrer. */
const REFERRAL_CODE = /^[A-Za-z0-9_-]{4,32}$/;

const invalidAddress = (path = 'address'): AppError =>
  new AppError('validation_failed', {
    details: [{ path, message: 'must be a Solana wallet address (an ed25519 public key)' }],
  });

/** A referral code as a challenge is bound to it: one we could have handed out, or none. */
function referralCodeOf(code: string | null | undefined): string | null {
  return code && REFERRAL_CODE.test(code) ? code : null;
}

/**
 * POST /api/auth/challenge: a SIWS message whose single-use nonce carries the server's MAC of
 * the challenge's terms (address, issued-at, expiration, referral code). Nothing is stored: the
 * nonce proves the challenge at verify, which records it as used (decision 005).
 */
export function issueChallenge(
  deps: AuthDeps,
  input: { address: string; referralCode?: string | null | undefined },
): ChallengeResponse {
  if (!walletAddressBytes(input.address)) throw invalidAddress();
  const expiresAt = new Date(deps.now.getTime() + deps.settings.challengeTtlMs);
  const nonce = newChallengeNonce(deps.tokens.challengeMac, {
    address: input.address,
    issuedAt: deps.now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    referralCode: referralCodeOf(input.referralCode),
  });
  const message = challengeMessage(deps.settings.site, {
    address: input.address,
    nonce,
    issuedAt: deps.now,
    expiresAt,
  });
  return { messageToSign: message };
}

/**
 * POST /api/auth/verify. Malformed input is a 400 before anything is read. Everything that can
 * be checked without the database is checked first: the message's fields, that its text is the
 * text issued, that its nonce is the server's for these terms (and the referral code sent with
 * the challenge, sent again here), the proof and the signature. Then one statement records the
 * nonce as used (a second use finds it there) and signs the wallet in.
 */
export async function verifySignIn(deps: AuthDeps, input: VerifyRequest): Promise<AuthTokens> {
  const publicKey = decodeBase58(input.address);
  if (!publicKey || publicKey.length !== 32) throw invalidAddress();
  const messageBytes = Buffer.from(input.message, 'utf8');
  const readProof = proofReader(input, messageBytes);

  const fields = readSignedMessage(input.message);
  checkMessageFields({
    site: deps.settings.site,
    address: input.address,
    fields,
    now: deps.now,
  });
  checkIssuedText({
    site: deps.settings.site,
    address: input.address,
    message: input.message,
    fields,
  });
  const referralCode = referralCodeOf(input.referralCode);
  const terms = {
    address: input.address,
    issuedAt: fields.issuedAt,
    expiresAt: fields.expirationTime,
    referralCode,
  };
  if (!isOurChallengeNonce(deps.tokens.challengeMac, fields.nonce, terms)) {
    throw new AppError('auth_message_mismatch');
  }
  const proof = readProof();
  if (!verifyEd25519(publicKey, proof.signedBytes, proof.signature)) {
    throw new AppError('auth_signature_invalid');
  }

  const refresh = newRefreshToken();
  const refreshToken = {
    familyId: newTokenFamily(),
    hash: refresh.hash,
    expiresAt: new Date(deps.now.getTime() + deps.settings.refreshTokenTtlMs),
  };
  const taken = await useNonceAndSignIn(deps.db, {
    nonce: fields.nonce,
    nonceExpiresAt: new Date(fields.expirationTime),
    address: input.address,
    referralCode,
    newReferralCode: generateReferralCode(),
    refreshToken,
  });
  if (!taken.fresh) throw new AppError('auth_challenge_invalid');
  let user = taken.user;
  // Rare: creating the user lost a race (a concurrent first sign-in of this wallet) or drew a
  // referral code already taken. The challenge is used; sign in again without it.
  for (let attempt = 0; attempt < 4 && !user; attempt++) {
    user = await signInUser(deps.db, {
      address: input.address,
      newReferralCode: generateReferralCode(),
      referredByCode: referralCode,
      refreshToken,
    });
  }
  if (!user) throw new Error('could not sign the wallet in after 4 attempts');
  await deps.onSignedIn?.({ id: user.id, solAddress: input.address });
  return {
    accessToken: await deps.tokens.issueAccessToken({ ...user, sessionId: refreshToken.familyId }),
    refreshToken: refresh.token,
    expiresIn: deps.tokens.accessTokenTtlSeconds,
  };
}

/**
 * Decodes the proof's shape now (a 400 for malformed base58, base64 or lengths) and returns
 * the function that reads it once the challenge has been checked.
 */
function proofReader(input: VerifyRequest, messageBytes: Uint8Array): () => SignedProof {
  if (input.signature !== undefined) {
    const signature = decodeBase58(input.signature);
    if (!signature || signature.length !== 64) {
      throw new AppError('validation_failed', {
        details: [{ path: 'signature', message: 'must be a base58 ed25519 signature (64 bytes)' }],
      });
    }
    return () => ({ signedBytes: messageBytes, signature });
  }
  const bytes = Buffer.from(input.signedTransaction ?? '', 'base64');
  let transaction;
  try {
    transaction = decodeTransaction(bytes);
  } catch (error) {
    if (!(error instanceof WireFormatError)) throw error;
    throw new AppError('validation_failed', {
      details: [
        {
          path: 'signedTransaction',
          message: `must be a serialized transaction: ${error.message}`,
        },
      ],
    });
  }
  return () => readMemoProof(transaction, input.address, messageBytes);
}

/**
 * POST /api/auth/refresh: trades a live refresh token for a new pair (the old one is used up).
 * A token that was already rotated is a reuse, so its whole family is revoked: whoever holds
 * the newest token of that family must sign in again too.
 */
export async function refreshSession(
  deps: AuthDeps,
  input: { refreshToken: string },
): Promise<AuthTokens> {
  if (!isRefreshTokenShaped(input.refreshToken)) throw new AppError('auth_refresh_invalid');
  const hash = hashRefreshToken(input.refreshToken);
  const next = newRefreshToken();
  const user = await rotateRefreshToken(deps.db, {
    hash,
    next: {
      hash: next.hash,
      expiresAt: new Date(deps.now.getTime() + deps.settings.refreshTokenTtlMs),
    },
    now: deps.now,
  });
  if (!user) {
    await endFamily(deps, { hash, onlyIfRotated: true });
    throw new AppError('auth_refresh_invalid');
  }
  return {
    accessToken: await deps.tokens.issueAccessToken({
      id: user.id,
      solAddress: user.solAddress,
      sessionId: user.familyId,
    }),
    refreshToken: next.token,
    expiresIn: deps.tokens.accessTokenTtlSeconds,
  };
}

/**
 * POST /api/auth/logout: revokes the token's family and, at once, every access token issued in
 * it (they would otherwise live until they expire). Unknown or revoked tokens: nothing to do.
 */
export async function endSession(deps: AuthDeps, input: { refreshToken: string }): Promise<void> {
  if (!isRefreshTokenShaped(input.refreshToken)) return;
  await endFamily(deps, { hash: hashRefreshToken(input.refreshToken), onlyIfRotated: false });
}

/**
 * Revokes a refresh-token family in the database, then its access tokens (tokens.revokeSession),
 * then closes its sockets. The access tokens are refused before the caller is answered.
 */
async function endFamily(
  deps: AuthDeps,
  input: { hash: string; onlyIfRotated: boolean },
): Promise<void> {
  const { userId, familyId } = await revokeFamily(deps.db, { ...input, now: deps.now });
  if (!userId || !familyId) return;
  await deps.tokens.revokeSession(familyId);
  await deps.onSessionEnded?.({ userId, sessionId: familyId });
}

/** GET /api/auth/me */
export async function readSignedInUser(
  deps: Pick<AuthDeps, 'db'>,
  userId: string,
): Promise<MeResponse> {
  const me = await readMe(deps.db, userId);
  if (!me) throw new AppError('unauthorized', { message: 'This account no longer exists.' });
  return me;
}
