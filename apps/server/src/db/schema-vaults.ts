import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { messages, users } from './schema.ts';

// ---------------------------------------------------------------------------------------------
// Vaults (issue 7): a vault post's target and progress, and the supports that fund it. Owned by
// modules/vaults. Amounts are lamports (bigint).
// ---------------------------------------------------------------------------------------------

/**
 * One per vault post. `total` and `supporterCount` are kept exact in the transaction of each
 * support, under this row's lock; the row lock also makes active → unlocked happen once.
 * `mediaKey` is a random capability that lets the creator (only they receive it) load the
 * post's withheld media before the unlock.
 */
export const vaults = pgTable(
  'vaults',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .unique()
      .references(() => messages.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    supporterCount: integer('supporter_count').notNull().default(0),
    status: text('status').notNull().default('active'),
    mediaKey: text('media_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }).notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('vaults_status', sql`${t.status} in ('active', 'unlocked', 'paid_out')`),
    check('vaults_amounts', sql`${t.target} > 0 and ${t.total} >= 0 and ${t.supporterCount} >= 0`),
    check('vaults_unlocked_at', sql`(${t.status} = 'active') = (${t.unlockedAt} is null)`),
    index('vaults_creator').on(t.creatorId, t.createdAt),
  ],
);

/**
 * A verified support: a confirmed System transfer from the supporter to the creator. The
 * signature is unique for good, so a transaction can be credited once, ever (a deleted vault
 * post keeps its supports, with vault_id set to null, so their signatures stay used).
 */
export const vaultSupports = pgTable(
  'vault_supports',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    vaultId: bigint('vault_id', { mode: 'bigint' }).references(() => vaults.id, {
      onDelete: 'set null',
    }),
    supporterId: uuid('supporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signature: text('signature').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('vault_supports_signature').on(t.signature),
    check('vault_supports_amount_positive', sql`${t.amount} > 0`),
    index('vault_supports_vault').on(t.vaultId, t.createdAt),
    index('vault_supports_supporter').on(t.supporterId, t.vaultId),
  ],
);

/**
 * Each supporter's running total per vault, kept in the statement that records each support:
 * the leaderboard reads it (one row per supporter, not per support), a first support counts a
 * new supporter (the upsert inserts), and the real-time audience is read from it.
 */
export const vaultSupporters = pgTable(
  'vault_supporters',
  {
    vaultId: bigint('vault_id', { mode: 'bigint' })
      .notNull()
      .references(() => vaults.id, { onDelete: 'cascade' }),
    supporterId: uuid('supporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    supports: integer('supports').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true, precision: 3 }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vaultId, t.supporterId] }),
    check('vault_supporters_positive', sql`${t.total} > 0 and ${t.supports} > 0`),
    index('vault_supporters_rank').on(t.vaultId, t.total.desc(), t.lastAt),
    index('vault_supporters_supporter').on(t.supporterId, t.lastAt),
  ],
);
