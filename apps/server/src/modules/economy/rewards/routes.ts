import { LEDGER_ENTRY_KINDS, ledgerIdSchema } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../../context.ts';
import { parseQuery } from '../../../http/validate.ts';
import { requireUser } from '../../auth/index.ts';
import { getRewardsHistory, getRewardsSummary } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type RewardsRoutesContext = Pick<SharedContext, 'clock' | 'config' | 'database'>;

const historyQuery = z.object({
  kind: z.enum(LEDGER_ENTRY_KINDS).optional(),
  /** The id of the last item of the previous page. */
  cursor: ledgerIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export function rewardsRoutes(app: FastifyInstance, ctx: RewardsRoutesContext): void {
  /**
   * GET /api/rewards/summary → the signed-in wallet's account and its earnings by kind
   * ({account, stakingAprBps, byKind: [{kind, amount, count}]}).
   */
  app.get('/api/rewards/summary', async (request) => {
    const user = requireUser(request);
    parseQuery(z.object({}), request.query);
    return getRewardsSummary(ctx.database.db, {
      userId: user.id,
      now: ctx.clock.now(),
      aprBps: ctx.config.economy.stakingAprBps,
    });
  });

  /** GET /api/rewards/history?kind=&cursor=&limit= → {items, nextCursor}, newest first. */
  app.get('/api/rewards/history', async (request) => {
    const user = requireUser(request);
    const query = parseQuery(historyQuery, request.query);
    return getRewardsHistory(ctx.database.db, { userId: user.id, ...query });
  });
}
