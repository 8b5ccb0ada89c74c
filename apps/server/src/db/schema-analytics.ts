import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { userRef } from './columns.ts';

// ---------------------------------------------------------------------------------------------
// Analytics (docs/api.md, "Analytics"). Owned by modules/analytics; the slices whose actions it
// counts write it through that slice's face, in the transaction of each action.
// ---------------------------------------------------------------------------------------------

/**
 * A UTC day and the wallet's figures on it: analytics_daily holds them, and
 * analytics_daily_changes the deltas that are added to them, column for column. A function, so
 * each table gets columns of its own.
 */
function dayFigures() {
  return {
    day: date('day', { mode: 'string' }).notNull(),
    posts: integer('posts').notNull().default(0),
    likesReceived: integer('likes_received').notNull().default(0),
    commentsReceived: integer('comments_received').notNull().default(0),
    followersGained: integer('followers_gained').notNull().default(0),
    solRaised: bigint('sol_raised', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  };
}

/**
 * A wallet's figures per UTC day, for the figures whose source rows do not last: free posts are
 * deleted after 24 hours with their likes and comments, and follows go with an unfollow or a
 * block. One row per (user, day) with activity; each action appends a change in its own
 * transaction (analytics_daily_changes, below), which a job moves here, and the deletion job
 * never touches it.
 *
 * - `posts`: posts the wallet created that day (every kind; deleting a post later keeps it).
 * - `likes_received` / `comments_received`: likes and comments other wallets gave the wallet's
 *   posts that day (self-engagement is not counted); an unlike or a comment's deletion takes
 *   one off the day it was given, the post's expiry or deletion does not.
 * - `followers_gained`: follows of the wallet made that day that still hold (an unfollow or a
 *   block takes one off the day the follow was made).
 * - `sol_raised`: lamports the wallet's vaults received that day (verified direct supports and
 *   escrow deposit growth as the indexer sees it).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    userId: userRef('user_id'),
    ...dayFigures(),
  },
  (t) => [
    // GET /api/analytics reads a wallet's days in a range: a range scan of this key.
    primaryKey({ columns: [t.userId, t.day] }),
    check(
      'analytics_daily_non_negative',
      sql`${t.posts} >= 0 and ${t.likesReceived} >= 0 and ${t.commentsReceived} >= 0 and ${t.followersGained} >= 0 and ${t.solRaised} >= 0`,
    ),
  ],
);

/**
 * The changes to analytics_daily not yet added to it: each action appends one row (a delta per
 * counter, negative for a withdrawn like, comment or follow) instead of updating its wallet's
 * day row, so actions on one popular wallet never wait on each other for that row. A job on any
 * instance moves the rows into analytics_daily every second or so (modules/analytics
 * rollupDailyChanges, one at a time across instances); reads add what is still here, so the
 * figures are exact at every moment. No foreign key: a deleted wallet's rows are dropped by the
 * move (an append must not lock the wallet's row).
 */
export const analyticsDailyChanges = pgTable(
  'analytics_daily_changes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    ...dayFigures(),
  },
  // The reads' pending part: a wallet's days in a range.
  (t) => [index('analytics_daily_changes_user_day').on(t.userId, t.day)],
);

/**
 * DUM minted to a wallet per UTC day and ledger kind: emission_ledger's rows with an amount,
 * summed. Written in the statement that appends the ledger rows (the sequencer's batch,
 * modules/emissions/sequencer.ts, and recordBonusMint), under the emission lock every mint
 * takes, so it never drifts from the ledger and its upserts never wait on each other.
 * GET /api/analytics reads a few rows per day here instead of aggregating every ledger row of
 * the range (a busy wallet has up to the daily cap of them each day).
 */
export const analyticsDumDaily = pgTable(
  'analytics_dum_daily',
  {
    userId: userRef('user_id'),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.kind] }),
    check('analytics_dum_daily_positive', sql`${t.amount} > 0`),
  ],
);
