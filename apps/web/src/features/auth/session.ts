import { STORAGE_KEYS } from '@dum/core';
import { AUTH_ERRORS } from './auth-messages.ts';

/** The decoded access-token payload the client relies on. */
export interface SessionToken {
  sub: string;
  solAddress: string;
  /** Seconds since the epoch. */
  exp: number;
}

/** The token keys: a change to any of them in another tab triggers a re-check. */
export const TOKEN_KEYS: readonly string[] = Object.values(STORAGE_KEYS);

/**
 * Decodes a JWT's payload without verifying it (the server does that) and checks the claims
 * the client needs: sub, solAddress, exp. Anything else is 'Invalid token
 * received'. Pass `nowMs` to also reject an expired token.
 */
export function decodeAccessToken(token: string, nowMs?: number): SessionToken {
  const payload = token.split('.')[1];
  let claims: unknown;
  try {
    claims = payload === undefined ? undefined : JSON.parse(base64UrlToText(payload));
  } catch {
    claims = undefined;
  }
  if (
    typeof claims !== 'object' ||
    claims === null ||
    typeof (claims as { sub?: unknown }).sub !== 'string' ||
    typeof (claims as { solAddress?: unknown }).solAddress !== 'string' ||
    typeof (claims as { exp?: unknown }).exp !== 'number'
  ) {
    throw new Error(AUTH_ERRORS.invalidToken);
  }
  const { sub, solAddress, exp } = claims as SessionToken;
  if (!sub || !solAddress) throw new Error(AUTH_ERRORS.invalidToken);
  if (nowMs !== undefined && exp * 1000 <= nowMs) throw new Error(AUTH_ERRORS.invalidToken);
  return { sub, solAddress, exp };
}

function base64UrlToText(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export interface StoredSession {
  accessToken: string;
  refreshToken: string | null;
  /** Milliseconds since the epoch (dum.jwt.exp). */
  expiresAt: number | null;
  /** Milliseconds since the epoch (dum.jwt.created). */
  createdAt: number | null;
}

export function readSession(storage: Storage): StoredSession | null {
  const accessToken =
    storage.getItem(STORAGE_KEYS.jwt) ?? storage.getItem(STORAGE_KEYS.accessToken);
  if (!accessToken) return null;
  return {
    accessToken,
    refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
    expiresAt: readNumber(storage, STORAGE_KEYS.jwtExp),
    createdAt: readNumber(storage, STORAGE_KEYS.jwtCreated),
  };
}

function readNumber(storage: Storage, key: string): number | null {
  const text = storage.getItem(key);
  if (text === null) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Stores a session under the spec's keys. `createdAt` is written on sign-in only: a refresh
 * keeps the session's creation time (the 5 s fresh-token grace is about a new sign-in).
 */
export function writeSession(
  storage: Storage,
  session: { accessToken: string; refreshToken: string; expiresAt: number; createdAt?: number },
): void {
  storage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  storage.setItem(STORAGE_KEYS.jwtExp, String(session.expiresAt));
  if (session.createdAt !== undefined) {
    storage.setItem(STORAGE_KEYS.jwtCreated, String(session.createdAt));
  }
  storage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  // Written last: other tabs re-check on this key and must find the rest already in place.
  storage.setItem(STORAGE_KEYS.jwt, session.accessToken);
}

export function clearSession(storage: Storage): void {
  // dum.jwt first, so another tab re-checking mid-way already sees no session.
  storage.removeItem(STORAGE_KEYS.jwt);
  for (const key of TOKEN_KEYS) storage.removeItem(key);
}
