import { AppError } from '@dum/core';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../context.ts';

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

export interface TokenService {
  readonly accessTokenTtlSeconds: number;
  issueAccessToken(user: AuthUser): Promise<string>;
  /** Resolves the token's user, or throws AppError('unauthorized'). */
  verifyAccessToken(token: string): Promise<AuthUser>;
}

export function createTokenService(options: {
  /** At least 32 random bytes (config.ts loads or generates it). */
  secret: Uint8Array;
  accessTokenTtlSeconds: number;
  clock: Clock;
}): TokenService {
  const { secret, accessTokenTtlSeconds, clock } = options;
  if (secret.length < 32) throw new Error('the token secret must be at least 32 bytes');
  const nowSeconds = (): number => Math.floor(clock.now().getTime() / 1000);

  return {
    accessTokenTtlSeconds,
    async issueAccessToken(user) {
      const iat = nowSeconds();
      return new SignJWT({ solAddress: user.solAddress })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: ACCESS_TOKEN_TYPE })
        .setSubject(user.id)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + accessTokenTtlSeconds)
        .setJti(crypto.randomUUID())
        .sign(secret);
    },
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ACCESS_TOKEN_ALGORITHM],
          typ: ACCESS_TOKEN_TYPE,
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: clock.now(),
          clockTolerance: 0,
        });
        const { sub, solAddress } = payload;
        if (typeof sub !== 'string' || typeof solAddress !== 'string') {
          throw new AppError('unauthorized', { message: 'Invalid token received' });
        }
        return { id: sub, solAddress };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JOSEError) {
          throw new AppError('unauthorized', {
            message:
              error instanceof errors.JWTExpired
                ? 'Access token expired'
                : 'Invalid token received',
          });
        }
        throw error;
      }
    },
  };
}
