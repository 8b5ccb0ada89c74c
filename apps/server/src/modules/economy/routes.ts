import type { FastifyInstance } from 'fastify';
import { activityRoutes } from './activity/routes.ts';
import { referralRoutes } from './referrals/routes.ts';
import type { GiveReferralCode } from './referrals/service.ts';
import { rewardsRoutes } from './rewards/routes.ts';
import { stakingRoutes } from './staking/routes.ts';

/** The fields of the app context (create-context.ts) the four parts' routes use. */
type EconomyRoutesContext = Parameters<typeof stakingRoutes>[1] &
  Parameters<typeof referralRoutes>[1] &
  Parameters<typeof activityRoutes>[1] &
  Parameters<typeof rewardsRoutes>[1];

/**
 * The token economy's endpoints (docs/api.md, "Token economy"). `giveReferralCode` is the users
 * slice's (the code is a column of users).
 */
export function economyRoutes(
  app: FastifyInstance,
  ctx: EconomyRoutesContext,
  giveReferralCode: GiveReferralCode,
): void {
  stakingRoutes(app, ctx);
  referralRoutes(app, ctx, giveReferralCode);
  activityRoutes(app, ctx);
  rewardsRoutes(app, ctx);
}
