import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parseQuery } from '../../http/validate.ts';
import { trustPolicyOf } from './jobs.ts';
import { trustSummary } from './service.ts';

export function trustRoutes(app: FastifyInstance, ctx: AppContext): void {
  const policy = trustPolicyOf(ctx);

  app.get('/api/trust', async (request) => {
    parseQuery(z.object({}), request.query);
    return trustSummary(ctx.database.pool, policy);
  });
}
