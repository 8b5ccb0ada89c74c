import { AppError } from '@dum/core';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WRITE_LIMIT_KINDS, type WriteLimitKind } from '../config.ts';
import type { SharedContext } from '../context.ts';
import { redisWithLocalFallback } from './rate-limit-store.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type WriteLimitsContext = Pick<SharedContext, 'config' | 'rateLimitStore'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The write budget this route spends (http/write-limits.ts): one call from the signed-in
     * wallet and one from the IP per request. `own`: the route counts its calls itself (the
     * sign-in endpoints). Every POST/PUT/PATCH/DELETE under /api must name one.
     */
    writeLimit?: WriteLimitKind | 'own';
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Rate limits on every write (docs/api.md "Rate limits"): each write route names its kind in
 * `config.writeLimit`; every call spends one from the signed-in wallet's budget for that kind and
 * one from its IP's (WRITE_RATE_* in config.ts; an IP gets WRITE_RATE_IP_MULTIPLE times a
 * wallet's). Past either: 429 `rate_limited` with `Retry-After`, before the route reads its body,
 * so nothing is written. Counted by @fastify/rate-limit in fixed windows: in Redis when REDIS_URL
 * is set (the context's rateLimitStore, shared by every instance), else in this process. Should
 * Redis fail, writes are let through (its client logs the error), as sign-in does: the service
 * stays up, and the rules of each write do not depend on the limits.
 *
 * Registered before the slices' routes: a write route under /api without a `writeLimit` stops
 * the app at start, so a new route cannot forget its limit.
 */
export async function registerWriteLimits(
  app: FastifyInstance,
  ctx: WriteLimitsContext,
): Promise<void> {
  const { windowMs, perWallet, ipMultiple } = ctx.config.writeLimits;

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !methods.some((m) => WRITE_METHODS.has(m))) return;
    const kind = route.config?.writeLimit;
    if (kind !== 'own' && !WRITE_LIMIT_KINDS.includes(kind as WriteLimitKind)) {
      throw new Error(
        `${methods.join(',')} ${route.url} needs config.writeLimit (http/write-limits.ts)`,
      );
    }
  });

  const limiters = new Map<string, Limiter>();
  // Its own scope: the sign-in routes register the plugin in theirs; one decorator per scope.
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      global: false,
      // In Redis when it is there, shared by every instance; counted in this process while it
      // is not (docs/security.md, Faults), so a Redis outage never lifts the limits.
      store: redisWithLocalFallback(ctx.rateLimitStore, {
        nameSpace: `${ctx.config.redisPrefix}:write-rate:`,
        capacity: 50_000,
      }),
    });
    for (const kind of WRITE_LIMIT_KINDS) {
      limiters.set(
        `${kind}:wallet`,
        scope.createRateLimit({
          max: perWallet[kind],
          timeWindow: windowMs,
          keyGenerator: (request) => `${kind}:wallet:${request.user?.id ?? ''}`,
        }),
      );
      limiters.set(
        `${kind}:ip`,
        scope.createRateLimit({
          max: perWallet[kind] * ipMultiple,
          timeWindow: windowMs,
          keyGenerator: (request) => `${kind}:ip:${normalizeIP(request.ip)}`,
        }),
      );
    }
  });

  async function take(name: string, request: FastifyRequest): Promise<number | null> {
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`no write limiter named ${name}`);
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return null;
    return result.ttlInSeconds;
  }

  // After registerAuthentication's hook: request.user is known. Before the body is parsed.
  app.addHook('onRequest', async (request, reply) => {
    const kind = request.routeOptions.config.writeLimit;
    if (kind === undefined || kind === 'own') return;
    // The IP first: a call its IP refuses spends nothing of the wallet's own budget (someone
    // else's script on a shared IP does not use up an honest wallet's writes).
    const retryAfter =
      (await take(`${kind}:ip`, request)) ??
      (request.user ? await take(`${kind}:wallet`, request) : null);
    if (retryAfter === null) return;
    void reply.header('retry-after', String(Math.max(1, retryAfter)));
    throw new AppError('rate_limited');
  });
}
