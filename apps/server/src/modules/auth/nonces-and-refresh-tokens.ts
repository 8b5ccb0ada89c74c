import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { AUTH_LIMITS } from '@dum/core';
import bs58 from 'bs58';

/** Random values of sign-in: challenge nonces, refresh tokens and their families. */

/** What a challenge was issued for: the nonce's MAC covers all of it. */
export interface ChallengeTerms {
  address: string;
  /** ISO 8601, as the message states it. */
  issuedAt: string;
  expiresAt: string;
  /** The referral code the challenge was asked with (null: none). */
  referralCode: string | null;
}

type ChallengeMac = (terms: string) => Buffer;

const NONCE_RANDOM_BYTES = 12;
const NONCE_MAC_BYTES = 16;

function termsText(random: Uint8Array, terms: ChallengeTerms): string {
  return [
    Buffer.from(random).toString('base64'),
    terms.address,
    terms.issuedAt,
    terms.expiresAt,
    terms.referralCode ?? '',
  ].join('\n');
}

/**
 * A challenge nonce: 12 random bytes (96 bits from the CSPRNG) and the server's MAC of them
 * with the challenge's terms, in base58 (about 38 alphanumerics; SIWS asks for at least 8). It
 * proves by itself that the server issued this challenge, so nothing is stored at issue.
 */
export function newChallengeNonce(mac: ChallengeMac, terms: ChallengeTerms): string {
  const random = randomBytes(NONCE_RANDOM_BYTES);
  return bs58.encode(Buffer.concat([random, mac(termsText(random, terms))]));
}

/** Whether the nonce is one this server issued for exactly these terms (constant time). */
export function isOurChallengeNonce(
  mac: ChallengeMac,
  nonce: string,
  terms: ChallengeTerms,
): boolean {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(nonce);
  } catch {
    return false;
  }
  if (bytes.length !== NONCE_RANDOM_BYTES + NONCE_MAC_BYTES) return false;
  const random = bytes.subarray(0, NONCE_RANDOM_BYTES);
  const expected = mac(termsText(random, terms));
  return timingSafeEqual(bytes.subarray(NONCE_RANDOM_BYTES), expected);
}

const REFRESH_TOKEN = new RegExp(`^[A-Za-z0-9_-]{${AUTH_LIMITS.refreshTokenLength}}$`);

/** An opaque refresh token (32 random bytes, base64url) and the hash that is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function newTokenFamily(): string {
  return randomUUID();
}

/** SHA-256: the token has 256 bits of entropy, so a fast hash is enough to store it safely. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Whether a string has the shape of our refresh tokens (an access token never does). */
export function isRefreshTokenShaped(token: string): boolean {
  return REFRESH_TOKEN.test(token);
}
