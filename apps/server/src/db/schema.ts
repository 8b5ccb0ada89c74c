import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema-users.ts';

/**
 * Sign-in nonces that verify has accepted (decision 005): a challenge is not stored when it is
 * issued, its nonce carries the server's MAC of its terms; verify inserts the nonce here, so it
 * works once. The cleanup deletes a row once its challenge has expired (it can never verify
 * again anyway).
 */
export const authUsedNonces = pgTable(
  'auth_used_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_used_nonces_expires_at').on(t.expiresAt)],
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
    /**
     * Whose post a like or comment was on (null for other kinds): the per-pair daily cap
     * counts rewarded rows per (recipient, subject). No foreign key: the ledger outlives users.
     */
    subjectId: uuid('subject_id'),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('emission_ledger_event_index').on(t.eventIndex),
    uniqueIndex('emission_ledger_once').on(t.kind, t.reference, t.recipientId),
    // The daily-cap count: a wallet's ledger rows since the start of the UTC day.
    index('emission_ledger_recipient_time').on(t.recipientId, t.createdAt),
    // Discover's top creators: the week's mints for engagement with someone's posts.
    index('emission_ledger_engagement_time')
      .on(t.createdAt)
      .where(sql`${t.kind} in ('like_given', 'comment_created', 'vault_supported')`),
    check('emission_ledger_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);

/**
 * Rewarded events waiting for the sequencer (modules/emissions/sequencer.ts): written in the
 * transaction of the action that earned them, taken out in batches by the transaction that
 * gives them their ledger rows (decision 010). No foreign keys and no unique key: the cheapest
 * insert the action can make; the sequencer applies the ledger's rules, including "once".
 */
export const emissionQueue = pgTable('emission_queue', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind').notNull(),
  actorId: uuid('actor_id').notNull(),
  /** Whose post a like or comment was on (vouching, the per-pair cap); null otherwise. */
  subjectId: uuid('subject_id'),
  reference: text('reference').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The facts the established-wallet rule reads (packages/core/src/established.ts, decision 013)
 * besides the account's age: when the wallet first posted and when a wallet that may vouch
 * first liked or commented on its posts. Written by the sequencer with the ledger rows of the
 * events that taught them (same statement), only ever from null to a time. A row of its own
 * rather than columns of users: the sequencer never takes a lock on a users row.
 */
export const walletStanding = pgTable('wallet_standing', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstPostAt: timestamp('first_post_at', { withTimezone: true }),
  vouchedAt: timestamp('vouched_at', { withTimezone: true }),
});

export * from './schema-users.ts';
export * from './schema-feed.ts';
export * from './schema-economy.ts';
export * from './schema-vaults.ts';
export * from './schema-people.ts';
export * from './schema-messages.ts';
export * from './schema-discover.ts';
export * from './schema-analytics.ts';
export * from './schema-mystery.ts';
export * from './schema-ads.ts';
export * from './schema-moderation.ts';
export * from './schema-payments.ts';
export * from './schema-trust.ts';
export * from './schema-realtime.ts';
export * from './schema-push.ts';
export * from './schema-polls.ts';
