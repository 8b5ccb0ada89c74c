import { isAddress } from '@dum/chain';
import { AppError } from '@dum/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { requestFaucet, type FaucetResult } from './service.ts';

export interface FaucetRouteOptions {
  /**
   * The signed-in user's wallet, or null. Defaults to `request.user.solAddress`, which the auth
   * module is to provide (access tokens carry sub and solAddress, see design.md section 5).
   */
  authenticate?: (request: FastifyRequest) => Promise<{ wallet: string } | null>;
  limiter?: RateLimiter;
}

async function walletFromRequestUser(request: FastifyRequest): Promise<{ wallet: string } | null> {
  const user = (request as FastifyRequest & { user?: { solAddress?: unknown } | null }).user;
  return typeof user?.solAddress === 'string' ? { wallet: user.solAddress } : null;
}

/** POST /api/faucet → { signature, lamports } (docs/api.md). */
export function faucetRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: FaucetRouteOptions = {},
): void {
  const authenticate = options.authenticate ?? walletFromRequestUser;
  const limiter = options.limiter ?? createMemoryRateLimiter();
  app.post('/api/faucet', async (request): Promise<FaucetResult> => {
    const user = await authenticate(request);
    if (!user) throw new AppError('unauthorized');
    if (!isAddress(user.wallet)) throw new AppError('bad_request');
    return requestFaucet(
      {
        chain: ctx.chain,
        limiter,
        settings: { env: ctx.config.env, ...ctx.config.faucet },
        now: ctx.clock.now(),
      },
      { wallet: user.wallet, ip: request.ip },
    );
  });
}
