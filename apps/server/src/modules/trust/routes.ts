import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../context.ts';
import { parseQuery } from '../../http/validate.ts';
import { trustPolicyOf } from './jobs.ts';
import { trustSummary } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type TrustRoutesContext = Pick<SharedContext, 'config' | 'database'>;

export function trustRoutes(app: FastifyInstance, ctx: TrustRoutesContext): void {
  const policy = trustPolicyOf(ctx);

  app.get('/api/trust', async (request) => {
    parseQuery(z.object({}), request.query);
    return trustSummary(ctx.database.pool, policy);
  });
}
