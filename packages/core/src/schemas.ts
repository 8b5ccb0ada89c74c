import { z } from 'zod';

/**
 * One zod schema per payload, used by the server to validate and by the web app to parse.
 * Base-unit integers travel as strings; counts small enough for a double travel as numbers.
 */

const baseUnits = z.string().regex(/^\d+$/, 'must be a base-unit integer string');

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** GET /api/emissions/stats: the stats in the response's `data` field (docs/api.md). */
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

/** The platform stats call (GET /api/emissions/platform-stats); amounts in DUM base units. */
export const platformStatsResponseSchema = z.object({
  totalEvents: z.number().int().nonnegative(),
  totalMinted: baseUnits,
  currentReward: baseUnits,
  eventsUntilHalving: z.number().int().nonnegative(),
  /** Percent of the cap minted, two decimals (0 to 100). */
  percentMinted: z.number().min(0).max(100),
  maxSupply: baseUnits,
  currentEpoch: z.number().int().nonnegative(),
});
export type PlatformStatsResponse = z.infer<typeof platformStatsResponseSchema>;

/** The largest id a ledger row can have (PostgreSQL's bigint). */
export const MAX_LEDGER_ID = (1n << 63n) - 1n;

/** Whether a query value is a ledger row id: decimal digits of a bigint PostgreSQL holds. */
export function isLedgerId(value: string): boolean {
  return /^\d{1,19}$/.test(value) && BigInt(value) <= MAX_LEDGER_ID;
}

/**
 * A ledger page cursor (a row id): anything else, a number too big for the column included, is
 * a 400 before any query (it used to overflow into a 500).
 */
export const ledgerIdSchema = z.string().refine(isLedgerId, 'must be a ledger entry id');

/** GET /api/emissions/ledger: the append-only mint ledger, oldest first, keyset-paged by id. */
export const ledgerQuerySchema = z.object({
  after: ledgerIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const ledgerEntrySchema = z.object({
  id: z.string(),
  eventIndex: z.string().nullable(),
  epoch: z.number().int().nullable(),
  amount: baseUnits,
  recipient: z.string().nullable(),
  kind: z.string(),
  /**
   * What the mint was for, as stored; a tip's and a mystery join's (whose transfer signature
   * would name who paid whom) as a keyed hash, `hmac:…` and `mystery-join:hmac:…`, the same for
   * the same entry on every call.
   */
  reference: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerPageSchema = z.object({
  items: z.array(ledgerEntrySchema),
  nextCursor: z.string().nullable(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** POST /api/faucet: the confirmed airdrop's signature and the test SOL sent, in lamports. */
export const faucetResponseSchema = z.object({
  signature: z.string(),
  lamports: baseUnits,
});
export type FaucetResponse = z.infer<typeof faucetResponseSchema>;
