import { AppError } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parseQuery } from '../../http/validate.ts';
import { getWalletRecord } from './service.ts';

const addressParam = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * GET /api/users/{address}: the wallet's public record with its DUM, found by its wallet
   * address (docs/api.md, "Token economy"). 404 for a wallet that never signed in.
   */
  app.get<{ Params: { address: string } }>('/api/users/:address', async (request) => {
    parseQuery(z.object({}), request.query);
    const address = addressParam.safeParse(request.params.address);
    if (!address.success) throw new AppError('bad_request', { message: 'Not a Solana address.' });
    return getWalletRecord(ctx.database.db, {
      solAddress: address.data,
      now: ctx.clock.now(),
      aprBps: ctx.config.economy.stakingAprBps,
    });
  });
}
