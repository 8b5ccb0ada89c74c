import { isAddress } from '@dum/chain';
import { AppError } from '@dum/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { requestFaucet, type FaucetResult } from './service.ts';

export interface FaucetRouteOptions {
  /**
   * The signed-in user's wallet, or null. Defaults to `request.user.solAddress` (the bearer
   * token, see modules/auth/authenticate.ts).
   */
  authenticate?: (request: FastifyRequest) => Promise<{ wallet: string } | null>;
  limiter?: RateLimiter;
}

function walletFromRequestUser(request: FastifyRequest): Promise<{ wallet: string } | null> {
  return Promise.resolve(request.user ? { wallet: request.user.solAddress } : null);
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
