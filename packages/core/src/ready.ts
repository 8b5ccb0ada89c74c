import { z } from 'zod';

/**
 * GET /api/ready (docs/deploy.md): 200 with this when the instance can serve; when not, 503
 * `service_unavailable` in the API's error shape with `details: { checks }`. Each dependency's
 * check: `skipped` when not configured (no Redis: events stay in this process).
 */
export const readyCheckSchema = z.enum(['ok', 'failed', 'skipped']);
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    migrations: readyCheckSchema,
    database: readyCheckSchema,
    redis: readyCheckSchema,
    objectStore: readyCheckSchema,
    cluster: readyCheckSchema,
  }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
export type ReadyCheck = z.infer<typeof readyCheckSchema>;
