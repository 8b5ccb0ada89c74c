import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { timestampMs, userRef } from './columns.ts';

// ---------------------------------------------------------------------------------------------
// People (docs/api.md, "People"): who follows whom, who blocked whom and the words each mutes. Owned by
// modules/people; other slices read them only through its face.
// ---------------------------------------------------------------------------------------------

/** A follow that holds now. Unfollowing deletes the row; blocking deletes it both ways. */
export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id'),
    followingId: userRef('following_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    // "Following" lists and the Following feed read a follower's rows newest first.
    index('follows_follower_time').on(t.followerId, t.createdAt, t.followingId),
    // "Followers" lists read a followed wallet's rows newest first.
    index('follows_following_time').on(t.followingId, t.createdAt, t.followerId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followingId}`),
  ],
);

/**
 * A wallet blocked by another. The blocked wallet cannot follow, comment on or message the
 * blocker, and the blocker's reads hide its posts and comments.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked').on(t.blockedId, t.blockerId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * A word or phrase a wallet mutes (GET/PUT /api/users/me/muted-words): posts and comments that
 * contain it, whole-word and case-insensitive, are left out of that wallet's reads until
 * expires_at (null: never). `word` is stored lower-cased, so the key holds one row per word.
 */
export const mutedWords = pgTable(
  'muted_words',
  {
    userId: userRef('user_id'),
    word: text('word').notNull(),
    expiresAt: timestampMs('expires_at'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] })],
);
