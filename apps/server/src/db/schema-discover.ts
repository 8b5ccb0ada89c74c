import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------
// Discover (docs/api.md, "Discover and search"): what the discover job materialises so that a
// request reads a short ranked list instead of the tables it is computed from. Owned by
// modules/discover; each table is replaced whole by one run of the job (refresh.ts). No foreign
// keys: deleting a post or a user must not wait on the job, nor the job on it; the reads join
// the live posts and users, and the next run drops the rows of what is gone.
// ---------------------------------------------------------------------------------------------

/** Posts with engagement in the trending window and their decayed score (refresh.ts). */
export const discoverTrendingPosts = pgTable(
  'discover_trending_posts',
  {
    postId: bigint('post_id', { mode: 'bigint' }).primaryKey(),
    score: doublePrecision('score').notNull(),
  },
  (t) => [
    check('discover_trending_posts_score', sql`${t.score} > 0`),
    // Highest score first (read backwards), keyset on (score, post_id).
    index('discover_trending_posts_rank').on(t.score, t.postId),
  ],
);

/** Tags of the live posts of the last 24 hours, with how many posts carry each. */
export const discoverTrendingTags = pgTable(
  'discover_trending_tags',
  {
    tag: text('tag').primaryKey(),
    postCount: integer('post_count').notNull(),
  },
  (t) => [
    check('discover_trending_tags_count', sql`${t.postCount} > 0`),
    index('discover_trending_tags_rank').on(t.postCount, t.tag),
  ],
);

/** The week's creators by the DUM that engagement with their posts minted (base units). */
export const discoverTopCreators = pgTable(
  'discover_top_creators',
  {
    userId: uuid('user_id').primaryKey(),
    dumEarned: bigint('dum_earned', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    check('discover_top_creators_earned', sql`${t.dumEarned} > 0`),
    index('discover_top_creators_rank').on(t.dumEarned, t.userId),
  ],
);
