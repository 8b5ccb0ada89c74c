import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestampMs, userRef } from './columns.ts';
import { directMessages } from './schema-messages.ts';
import { mysteryVaults } from './schema-mystery.ts';
import { users } from './schema-users.ts';

// ---------------------------------------------------------------------------------------------
// Feed (docs/api.md, "Feed"): posts ("messages"), likes and bookmarks, comments, uploaded media, and the
// fixed-window counters that rate-limit uploads across instances. Owned by modules/feed and
// modules/media.
// ---------------------------------------------------------------------------------------------

/** PostgreSQL's tsvector (full-text search, modules/discover); read only inside SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A post. The id is a bigint identity (the on-chain vault program uses it as a u64; JSON
 * carries it as a string). Free ('public') posts expire 24 h after creation and are deleted by
 * the expiry job; kept kinds have a null expiry. like_count and comment_count are kept exact in
 * the transaction of each like, unlike, comment and comment deletion. image_key and audio_key
 * copy the attached media's storage name so the feed reads no extra table; image_alt is the
 * image's alt text (null without one).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    authorId: userRef('author_id'),
    kind: text('kind').notNull().default('public'),
    body: text('body').notNull(),
    imageKey: text('image_key'),
    imageAlt: text('image_alt'),
    audioKey: text('audio_key'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    // Millisecond precision, so a timestamp round-trips through a JS Date (the page cursor).
    createdAt: timestampMs('created_at').notNull(),
    expiresAt: timestampMs('expires_at'),
    /** The post's hashtags, lower-cased, in order (core's extractHashtags), written with it. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The body's words for full-text search (modules/discover): the 'simple' configuration (no
     * stemming, no stop words: the same on every language and on PGlite), set from the body by
     * the trigger messages_search_words (modules/feed/sql) when the row is written or its body
     * changes. Not a generated column: PostgreSQL computes those again on every update of the
     * row, so each like, comment and repost count paid for the body's words again.
     */
    search: tsvector('search'),
    /**
     * Time capsules (kind 'capsule', docs/api.md "Time capsules"): when it opens. Sealed until
     * the opening job sets opened_at (and moves created_at, its feed time, to unlock_at).
     */
    unlockAt: timestampMs('unlock_at'),
    openedAt: timestampMs('opened_at'),
    /** How many chose 'Notify me' (capsule_waiters' rows), kept in the same transaction. */
    waitingCount: integer('waiting_count').notNull().default(0),
    /** A sealed capsule's media key: its author's media URLs carry it (`?key=`). */
    capsuleKey: text('capsule_key'),
    /** Who may comment (core's REPLY_POLICIES): everyone, wallets the author follows, or those it mentions. */
    replyPolicy: text('reply_policy').notNull().default('everyone'),
    /**
     * A quote post's original. No foreign key: the original may be deleted or expire while the
     * quote stays, and a quote_of that no longer finds its post reads as `quotedUnavailable`
     * (identities are never reused, so it cannot find another post).
     */
    quoteOf: bigint('quote_of', { mode: 'bigint' }),
    /** How many wallets repost it now (reposts' rows), kept exact in each repost's transaction. */
    repostCount: integer('repost_count').notNull().default(0),
    /**
     * The wallets the body mentions, resolved when it was written (core's mentionSchema:
     * address, username, start, end); shown as links, never resolved again.
     */
    mentions: jsonb('mentions')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    // Vault posts and time capsules have no expiry.
    check('messages_kind', sql`${t.kind} in ('public', 'vault', 'capsule')`),
    check(
      'messages_capsule_unlock',
      sql`(${t.kind} = 'capsule') = (${t.unlockAt} is not null) and (${t.openedAt} is null or ${t.kind} = 'capsule')`,
    ),
    check('messages_waiting_non_negative', sql`${t.waitingCount} >= 0`),
    check(
      'messages_counts_non_negative',
      sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0 and ${t.repostCount} >= 0`,
    ),
    check('messages_reply_policy', sql`${t.replyPolicy} in ('everyone', 'following', 'mentioned')`),
    // Keyset paging of the feed, newest first (created_at desc, id desc): PostgreSQL reads this
    // index backwards, which gives exactly that order (an index declared DESC would be NULLS
    // LAST and not match a plain ORDER BY ... DESC).
    index('messages_feed').on(t.createdAt, t.id),
    index('messages_expiry')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
    // A wallet's posts newest first (GET /api/users/{address}/posts, and the Following feed's
    // one probe per followed wallet); also serves the cascade from users. expires_at and kind
    // ride along so the Following feed's probes are index-only scans (its filters need them).
    index('messages_author_time').on(t.authorId, t.createdAt, t.id, t.expiresAt, t.kind),
    // Discover: a tag's posts (tags @> array[tag]) and full-text search (search @@ query).
    index('messages_tags').using('gin', t.tags),
    index('messages_search').using('gin', t.search),
    // The media feed (scope=media, Reels): the posts with an image or audio, newest first, read
    // backwards like messages_feed. Partial, so a feed of mostly text posts is not walked for them.
    index('messages_media_feed')
      .on(t.createdAt, t.id)
      .where(sql`${t.imageKey} is not null or ${t.audioKey} is not null`),
    // Time capsules: the sealed ones soonest first (the opening job, scope=soon), the opened
    // ones newest first (scope=opened).
    index('messages_capsules_sealed')
      .on(t.unlockAt, t.id)
      .where(sql`${t.kind} = 'capsule' and ${t.openedAt} is null`),
    index('messages_capsules_opened')
      .on(t.createdAt, t.id)
      .where(sql`${t.kind} = 'capsule' and ${t.openedAt} is not null`),
  ],
);

/**
 * A repost: a wallet shares a post with its followers (the Following feed shows the original
 * with `repostedBy`). One row per (post, wallet) while it holds; deleting the post removes it.
 */
export const reposts = pgTable(
  'reposts',
  {
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    // The Following feed reads a followed wallet's reposts newest first.
    index('reposts_user_time').on(t.userId, t.createdAt, t.messageId),
  ],
);

/** 'Notify me' on a sealed time capsule: one row per (capsule, user) (modules/capsules). */
export const capsuleWaiters = pgTable(
  'capsule_waiters',
  {
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('capsule_waiters_user').on(t.userId),
  ],
);

/** Likes and bookmarks: one row per (post, user, kind) while the toggle is on. */
export const engagements = pgTable(
  'engagements',
  {
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId, t.kind] }),
    check('engagements_kind', sql`${t.kind} in ('like', 'bookmark')`),
    index('engagements_user').on(t.userId, t.kind),
    // Discover's trending job reads the last 24 hours of likes.
    index('engagements_recent_likes')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'like'`),
  ],
);

