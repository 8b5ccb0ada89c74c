import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestampMs, userRef } from './columns.ts';

// ---------------------------------------------------------------------------------------------
// Direct messages (docs/api.md, "Messages"). Owned by modules/messages; other slices read them
// only through its face.
// ---------------------------------------------------------------------------------------------

/**
 * One message from a wallet to another. `body` is '' for a message that is only media or a tip.
 * A tip is a confirmed SOL transfer from the sender to the recipient: its lamports and its
 * transaction signature, both or neither. `read_at` is set when the recipient marks the
 * conversation read.
 */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    senderId: userRef('sender_id'),
    recipientId: userRef('recipient_id'),
    body: text('body').notNull().default(''),
    /** Stored names of the sender's uploads (modules/media), each taken by this message. */
    imageKey: text('image_key'),
    audioKey: text('audio_key'),
    tipLamports: bigint('tip_lamports', { mode: 'bigint' }),
    tipSignature: text('tip_signature'),
    createdAt: timestampMs('created_at').notNull(),
    readAt: timestampMs('read_at'),
    /** As messages.mentions: the body's mentions, resolved when it was written. */
    mentions: jsonb('mentions')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    // A thread, newest first: the pair in either direction, by id.
    index('direct_messages_pair').on(
      sql`least(${t.senderId}, ${t.recipientId})`,
      sql`greatest(${t.senderId}, ${t.recipientId})`,
      t.id.desc(),
    ),
    // Marking read: the recipient's unread messages from one sender.
    index('direct_messages_unread')
      .on(t.recipientId, t.senderId)
      .where(sql`${t.readAt} is null`),
    // The cascade from users (the sender's side; the pair index serves neither side alone).
    index('direct_messages_sender').on(t.senderId),
    index('direct_messages_recipient').on(t.recipientId),
    // Tips a wallet received per day (GET /api/analytics): an index-only range scan.
    index('direct_messages_tips_received')
      .on(t.recipientId, t.createdAt, t.tipLamports)
      .where(sql`${t.tipLamports} is not null`),
    uniqueIndex('direct_messages_tip_signature').on(t.tipSignature),
    check('direct_messages_not_self', sql`${t.senderId} <> ${t.recipientId}`),
    check(
      'direct_messages_tip_whole',
      sql`(${t.tipLamports} is null) = (${t.tipSignature} is null) and (${t.tipLamports} is null or ${t.tipLamports} > 0)`,
    ),
    check(
      'direct_messages_not_empty',
      sql`${t.body} <> '' or ${t.imageKey} is not null or ${t.audioKey} is not null or ${t.tipLamports} is not null`,
    ),
  ],
);

/**
 * Each wallet's view of a conversation: one row per participant (user, peer), written with every
 * message in the message's transaction. `unread_count` is the user's messages from the peer with
 * no read_at, kept exact: a message adds one to the recipient's row, marking read sets it to 0
 * under the same row lock. The conversation list is the user's rows, most recent first.
 *
 * `folder` is where the user keeps it (core's conversationFolderSchema): a message puts the
 * recipient's new row in 'requests' unless the recipient follows the sender or the sender is
 * trusted; sending one, or accepting, puts the sender's row in 'inbox' for good; a declined
 * row stays 'declined' whatever the peer sends. Only 'inbox' rows notify and count in the badge.
 */
export const conversations = pgTable(
  'conversations',
  {
    userId: userRef('user_id'),
    peerId: userRef('peer_id'),
    /** The latest message either way (no foreign key: both rows go with the users anyway). */
    lastMessageId: bigint('last_message_id', { mode: 'bigint' }).notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
    unreadCount: integer('unread_count').notNull().default(0),
    folder: text('folder').notNull().default('inbox'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.peerId] }),
    // One folder's list, most recent first: requests from many wallets never slow the inbox.
    index('conversations_user_folder_time').on(
      t.userId,
      t.folder,
      t.updatedAt.desc(),
      t.peerId.desc(),
    ),
    index('conversations_peer').on(t.peerId),
    check('conversations_not_self', sql`${t.userId} <> ${t.peerId}`),
    check('conversations_unread_non_negative', sql`${t.unreadCount} >= 0`),
    check('conversations_folder', sql`${t.folder} in ('inbox', 'requests', 'declined')`),
  ],
);
