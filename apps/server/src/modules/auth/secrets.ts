import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AUTH_LIMITS } from '@dum/core';

/** Random values of sign-in: nonces, refresh tokens and their families. */

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const NONCE_LENGTH = 24;

/** 24 alphanumerics (about 143 bits) from the CSPRNG; SIWS asks for at least 8. */
export function newNonce(): string {
  let nonce = '';
  while (nonce.length < NONCE_LENGTH) {
    for (const byte of randomBytes(32)) {
      // 248 = 4 × 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && nonce.length < NONCE_LENGTH) nonce += NONCE_ALPHABET[byte % 62];
    }
  }
  return nonce;
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
