import type { Mention, ReplyPolicy } from '@dum/core';
import { eq, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { messages } from '../../db/schema.ts';
import type { Queryable } from '../../db/prepared.ts';
import type { Tx } from '../emissions/index.ts';
import { deleteMediaOf } from '../media/index.ts';
import type { PostRow } from './repo.ts';

/**
 * The posts' writes: a new post in one statement (atomic on its own, or inside the caller's
 * transaction with its upload and vault), and the locks, counts and deletes that run inside the
 * caller's transaction.
 */

/**
 * A new post's row as the feed shows it, from the insert's `returning` (m) and its author (u):
 * no likes, comments or reposts yet, and nothing of the viewer's.
 */
export const NEW_POST_COLUMNS = `m.id::text as id, m.kind, m.body, m.created_at, m.expires_at,
  m.image_key, m.image_alt, m.audio_key, 0 as like_count, 0 as comment_count, u.id as author_id,
  u.sol_address, u.username, u.display_name, u.avatar_url, u.is_verified, false as liked,
  false as bookmarked, m.unlock_at, m.opened_at, m.waiting_count, m.capsule_key,
  false as notifying, m.reply_policy, m.mentions, 0 as repost_count, false as reposted,
  m.quote_of::text as quote_of, null::json as quoted`;

/** The columns a post's insert returns, for NEW_POST_COLUMNS. */
export const INSERTED_POST_COLUMNS = `id, kind, body, created_at, expires_at, image_key, image_alt,
  audio_key, author_id, unlock_at, opened_at, waiting_count, capsule_key, reply_policy, mentions,
  quote_of`;

/** A post to write (insertPost, and post-batches.ts for concurrent text posts). */
export interface NewPost {
  authorId: string;
  kind: 'public' | 'vault' | 'capsule';
  body: string;
  imageKey: string | null;
  imageAlt: string | null;
  audioKey: string | null;
  now: Date;
  expiresAt: Date | null;
  /** A quote of someone else's post earns as a quote; of one's own, nothing. */
  rewardedEvent: 'post_created' | 'quote_created' | null;
  /** The body's hashtags (core's extractHashtags), for modules/discover. */
  tags: string[];
  /** Time capsules: when it opens, and its media key. */
  unlockAt: Date | null;
  capsuleKey: string | null;
  /** Who may comment (core's REPLY_POLICIES). */
  replyPolicy: ReplyPolicy;
  /** A quote post: the post it quotes, and that post's author (the reward's subject). */
  quote?: { postId: string; authorId: string } | null;
  /** The body's mentions, resolved to wallets (people's resolveMentions). */
  mentions?: Mention[];
}

/**
 * Inserts a post, queues its rewarded event and counts it in the author's day, and answers the
 * row as the feed shows it, with its author's profile: one statement, so a post with nothing
 * else to write needs no transaction around it. The reward and the count are their owners' SQL
 * functions (emissions' queue_rewarded_event, analytics' analytics_change_day), called inside
 * it. Null when the author's row is gone (nothing is written then).
 */
export async function insertPost(
  db: Pick<pg.Pool, 'query'>,
  input: NewPost,
): Promise<PostRow | null> {
  const { rows } = await db.query<PostRow>({
    name: 'feed_insert_post',
    text: `with post as (
        insert into messages (author_id, kind, body, image_key, audio_key, created_at, expires_at,
          image_alt, tags, unlock_at, capsule_key, reply_policy, mentions, quote_of)
        select id, $2::text, $3::text, $4::text, $5::text, $6::timestamptz, $7::timestamptz,
          $9::text, $10::text[], $11::timestamptz, $12::text, $13::text, $14::jsonb,
          $15::bigint
        from users where id = $1
        returning ${INSERTED_POST_COLUMNS}
      ), queued as (
        select queue_rewarded_event($8::text, author_id, $16::uuid, id::text, created_at)
        from post where $8::text is not null
      ), counted as (
        select analytics_change_day(author_id, created_at, 'posts', 1) from post
      )
      select ${NEW_POST_COLUMNS}
      from post m join users u on u.id = m.author_id
        -- A select runs only when read: joined, so the reward and the count are written.
        left join queued on true left join counted on true`,
    values: [
      input.authorId,
      input.kind,
      input.body,
      input.imageKey,
      input.audioKey,
      input.now,
      input.expiresAt,
      input.rewardedEvent,
      input.imageAlt,
      input.tags,
      input.unlockAt,
      input.capsuleKey,
      input.replyPolicy,
      JSON.stringify(input.mentions ?? []),
      input.quote?.postId ?? null,
      input.quote?.authorId ?? null,
    ],
  });
  return rows[0] ?? null;
}

type LockStrength = 'for no key update' | 'for key share' | 'for update';

/**
 * Locks a live post and answers its author. `for no key update` where the row's counts change
 * (likes, comments; it serialises those writers per post, which keeps the counts exact), `for
 * key share` where only the row's existence matters (bookmarks: it blocks a concurrent delete).
 */
export async function lockLivePost(
  tx: Pick<Tx, 'execute'>,
  id: bigint,
  now: Date,
  strength: LockStrength,
  viewerId: string,
): Promise<{ authorId: string } | null> {
  // A pending escrow post is its author's alone: to anyone else it does not exist (the same rule
  // as live_post_author, migration 0029, which the one-call like and comment use).
  const result = await tx.execute<{ author_id: string }>(
    sql`select m.author_id from messages m
        where m.id = ${id} and (m.expires_at is null or m.expires_at > ${now})
          and (m.kind <> 'vault' or m.author_id = ${viewerId} or not exists (
            select 1 from vaults pv join escrow_vaults pe on pe.vault_id = pv.id
            where pv.message_id = m.id and pe.state = 'pending'))
        ${sql.raw(strength)}`,
  );
  const row = result.rows[0];
  return row ? { authorId: row.author_id } : null;
}

export async function adjustCount(
  tx: Pick<Tx, 'execute'>,
  id: bigint,
  column: 'like_count' | 'comment_count',
  /** A top comment's deletion takes its replies with it: more than one. */
  delta: number,
): Promise<void> {
  await tx.execute(
    sql`update messages set ${sql.identifier(column)} = ${sql.identifier(column)} + ${delta}
        where id = ${id}`,
  );
}

/** The stored names of a post's media (for removal after the post is deleted). */
export async function mediaKeysOfPosts(tx: Pick<Tx, 'execute'>, ids: bigint[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<{ storage_key: string }>(
    sql`select storage_key from media
        where message_id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return result.rows.map((row) => row.storage_key);
}

/** Free posts whose time is over, a batch, locked (SKIP LOCKED: rows in use wait for the next run). */
export async function lockExpiredPosts(
  tx: Pick<Tx, 'execute'>,
  args: { now: Date; limit: number; unless?: SQL },
): Promise<string[]> {
  const due = await tx.execute<{ id: string }>(
    sql`select id::text as id from messages
        where expires_at <= ${args.now} ${args.unless ? sql`and not ${args.unless}` : sql``}
        order by expires_at
        limit ${args.limit}
        for update skip locked`,
  );
  return due.rows.map((row) => row.id);
}

/**
 * Deletes these posts (cascading to their comments, engagements and vaults) and their media
 * rows; answers the stored names of the media, whose files go after commit.
 */
export async function deletePosts(tx: Pick<Tx, 'execute'>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const keys = await deleteMediaOf(tx, { postIds: ids });
  await tx.execute(sql`delete from messages where id = any(${`{${ids.join(',')}}`}::bigint[])`);
  return keys;
}

/** Deletes a post; cascades remove its comments, engagements, media rows and vault. */
export async function deletePostRow(tx: Pick<Tx, 'delete'>, id: bigint): Promise<void> {
  await tx.delete(messages).where(eq(messages.id, id));
}

/**
 * Moves a time capsule's 'Notify me' count by `delta` (the capsules slice keeps the waiters), in
 * the caller's transaction, which holds the post's row lock; answers the new count.
 */
export async function addToWaitingCount(db: Queryable, id: bigint, delta: number): Promise<number> {
  const { rows } = await db.query<{ waiting_count: number }>({
    name: 'capsule_waiting_count',
    text: `update messages set waiting_count = waiting_count + $2 where id = $1
      returning waiting_count`,
    values: [id.toString(), delta],
  });
  return rows[0]?.waiting_count ?? 0;
}

/**
 * Opens a batch of time capsules whose time has come, oldest first: sets opened_at, moves the
 * feed time (created_at) to unlock_at and drops the media key. The rows are taken with FOR
 * UPDATE SKIP LOCKED and re-checked as still sealed, so two instances running at once open
 * disjoint batches and a capsule is opened by exactly one transaction. Answers the opened posts
 * and their authors.
 */
export async function openDueCapsulePosts(
  db: Queryable,
  args: { now: Date; limit: number },
): Promise<{ id: string; author_id: string }[]> {
  const { rows } = await db.query<{ id: string; author_id: string }>({
    name: 'capsules_open_due',
    text: `with due as (
        select id from messages
        where kind = 'capsule' and opened_at is null and unlock_at <= $1
        order by unlock_at, id
        limit $2
        for update skip locked
      )
      update messages m set opened_at = $1, created_at = m.unlock_at, capsule_key = null
      from due where m.id = due.id and m.opened_at is null
      returning m.id::text as id, m.author_id`,
    values: [args.now, args.limit],
  });
  return rows;
}
