import { ACTIVITY_DEFAULT_LIMIT } from '@dum/core';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { activity } from '../../db/schema.ts';
import { parseQuery } from '../../http/validate.ts';

export const ACTIVITY_MAX_LIMIT = 50;

const query = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_MAX_LIMIT).default(ACTIVITY_DEFAULT_LIMIT),
});

export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** GET /api/activity/recent?limit=n → {items: [{id, type, message, created_at}]}, newest first. */
  app.get('/api/activity/recent', async (request) => {
    const { limit } = parseQuery(query, request.query);
    const rows = await ctx.database.db
      .select({
        id: activity.id,
        type: activity.type,
        message: activity.message,
        createdAt: activity.createdAt,
      })
      .from(activity)
      .orderBy(desc(activity.createdAt), desc(activity.id))
      .limit(limit);
    return {
      items: rows.map((row) => ({
        id: row.id.toString(),
        type: row.type,
        message: row.message,
        created_at: row.createdAt.toISOString(),
      })),
    };
  });
}
