import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * A wallet that has signed in at least once. Profile fields are empty until the person sets
 * them (profile editing is not built yet); the referral code is handed out on first sign-in.
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
  reference: text('reference').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export * from './schema-economy.ts';
export * from './schema-vaults.ts';

// ---------------------------------------------------------------------------------------------
// Feed (docs/api.md, "Feed"): posts ("messages"), likes and bookmarks, comments, uploaded media, and the
// fixed-window counters that rate-limit uploads across instances. Owned by modules/feed and
// modules/media.
// ---------------------------------------------------------------------------------------------

/**
 * A post. The id is a bigint identity (the on-chain vault program uses it as a u64; JSON
 * carries it as a string). Free ('public') posts expire 24 h after creation and are deleted by
 * the expiry job; kept kinds have a null expiry. like_count and comment_count are kept exact in
 * the transaction of each like, unlike, comment and comment deletion. image_key and audio_key
 * copy the attached media's storage name so the feed reads no extra table.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('public'),
    body: text('body').notNull(),
    imageKey: text('image_key'),
    audioKey: text('audio_key'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    // Millisecond precision, so a timestamp round-trips through a JS Date (the page cursor).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // Time capsules extend this list when they land. Vault posts have no expiry.
    check('messages_kind', sql`${t.kind} in ('public', 'vault')`),
    check('messages_counts_non_negative', sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0`),
    // Keyset paging of the feed, newest first (created_at desc, id desc): PostgreSQL reads this
    // index backwards, which gives exactly that order (an index declared DESC would be NULLS
    // LAST and not match a plain ORDER BY ... DESC).
    index('messages_feed').on(t.createdAt, t.id),
    index('messages_expiry')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
    index('messages_author').on(t.authorId),
  ],
);

/** Likes and bookmarks: one row per (post, user, kind) while the toggle is on. */
export const engagements = pgTable(
  'engagements',
  {
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId, t.kind] }),
    check('engagements_kind', sql`${t.kind} in ('like', 'bookmark')`),
    index('engagements_user').on(t.userId, t.kind),
  ],
);

/** Comments on a post, listed oldest first. */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('comments_thread').on(t.messageId, t.createdAt, t.id)],
);

/**
 * An uploaded file, complete and checked (the row is written only after the file is in place).
 * `storageKey` is the random file name under DATA_DIR/media, served at /media/<storageKey>.
 * A post attaches it once (messageId); deleting the post deletes the row, and the caller
 * removes the file after commit.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    mime: text('mime').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    messageId: bigint('message_id', { mode: 'bigint' }).references(() => messages.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    check('media_type', sql`${t.type} in ('image', 'audio')`),
    check('media_size_positive', sql`${t.sizeBytes} > 0`),
    index('media_message').on(t.messageId),
    index('media_unattached')
      .on(t.createdAt)
      .where(sql`${t.messageId} is null`),
  ],
);

/**
 * Fixed-window rate-limit counters shared by every instance: one row per (key, window start),
 * incremented with an upsert. Old windows are removed by the feed's cleanup job.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
