import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestampMs } from './columns.ts';

// ---------------------------------------------------------------------------------------------
// Trust (docs/security.md "Trust"): EigenTrust from the seed wallets over the engagement edges
// of the emission ledger. Owned by modules/trust; every other slice reads it through that face.
// ---------------------------------------------------------------------------------------------

/**
 * One recomputation: when, over which ledger rows (id ≤ max_ledger_id) and with which
 * parameters and seeds, so `npm run audit:trust` can replay it exactly. The newest row is the
 * run whose scores trust_scores holds.
 */
export const trustRuns = pgTable('trust_runs', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  computedAt: timestampMs('computed_at').notNull(),
  /** The newest emission_ledger row the run read (0: an empty ledger). */
  maxLedgerId: bigint('max_ledger_id', { mode: 'bigint' }).notNull(),
  /** core's TrustParams and edge weights as the run used them. */
  params: jsonb('params').notNull(),
  /** The seed wallets' addresses, sorted. */
  seeds: text('seeds').array().notNull(),
  wallets: integer('wallets').notNull(),
  edges: integer('edges').notNull(),
  iterations: integer('iterations').notNull(),
  durationMs: integer('duration_ms').notNull(),
});

/**
 * The latest run's score per wallet with any trust (a wallet with no row has none), and the
 * reward weight derived from it in parts per million (core's trustWeightPpm). No foreign key:
 * the job replaces the table whole, and readers join live users.
 */
export const trustScores = pgTable(
  'trust_scores',
  {
    userId: uuid('user_id').primaryKey(),
    score: doublePrecision('score').notNull(),
    weightPpm: integer('weight_ppm').notNull(),
  },
  // No index beyond the key: every read is by wallet, and the job rewrites the table whole.
  (t) => [check('trust_scores_weight', sql`${t.weightPpm} between 0 and 1000000`)],
);
