import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * A wallet that has signed in at least once. Profile fields are empty until the person sets
 * them (the profile issue); the referral code is handed out on first sign-in.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    solAddress: text('sol_address').notNull().unique(),
    username: text('username').unique(),
    displayName: text('display_name'),
    avatarUrl: text('avatar_url'),
    isVerified: boolean('is_verified').notNull().default(false),
    referralCode: text('referral_code').unique(),
    referredById: uuid('referred_by_id').references((): AnyPgColumn => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_not_self_referred', sql`${t.referredById} <> ${t.id}`)],
);

/**
 * Sign-in challenges issued and not yet used. A row is deleted when verify consumes it (so a
 * nonce works once) or by the cleanup once it has expired.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    nonce: text('nonce').primaryKey(),
    address: text('address').notNull(),
    message: text('message').notNull(),
    /** The referral code sent with the challenge, attached to the user if this creates one. */
    referralCode: text('referral_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_challenges_expires_at').on(t.expiresAt)],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each use rotates the token (rotatedAt is set and a
 * new row of the same family is written); presenting a rotated token again revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId), index('refresh_tokens_user').on(t.userId)],
);

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
    // The daily-cap count: a wallet's ledger rows since the start of the UTC day.
    index('emission_ledger_recipient_time').on(t.recipientId, t.createdAt),
    check('emission_ledger_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);

export * from './schema-economy.ts';
