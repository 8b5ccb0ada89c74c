import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parseQuery } from '../../http/validate.ts';
import { getEmissionsStats } from './service.ts';

export function emissionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/emissions/stats', async (request) => {
    parseQuery(z.object({}), request.query);
    return getEmissionsStats(ctx.database.db);
  });
}
