import { isAddress } from '@dum/chain';
import { AppError } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import type { SharedContext } from '../../context.ts';
import { faucetCalls, outcomeOf } from '../../metrics.ts';
import { requireUser } from '../auth/index.ts';
import { createMemoryRateLimiter } from './rate-limiter.ts';
import { requestFaucet, type FaucetResult } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type FaucetRoutesContext = Pick<SharedContext, 'chain' | 'clock' | 'config'>;

/** POST /api/faucet → { signature, lamports } (docs/api.md). */
export function faucetRoutes(app: FastifyInstance, ctx: FaucetRoutesContext): void {
  const limiter = createMemoryRateLimiter();
  app.post(
    '/api/faucet',
    { config: { writeLimit: 'other' } },
    async (request): Promise<FaucetResult> => {
      const wallet = requireUser(request).solAddress;
      if (!isAddress(wallet)) throw new AppError('bad_request');
      try {
        const sent = await requestFaucet(
          {
            chain: ctx.chain,
            limiter,
            settings: { env: ctx.config.env, ...ctx.config.faucet },
            now: ctx.clock.now(),
          },
          { wallet, ip: request.ip },
        );
        faucetCalls.inc({ outcome: 'sent' });
        return sent;
      } catch (error) {
        faucetCalls.inc({ outcome: outcomeOf(error) });
        throw error;
      }
    },
  );
}
