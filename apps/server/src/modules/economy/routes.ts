import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { activityRoutes } from './activity/routes.ts';
import { referralRoutes } from './referrals/routes.ts';
import { rewardsRoutes } from './rewards/routes.ts';
import { stakingRoutes } from './staking/routes.ts';

/** The token economy's endpoints (docs/api.md, "Token economy"). */
export function economyRoutes(app: FastifyInstance, ctx: AppContext): void {
  stakingRoutes(app, ctx);
  referralRoutes(app, ctx);
  activityRoutes(app, ctx);
  rewardsRoutes(app, ctx);
}
