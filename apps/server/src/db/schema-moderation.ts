import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestampMs, userRef } from './columns.ts';
import { messages } from './schema-feed.ts';
import { mysteryVaults } from './schema-mystery.ts';

// ---------------------------------------------------------------------------------------------
// Moderation (docs/api.md, "Moderation"): reports, the moderators' append-only audit log,
// suspensions and earning holds, and the posts and mystery vaults moderation hid. Owned by
// modules/moderation (the mystery slice's reads leave out what it hid through its face); the
// feed's deletion job and the emission sequencer read `reports`, `moderation_hidden_posts` and
// `wallet_restrictions` in SQL (the freeze and the who-earns rule).
// ---------------------------------------------------------------------------------------------

/**
 * A report of a post, a comment, a direct message, a mystery vault or a wallet. `target_id` is
 * the post's, comment's, message's or mystery vault's id (as text) or the wallet's user id;
 * `target_user_id` is whose it is. `post_id` is the post a post or comment report freezes:
 * while the report is open the deletion job keeps that post, its comments and media.
 * `snapshot` is the content as the reporter saw it (a direct message is copied whole, so
 * neither side can make it go away). `reporter_weight_ppm`: the reporter's trust weight
 * (modules/trust, parts per million) when reporting. It is what the report adds toward the
 * automatic hide and the earning hold, and the queue reads the heaviest first; kept as filed,
 * so a later recomputation of trust neither revives nor voids a report.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: userRef('reporter_id'),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    targetUserId: userRef('target_user_id'),
    postId: bigint('post_id', { mode: 'bigint' }),
    reason: text('reason').notNull(),
    note: text('note'),
    snapshot: jsonb('snapshot').notNull(),
    reporterWeightPpm: integer('reporter_weight_ppm').notNull(),
    status: text('status').notNull().default('open'),
    /** What the decision did: dismissed, removed (the content), suspended (the wallet). */
    createdAt: timestampMs('created_at').notNull(),
    decidedAt: timestampMs('decided_at'),
  },
  (t) => [
    check(
      'reports_target_kind',
      sql`${t.targetKind} in ('post', 'comment', 'message', 'mystery', 'wallet')`,
    ),
    check('reports_reason', sql`${t.reason} in ('spam', 'harassment', 'illegal', 'scam', 'other')`),
    check('reports_status', sql`${t.status} in ('open', 'dismissed', 'removed', 'suspended')`),
    check('reports_decided', sql`(${t.status} = 'open') = (${t.decidedAt} is null)`),
    check('reports_reporter_weight', sql`${t.reporterWeightPpm} between 0 and 1000000`),
    // One open report per reporter and target.
    uniqueIndex('reports_one_open')
      .on(t.reporterId, t.targetKind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The reporter's list, newest first.
    index('reports_reporter').on(t.reporterId, t.createdAt),
    // The queue (open reports) and a target's reports.
    index('reports_open')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('reports_target').on(t.targetKind, t.targetId),
    index('reports_target_user').on(t.targetUserId, t.status),
    // The deletion job's freeze: is this post held by an open report?
    index('reports_open_post')
      .on(t.postId)
      .where(sql`${t.status} = 'open' and ${t.postId} is not null`),
  ],
);

/**
 * The moderators' audit log: every action, who took it, why and when. Append-only: the code
 * only inserts, and a trigger (in the migration) refuses any UPDATE or DELETE. No foreign keys,
 * so nothing cascades into it.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The moderator's user id; null for the automatic hide and hold. */
    moderatorId: uuid('moderator_id'),
    action: text('action').notNull(),
    reportId: bigint('report_id', { mode: 'bigint' }),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    targetUserId: uuid('target_user_id').notNull(),
    reason: text('reason').notNull(),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    check(
      'moderation_actions_action',
      sql`${t.action} in ('dismiss', 'remove', 'suspend', 'lift', 'auto_hide', 'hold')`,
    ),
    index('moderation_actions_report').on(t.reportId),
    index('moderation_actions_target_user').on(t.targetUserId, t.createdAt),
  ],
);

/**
 * What keeps a wallet from earning: a moderator's suspension ('suspension': also none of the
 * writes docs/api.md "Moderation" lists, and its posts and mystery vaults hidden), or the
 * automatic hold of a wallet whose open reports weigh enough ('hold': earning only, until its
 * reports are decided).
 * Active while `lifted_at` is null and `ends_at` is null (indefinite) or still ahead.
 */
export const walletRestrictions = pgTable(
  'wallet_restrictions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id'),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestampMs('created_at').notNull(),
    endsAt: timestampMs('ends_at'),
    liftedAt: timestampMs('lifted_at'),
  },
  (t) => [
    check('wallet_restrictions_kind', sql`${t.kind} in ('suspension', 'hold')`),
    // A wallet's restrictions (the suspension check on writes, the sequencer's who-earns rule).
    index('wallet_restrictions_user').on(t.userId, t.kind),
  ],
);

/**
 * Posts moderation hid (the automatic hide pending review, or a suspended wallet's posts): the
 * post's expiry is moved to the moment it was hidden, so every reader already leaves it out,
 * and `original_expires_at` gives it back when the hide ends. The deletion job keeps a hidden
 * post until its original expiry (never, for a kept kind).
 */
export const moderationHiddenPosts = pgTable('moderation_hidden_posts', {
  postId: bigint('post_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  cause: text('cause').notNull(),
  originalExpiresAt: timestampMs('original_expires_at'),
  hiddenAt: timestampMs('hidden_at').notNull(),
});

/**
 * Mystery vaults moderation hid (the automatic hide pending review, or a suspended wallet's):
 * they have no expiry to move, so the mystery slice's reads leave out the ids in this table
 * (moderation's face gives the SQL). The row goes when the hide ends.
 */
export const moderationHiddenMysteries = pgTable(
  'moderation_hidden_mysteries',
  {
    mysteryId: bigint('mystery_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => mysteryVaults.id, { onDelete: 'cascade' }),
    cause: text('cause').notNull(),
    hiddenAt: timestampMs('hidden_at').notNull(),
  },
  (t) => [
    check('moderation_hidden_mysteries_cause', sql`${t.cause} in ('auto_hide', 'suspension')`),
  ],
);
