import { AppError } from '@dum/core';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SharedContext } from '../../context.ts';
import { redisWithLocalFallback } from '../../http/rate-limit-store.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type AuthRateLimitsContext = Pick<SharedContext, 'config' | 'rateLimitStore'>;

export type LimitedEndpoint = 'challenge' | 'verify' | 'refresh';

export interface AuthRateLimits {
  /** Counts one call from this IP to the endpoint; a 429 past the limit. */
  byIp(endpoint: LimitedEndpoint, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Counts one call for this wallet from this IP to the endpoint; a 429 past the limit. Never
   * per wallet alone: then anyone could lock a wallet out of sign-in by asking for its
   * challenges from elsewhere (docs/security.md, "Challenge storms").
   */
  byAddress(
    endpoint: LimitedEndpoint,
    address: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void>;
}

/**
 * Fixed-window limits on the sign-in endpoints, per IP and per wallet from one IP
 * (config.auth.rateLimit),
 * counted by @fastify/rate-limit: in Redis when REDIS_URL is set (the context's rateLimitStore,
 * opened and closed with the context), so every instance shares the counts, else in this
 * process. Should Redis be down or fail a call, that call is counted in this process instead
 * (http/rate-limit-store.ts): the limits hold per instance until Redis is back.
 */
export async function registerAuthRateLimits(
  scope: FastifyInstance,
  ctx: AuthRateLimitsContext,
): Promise<AuthRateLimits> {
  const { windowMs, perIp, perAddress } = ctx.config.auth.rateLimit;
  await scope.register(fastifyRateLimit, {
    global: false,
    // In memory: enough entries that flooding with addresses cannot evict a live counter soon.
    store: redisWithLocalFallback(ctx.rateLimitStore, {
      nameSpace: `${ctx.config.redisPrefix}:auth-rate:`,
      capacity: 50_000,
    }),
  });

  // The wallet a counter is for is passed through the request, as the plugin keys by request.
  const addressOf = new WeakMap<FastifyRequest, string>();
  const limiters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  for (const endpoint of ['challenge', 'verify', 'refresh'] as const) {
    limiters.set(
      `${endpoint}:ip`,
      scope.createRateLimit({
        max: perIp,
        timeWindow: windowMs,
        keyGenerator: (request) => `${endpoint}:ip:${normalizeIP(request.ip)}`,
      }),
    );
    limiters.set(
      `${endpoint}:address`,
      scope.createRateLimit({
        max: perAddress,
        timeWindow: windowMs,
        keyGenerator: (request) =>
          `${endpoint}:address:${addressOf.get(request) ?? ''}:${normalizeIP(request.ip)}`,
      }),
    );
  }

  async function take(name: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`no rate limiter named ${name}`);
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError('rate_limited', {
      message: 'Too many sign-in attempts. Please wait a moment and try again.',
    });
  }

  return {
    byIp: (endpoint, request, reply) => take(`${endpoint}:ip`, request, reply),
    byAddress: (endpoint, address, request, reply) => {
      addressOf.set(request, address);
      return take(`${endpoint}:address`, request, reply);
    },
  };
}
