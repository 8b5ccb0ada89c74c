import { z } from 'zod';

/**
 * One zod schema per payload, used by the server to validate and by the web app to parse.
 * Base-unit integers travel as strings; counts small enough for a double travel as numbers.
 */

const baseUnits = z.string().regex(/^\d+$/, 'must be a base-unit integer string');

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** GET /api/emissions/stats (spec section 3: "in the response's data field"). */
export const emissionsStatsResponseSchema = z.object({
  data: z.object({
    eventsUntilHalving: z.number().int().nonnegative(),
    /** Reward per event now, in DUM base units. */
    currentReward: baseUnits,
    currentEpoch: z.number().int().nonnegative(),
  }),
});
export type EmissionsStatsResponse = z.infer<typeof emissionsStatsResponseSchema>;

/** GET /api/health */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  node: z.string(),
  database: z.enum(['pglite', 'postgres']),
  cluster: z.string(),
  realtime: z.enum(['memory', 'redis']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