/**
 * Comments on a post, listed oldest first. A reply has the top comment it sits under as its
 * parent (one level of nesting; a reply to a reply attaches to the same top comment) and the
 * wallet it answers as reply_to_author_id (the "replying to @name" line).
 */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    body: text('body').notNull(),
    createdAt: timestampMs('created_at').notNull(),
    parentId: bigint('parent_id', { mode: 'bigint' }).references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    replyToAuthorId: uuid('reply_to_author_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** A top comment's replies now, kept exact in each reply's transaction. */
    replyCount: integer('reply_count').notNull().default(0),
    /** As messages.mentions: resolved when written. */
    mentions: jsonb('mentions')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    check('comments_reply_count_non_negative', sql`${t.replyCount} >= 0`),
    index('comments_thread').on(t.messageId, t.createdAt, t.id),
    // A top comment's replies, oldest first.
    index('comments_replies')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`${t.parentId} is not null`),
    // Discover's trending job reads the last 24 hours of comments.
    index('comments_recent').on(t.createdAt),
  ],
);

/**
 * An uploaded file, complete and checked (the row is written only after the file is in place).
 * `storageKey` is the random file name under DATA_DIR/media, served at /media/<storageKey>.
 * A post attaches it once (messageId), or a direct message does (directMessageId); deleting the
 * post deletes the row, and the caller removes the file after commit. An upload nothing took
 * within the hour is swept with its file, and a user's rows count against UPLOAD_QUOTA_BYTES.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: userRef('owner_id'),
    type: text('type').notNull(),
    mime: text('mime').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    messageId: bigint('message_id', { mode: 'bigint' }).references(() => messages.id, {
      onDelete: 'cascade',
    }),
    directMessageId: bigint('direct_message_id', { mode: 'bigint' }).references(
      () => directMessages.id,
      { onDelete: 'cascade' },
    ),
    /** A mystery vault's hidden image or audio (modules/mystery); withheld until it opens. */
    mysteryVaultId: bigint('mystery_vault_id', { mode: 'bigint' }).references(
      () => mysteryVaults.id,
      { onDelete: 'cascade' },
    ),
    /**
     * 'upload': a file as uploaded, for a post to take (swept within the hour when none does);
     * 'avatar': a profile picture the server made from an upload (kept while it is the owner's
     * avatar, never swept).
     */
    purpose: text('purpose').notNull().default('upload'),
    /**
     * The client IP an upload came from (normalised as the rate limits key it), for the per-IP
     * upload quota (modules/media). Null for avatars, and once the quota's window is over: the
     * cleanup job forgets it then, so no IP is kept longer than the quota needs it.
     */
    uploadIp: text('upload_ip'),
  },
  (t) => [
    check('media_type', sql`${t.type} in ('image', 'audio')`),
    check('media_purpose', sql`${t.purpose} in ('upload', 'avatar')`),
    check('media_size_positive', sql`${t.sizeBytes} > 0`),
    index('media_message').on(t.messageId),
    index('media_direct_message').on(t.directMessageId),
    index('media_mystery_vault').on(t.mysteryVaultId),
    check('media_attached_once', sql`${t.messageId} is null or ${t.directMessageId} is null`),
    // A user's stored bytes (the upload quota, modules/media) and the cascade from users.
    index('media_owner').on(t.ownerId),
    // One IP's recent uploads (the per-IP quota), and the cleanup's forgetting of old IPs:
    // only rows still within the window keep an IP, so this index stays small.
    index('media_upload_ip')
      .on(t.uploadIp, t.createdAt)
      .where(sql`${t.uploadIp} is not null`),
    index('media_unattached')
      .on(t.createdAt)
      .where(sql`${t.messageId} is null and ${t.directMessageId} is null`),
  ],
);

/**
 * Stored media files whose delete failed (the object store refused or did not answer): the
 * cleanup job tries each again, later after every failure, until the store confirms it gone
 * (modules/media). A delete is never silently left.
 */
export const mediaDeletions = pgTable(
  'media_deletions',
  {
    storageKey: text('storage_key').primaryKey(),
    attempts: integer('attempts').notNull().default(1),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('media_deletions_next_attempt_at').on(t.nextAttemptAt)],
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
