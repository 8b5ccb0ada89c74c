import { analyticsQuerySchema } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import type { SharedContext } from '../../context.ts';
import { parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import { analyticsResponseJsonSchema } from './json-schemas.ts';
import { getAnalytics, type AnalyticsDeps } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type AnalyticsRoutesContext = Pick<SharedContext, 'clock' | 'database'>;

export function analyticsDepsOf(ctx: AnalyticsRoutesContext): AnalyticsDeps {
  return { pool: ctx.database.pool, clock: ctx.clock };
}

/** The signed-in caller's own figures (docs/api.md "Analytics"). */
export function analyticsRoutes(app: FastifyInstance, ctx: AnalyticsRoutesContext): void {
  const deps = analyticsDepsOf(ctx);
  app.get(
    '/api/analytics',
    { schema: { response: { 200: analyticsResponseJsonSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const query = parseQuery(analyticsQuerySchema, request.query);
      // The caller's own figures: never kept by a shared cache.
      void reply.header('cache-control', 'private, no-store');
      return getAnalytics(deps, user, query.range);
    },
  );
}
