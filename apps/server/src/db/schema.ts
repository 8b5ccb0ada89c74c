import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A wallet that has signed in at least once. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  solAddress: text('sol_address').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The emission counters, one row (id = 1). Kept in step with emission_ledger in the same
 * transaction as every mint, and locked (SELECT ... FOR UPDATE) to hand out event indices, so
 * concurrent events get consecutive indices and the right reward.
 */
export const emissionState = pgTable(
  'emission_state',
  {
    id: smallint('id').primaryKey(),
    totalEvents: bigint('total_events', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    totalMinted: bigint('total_minted', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('emission_state_single_row', sql`${t.id} = 1`),
    check('emission_state_non_negative', sql`${t.totalEvents} >= 0 and ${t.totalMinted} >= 0`),
  ],
);

/**
 * Append-only ledger of every DUM mint. Rewarded events carry their event index and epoch;
 * other mints (referral bonuses, staking rewards) have none and do not move the halving.
 * (kind, reference, recipient) is unique so one action can never pay twice.
 */
export const emissionLedger = pgTable(
  'emission_ledger',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    eventIndex: bigint('event_index', { mode: 'bigint' }),
    epoch: integer('epoch'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    recipientId: uuid('recipient_id').references(() => users.id),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('emission_ledger_event_index').on(t.eventIndex),
    uniqueIndex('emission_ledger_once').on(t.kind, t.reference, t.recipientId),
    check('emission_ledger_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);
