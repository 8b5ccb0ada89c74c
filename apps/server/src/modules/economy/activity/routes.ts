import { ACTIVITY_DEFAULT_LIMIT } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../../context.ts';
import { parseQuery } from '../../../http/validate.ts';
import { getRecentActivity } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type ActivityRoutesContext = Pick<SharedContext, 'database'>;

const ACTIVITY_MAX_LIMIT = 50;

const query = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_MAX_LIMIT).default(ACTIVITY_DEFAULT_LIMIT),
});

export function activityRoutes(app: FastifyInstance, ctx: ActivityRoutesContext): void {
  /** GET /api/activity/recent?limit=n → {items: [{id, type, message, created_at}]}, newest first. */
  app.get('/api/activity/recent', async (request) => {
    const { limit } = parseQuery(query, request.query);
    return getRecentActivity(ctx.database.db, limit);
  });
}
