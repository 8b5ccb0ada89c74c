import { AppError } from '@dum/core';
import { createHmac, createSecretKey, randomUUID } from 'node:crypto';
import { createVerifier, TokenError } from 'fast-jwt';
import type { Clock } from '../../clock.ts';
import { createSessionRevocations, type SessionRevocations } from './session-revocations.ts';

/**
 * Access tokens: short-lived JWTs (RFC 8725 practice). One algorithm (HS256) is accepted, the
 * type header is `at+jwt` (RFC 9068), and issuer and audience are checked, so a token minted for
 * anything else (a refresh token is opaque and never a JWT) is refused.
 */
export const ACCESS_TOKEN_ALGORITHM = 'HS256';
export const ACCESS_TOKEN_TYPE = 'at+jwt';
export const TOKEN_ISSUER = 'dum-club';
export const TOKEN_AUDIENCE = 'dum-club-api';

/** Who a valid access token speaks for. */
export interface AuthUser {
  id: string;
  solAddress: string;
}

/** A signed-in user in one session: the refresh-token family their tokens belong to. */
export interface SessionUser extends AuthUser {
  sessionId: string;
}

/** What a valid access token says: its user, its session (claim `sid`) and its expiry. */
export interface VerifiedAccess extends SessionUser {
  /** Unix seconds (claim `exp`). */
  expiresAt: number;
}

export interface TokenService {
  readonly accessTokenTtlSeconds: number;
  /**
   * The server's MAC (HMAC-SHA-256, first 16 bytes) of a sign-in challenge's terms, under a key
   * derived from the same secret, for this purpose only: a nonce that carries it proves the
   * server issued that challenge (service.ts).
   */
  readonly challengeMac: (terms: string) => Buffer;
  issueAccessToken(user: SessionUser): Promise<string>;
  /**
   * Resolves the token's user and session, or throws AppError('unauthorized'): forged,
   * expired, or its session revoked.
   */
  verifyAccessToken(token: string): Promise<VerifiedAccess>;
  /** Refuses every access token of the session from now on, on every instance (sign-out). */
  revokeSession(sessionId: string): Promise<void>;
}

export function createTokenService(options: {
  /** At least 32 random bytes (config.ts loads or generates it). */
  secret: Uint8Array;
  accessTokenTtlSeconds: number;
  clock: Clock;
  /** Where revoked sessions are kept (default: this process only). */
  revocations?: SessionRevocations;
}): TokenService {
  const { secret, accessTokenTtlSeconds, clock } = options;
  const revocations =
    options.revocations ?? createSessionRevocations({ redis: null, prefix: 'dum', clock });
  if (secret.length < 32) throw new Error('the token secret must be at least 32 bytes');
  const nowSeconds = (): number => Math.floor(clock.now().getTime() / 1000);
  /**
   * fast-jwt verifies with node:crypto, synchronously (jose goes through WebCrypto's job queue:
   * about 250 µs a request in bench:feed). One algorithm, the type, issuer and audience are
   * checked there; expiry against the injected clock below, so tests can move time.
   */
  const verify = createVerifier({
    key: Buffer.from(secret),
    algorithms: [ACCESS_TOKEN_ALGORITHM],
    checkTyp: ACCESS_TOKEN_TYPE,
    allowedIss: TOKEN_ISSUER,
    allowedAud: TOKEN_AUDIENCE,
    requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    ignoreExpiration: true,
    ignoreNotBefore: true,
  });
  /**
   * Tokens verified before, with what they say: a signed-in request then costs a Map lookup
   * instead of a signature check (fast-jwt's own cache hashed every token with SHA-256 to find
   * it, as dear as verifying it: ~15 µs a request in bench:feed). Kept by the token's signature
   * (43 characters to hash rather than the whole token's ~300), and used only when the whole
   * token is the identical string. Only a token that verified is ever kept. Expiry and
   * revocation are still checked on every use. Past VERIFIED_MAX the oldest goes first.
   */
  const verified = new Map<string, { token: string; access: VerifiedAccess }>();
  const signingKey = createSecretKey(secret);
  const challengeKey = createSecretKey(
    createHmac('sha256', signingKey).update('dum-club sign-in challenge nonce v1').digest(),
  );
  const header = base64urlJson({ alg: ACCESS_TOKEN_ALGORITHM, typ: ACCESS_TOKEN_TYPE });

  return {
    accessTokenTtlSeconds,
    challengeMac(terms) {
      return createHmac('sha256', challengeKey).update(terms).digest().subarray(0, 16);
    },
    /**
     * The compact JWS is written here with node:crypto's HMAC, which is synchronous: jose signs
     * through WebCrypto, whose round trip costs ten times more (bench:auth measured 100 µs per
     * token). The tests verify every token issued here with jose too.
     */
    async issueAccessToken(user) {
      const iat = nowSeconds();
      const payload = base64urlJson({
        solAddress: user.solAddress,
        sub: user.id,
        sid: user.sessionId,
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
        iat,
        exp: iat + accessTokenTtlSeconds,
        jti: randomUUID(),
      });
      const signature = createHmac('sha256', signingKey)
        .update(`${header}.${payload}`)
        .digest('base64url');
      return `${header}.${payload}.${signature}`;
    },
    async verifyAccessToken(token) {
      const signature = token.slice(token.lastIndexOf('.') + 1);
      const known = verified.get(signature);
      let access: VerifiedAccess;
      if (known?.token === token) {
        access = known.access;
      } else {
        access = checkSignedClaims(verify, token);
        verified.delete(signature);
        if (verified.size >= VERIFIED_MAX) {
          const oldest = verified.keys().next();
          if (!oldest.done) verified.delete(oldest.value);
        }
        verified.set(signature, { token, access });
      }
      if (access.expiresAt <= nowSeconds()) {
        verified.delete(signature);
        throw new AppError('unauthorized', { message: 'Access token expired' });
      }
      if (await revocations.isRevoked(access.sessionId)) {
        throw new AppError('unauthorized', { message: 'Session ended' });
      }
      return access;
    },
    async revokeSession(sessionId) {
      // Every token of the session was issued before now, so none outlives now + the TTL.
      await revocations.revoke(sessionId, accessTokenTtlSeconds + 1);
    },
  };
}

/** Verified tokens kept per instance (about 1 KB each). */
const VERIFIED_MAX = 10_000;

/** The token's claims once its signature, type, issuer and audience are checked. */
function checkSignedClaims(verify: (token: string) => unknown, token: string): VerifiedAccess {
  let payload: { sub?: unknown; sid?: unknown; solAddress?: unknown; exp?: unknown };
  try {
    payload = verify(token) as typeof payload;
  } catch (error) {
    if (error instanceof TokenError) {
      throw new AppError('unauthorized', { message: 'Invalid token received' });
    }
    throw error;
  }
  const { sub, sid, solAddress, exp } = payload;
  if (
    typeof sub !== 'string' ||
    typeof sid !== 'string' ||
    typeof solAddress !== 'string' ||
    typeof exp !== 'number'
  ) {
    throw new AppError('unauthorized', { message: 'Invalid token received' });
  }
  // Frozen: every request with this token shares the one object.
  return Object.freeze({ id: sub, solAddress, sessionId: sid, expiresAt: exp });
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}
