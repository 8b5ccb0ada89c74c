import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../../context.ts';
import { parseBody } from '../../../http/validate.ts';
import { requireUser } from '../../auth/index.ts';
import { changeStake, claimStakingRewards } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type StakingRoutesContext = Pick<SharedContext, 'clock' | 'config' | 'database'>;

const stakeBody = z.strictObject({
  amount: z.string().max(64),
  action: z.enum(['stake', 'unstake']),
});

export function stakingRoutes(app: FastifyInstance, ctx: StakingRoutesContext): void {
  const aprBps = ctx.config.economy.stakingAprBps;

  /** POST /api/users/stake {amount, action} → the account (docs/api.md). */
  app.post('/api/users/stake', { config: { writeLimit: 'other' } }, async (request) => {
    const user = requireUser(request);
    const body = parseBody(stakeBody, request.body);
    return changeStake(ctx.database.db, {
      userId: user.id,
      action: body.action,
      amount: body.amount,
      now: ctx.clock.now(),
      aprBps,
    });
  });

  /** POST /api/users/stake/claim → {claimed, account}. */
  app.post('/api/users/stake/claim', { config: { writeLimit: 'other' } }, async (request) => {
    const user = requireUser(request);
    parseBody(z.strictObject({}).optional(), request.body);
    return claimStakingRewards(ctx.database.db, {
      userId: user.id,
      now: ctx.clock.now(),
      aprBps,
    });
  });
}
