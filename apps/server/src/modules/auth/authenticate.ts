import { AppError } from '@dum/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser, TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user (and the sign-in session the token belongs to) when the request
     * carried a valid bearer token, else null.
     */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route never reads the bearer token, so a stale one must not turn it into a 401: the
     * sign-in endpoints (challenge, verify, refresh, logout) are how a client with an expired
     * access token gets a new one.
     */
    ignoreBearer?: boolean;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)$/;

/**
 * Reads `Authorization: Bearer <access token>` on every request. No header: `request.user` is
 * null (public reads still work). A header that is malformed, expired or forged: 401, even on
 * public routes, so the client refreshes once and retries instead of silently seeing the
 * signed-out view.
 */
export function registerAuthentication(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header === undefined || request.routeOptions.config.ignoreBearer) return;
    const match = BEARER.exec(header);
    if (!match?.[1]) throw new AppError('unauthorized', { message: 'Invalid token received' });
    request.user = await tokens.verifyAccessToken(match[1]);
  });
}

/** The signed-in user, or a 401. Every protected route starts with this. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
