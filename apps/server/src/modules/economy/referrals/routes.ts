import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../../context.ts';
import { parseQuery } from '../../../http/validate.ts';
import { requireUser } from '../../auth/index.ts';
import { getReferralLink, getReferralStats, type GiveReferralCode } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type ReferralsRoutesContext = Pick<SharedContext, 'config' | 'database'>;

export function referralRoutes(
  app: FastifyInstance,
  ctx: ReferralsRoutesContext,
  giveCode: GiveReferralCode,
): void {
  /** GET /api/referrals/code → {code, link}; the link opens the app with ?ref=code. */
  app.get('/api/referrals/code', async (request) => {
    const user = requireUser(request);
    parseQuery(z.object({}), request.query);
    return getReferralLink(ctx.database.db, giveCode, {
      userId: user.id,
      appOrigin: ctx.config.appOrigin,
    });
  });

  /** GET /api/referrals/stats → {total_referrals, total_earnings (base units, string)}. */
  app.get('/api/referrals/stats', async (request) => {
    const user = requireUser(request);
    parseQuery(z.object({}), request.query);
    return getReferralStats(ctx.database.db, user.id);
  });
}
