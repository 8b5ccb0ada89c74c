import {
  challengeRequestSchema,
  refreshRequestSchema,
  verifyRequestSchema,
  type AuthTokens,
  type ChallengeResponse,
  type MeResponse,
} from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import type { TokenService } from './tokens.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { requireUser } from './authenticate.ts';
import { deleteExpired } from './repo.ts';
import { registerAuthRateLimits } from './rate-limits.ts';
import {
  endSession,
  issueChallenge,
  readSignedInUser,
  refreshSession,
  verifySignIn,
  type AuthDeps,
} from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type AuthRoutesContext = Pick<
  SharedContext,
  'clock' | 'config' | 'database' | 'logger' | 'rateLimitStore'
> & {
  bus: EventBus;
  tokens: TokenService;
};

/** What else signing in and out does; each awaited, a failure logged and never refused for. */
export interface AuthHooks {
  /** A wallet signed in (app.ts: blink payments attributed to it). */
  onSignedIn?: (user: { id: string; solAddress: string }) => Promise<void>;
  /** A session ended (app.ts: the push devices it subscribed removed). */
  onSessionEnded?: (session: { userId: string; sessionId: string }) => Promise<void>;
}

/** How often this instance deletes expired challenges and refresh tokens. */
const CLEANUP_INTERVAL_MS = 60_000;

/**
 * Sign-in with a Solana wallet (docs/api.md "Auth"): challenge → verify → tokens; refresh;
 * logout; me. The sign-in endpoints ignore a stale bearer header (see authenticate.ts).
 */
export async function authRoutes(
  app: FastifyInstance,
  ctx: AuthRoutesContext,
  hooks: AuthHooks = {},
): Promise<void> {
  const limits = await registerAuthRateLimits(app, ctx);
  const db = ctx.database.pool;
  const deps = (): AuthDeps => ({
    db,
    tokens: ctx.tokens,
    now: ctx.clock.now(),
    settings: {
      site: { origin: ctx.config.appOrigin, cluster: ctx.config.solana.cluster },
      challengeTtlMs: ctx.config.auth.challengeTtlMs,
      refreshTokenTtlMs: ctx.config.auth.refreshTokenTtlMs,
    },
    async onSignedIn(user) {
      await hooks.onSignedIn?.(user).catch((error: unknown) => {
        ctx.logger.error({ err: error, userId: user.id }, 'attributing payments on sign-in failed');
      });
    },
    async onSessionEnded({ userId, sessionId }) {
      // Every instance closes that session's sockets (4001); the user's other sessions (other
      // devices, other sign-ins) keep theirs.
      ctx.bus.publish({ kind: 'close_session', userId, sessionId }).catch((error: unknown) => {
        logBusFailure(ctx, error);
      });
      await hooks.onSessionEnded?.({ userId, sessionId }).catch((error: unknown) => {
        ctx.logger.error({ err: error, userId }, 'ending a session: its hook failed');
      });
    },
  });
  // The sign-in endpoints count their own calls (rate-limits.ts); logout spends a write.
  const signInRoute = { config: { ignoreBearer: true, writeLimit: 'own' as const } };

  app.post(
    '/api/auth/challenge',
    signInRoute,
    async (request, reply): Promise<ChallengeResponse> => {
      await limits.byIp('challenge', request, reply);
      const body = parseBody(challengeRequestSchema, request.body);
      await limits.byAddress('challenge', body.address, request, reply);
      return issueChallenge(deps(), body);
    },
  );

  app.post('/api/auth/verify', signInRoute, async (request, reply): Promise<AuthTokens> => {
    await limits.byIp('verify', request, reply);
    const body = parseBody(verifyRequestSchema, request.body);
    await limits.byAddress('verify', body.address, request, reply);
    return verifySignIn(deps(), body);
  });

  app.post('/api/auth/refresh', signInRoute, async (request, reply): Promise<AuthTokens> => {
    await limits.byIp('refresh', request, reply);
    const body = parseBody(refreshRequestSchema, request.body);
    return refreshSession(deps(), body);
  });

  const logoutRoute = { config: { ignoreBearer: true, writeLimit: 'other' as const } };
  app.post('/api/auth/logout', logoutRoute, async (request, reply) => {
    const body = parseBody(refreshRequestSchema, request.body);
    await endSession(deps(), body);
    return reply.status(204).send();
  });

  app.get('/api/auth/me', async (request): Promise<MeResponse> => {
    parseQuery(z.object({}), request.query);
    const user = requireUser(request);
    return readSignedInUser(deps(), user.id);
  });

  // Expired rows are useless; each instance sweeps them now and then (harmless if several do).
  let sweeping: Promise<void> | null = null;
  const timer = setInterval(() => {
    sweeping ??= deleteExpired(ctx.database.pool, ctx.clock.now())
      .then(
        () => undefined,
        (error: unknown) => ctx.logger.warn({ err: error }, 'auth cleanup failed'),
      )
      .finally(() => (sweeping = null));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // The database closes after the app: let a sweep under way finish first.
    await sweeping;
  });
}

function logBusFailure(ctx: AuthRoutesContext, error: unknown): void {
  ctx.logger.warn({ err: error }, 'could not publish a session end to the bus');
}
