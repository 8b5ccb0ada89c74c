import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { timestampMs, userRef } from './columns.ts';
import { messages } from './schema-feed.ts';

// ---------------------------------------------------------------------------------------------
// Polls (docs/api.md, "Polls"): a post's question with 2 to 4 options and one final vote per
// wallet. Owned by modules/polls; other slices read them only through its face.
// ---------------------------------------------------------------------------------------------

/**
 * A post's poll. vote_counts holds one count per option, kept exact in each vote's transaction
 * (the vote locks this row). ended_notified_at is set once the author has been told it ended.
 */
export const polls = pgTable(
  'polls',
  {
    messageId: bigint('message_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    options: text('options').array().notNull(),
    voteCounts: integer('vote_counts').array().notNull(),
    endsAt: timestampMs('ends_at').notNull(),
    endedNotifiedAt: timestampMs('ended_notified_at'),
  },
  (t) => [
    check(
      'polls_options',
      sql`cardinality(${t.options}) between 2 and 4 and cardinality(${t.voteCounts}) = cardinality(${t.options})`,
    ),
    // The ending job reads the ended polls whose author has not been told yet, soonest first.
    index('polls_ending')
      .on(t.endsAt)
      .where(sql`${t.endedNotifiedAt} is null`),
  ],
);

/** One wallet's vote on a poll: final, one per (poll, wallet). */
export const pollVotes = pgTable(
  'poll_votes',
  {
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .references(() => polls.messageId, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    option: smallint('option').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    check('poll_votes_option', sql`${t.option} between 0 and 3`),
    index('poll_votes_user').on(t.userId),
  ],
);
