import type { Mention } from '@dum/core';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { comments } from '../../db/schema.ts';
import { batchedWrites, inGivenOrder } from '../../db/statement-batches.ts';
import type { Tx } from '../emissions/index.ts';
import { notBlockedBy } from '../people/index.ts';
import type { PagePosition } from './cursor.ts';

/**
 * A post's comments in SQL: read oldest first (a viewer's without those of wallets the viewer
 * blocked), added in one call (add_comment), locked and deleted inside the caller's transaction.
 */

export interface CommentRow {
  id: string;
  body: string;
  created_at: Date;
  author_id: string;
  display_name: string | null;
  avatar_url: string | null;
  sol_address: string;
  username: string | null;
  /** The top comment a reply sits under; null for a top comment. */
  parent_id: string | null;
  reply_count: number;
  /** A reply to a reply: the wallet it answers (null when that wallet is gone). */
  reply_to_address: string | null;
  reply_to_username: string | null;
  mentions: Mention[];
}

const COMMENT_COLUMNS = `c.id::text as id, c.body, c.created_at, u.id as author_id,
  u.display_name, u.avatar_url, u.sol_address, u.username, c.parent_id::text as parent_id,
  c.reply_count, rt.sol_address as reply_to_address, rt.username as reply_to_username,
  c.mentions`;

const COMMENT_FROM = `comments c join users u on u.id = c.author_id
  left join users rt on rt.id = c.reply_to_author_id`;

/**
 * A post's top comments (their replies are read by readReplyRows), oldest first; a viewer's
 * leave out those of wallets the viewer blocked.
 */
export async function readCommentRows(
  pool: pg.Pool,
  args: { messageId: bigint; limit: number; after: PagePosition | null; viewerId: string | null },
): Promise<CommentRow[]> {
  return readCommentPage(pool, args.messageId, args, {
    name: 'comments',
    where: 'c.message_id = $1 and c.parent_id is null',
  });
}

/**
 * A top comment's replies, oldest first (index comments_replies); a viewer's leave out those of
 * wallets the viewer blocked.
 */
export async function readReplyRows(
  pool: pg.Pool,
  args: {
    commentId: bigint;
    limit: number;
    after: PagePosition | null;
    viewerId: string | null;
  },
): Promise<CommentRow[]> {
  return readCommentPage(pool, args.commentId, args, {
    name: 'comment_replies',
    where: 'c.parent_id = $1',
  });
}

/**
 * Comments oldest first after the cursor, that `where` picks by the id in $1; a viewer's leave
 * out those of wallets the viewer blocked. Two prepared statements per list: the first page and
 * the next ones.
 */
async function readCommentPage(
  pool: pg.Pool,
  of: bigint,
  args: { limit: number; after: PagePosition | null; viewerId: string | null },
  list: { name: string; where: string },
): Promise<CommentRow[]> {
  const values: unknown[] = [of.toString(), args.limit, args.viewerId];
  if (args.after) values.push(args.after.createdAt, args.after.id.toString());
  const result = await pool.query<CommentRow>({
    name: `${list.name}_${args.after ? 'after' : 'first'}`,
    text: `select ${COMMENT_COLUMNS}
      from ${COMMENT_FROM}
      where ${list.where}
        and ($3::uuid is null or ${notBlockedBy('$3', 'c.author_id')})
        ${args.after ? 'and (c.created_at, c.id) > ($4::timestamptz, $5::bigint)' : ''}
      order by c.created_at, c.id
      limit $2`,
    values,
  });
  return result.rows;
}

/**
 * The post a comment is on, when the viewer may see the comment (not one of a wallet the viewer
 * blocked); null when there is no such comment.
 */
export async function readCommentPost(
  pool: pg.Pool,
  args: { commentId: bigint; viewerId: string | null },
): Promise<bigint | null> {
  const { rows } = await pool.query<{ message_id: string }>({
    name: 'comment_post',
    text: `select c.message_id::text as message_id from comments c
      where c.id = $1 and ($2::uuid is null or ${notBlockedBy('$2', 'c.author_id')})`,
    values: [args.commentId.toString(), args.viewerId],
  });
  const row = rows[0];
  return row ? BigInt(row.message_id) : null;
}

/** What add_comment (migration 0045) answers. */
export type CommentAdded =
  | {
      outcome: 'added';
      id: string;
      createdAt: string;
      solAddress: string;
      username: string | null;
      displayName: string | null;
      avatarUrl: string | null;
      /** The top comment a reply sits under. */
      parentId: string | null;
      replyTo: { address: string; username: string | null } | null;
      postAuthorId: string;
      /** A reply: the author of the comment it answers. */
      parentAuthorId: string | null;
    }
  | {
      outcome:
        'post_not_found' | 'comment_not_found' | 'blocked' | 'reply_not_allowed' | 'unauthorized';
    };

type NewCommentArgs = {
  postId: bigint;
  userId: string;
  body: string;
  now: Date;
  parentId: bigint | null;
};

/**
 * Adds a comment or a reply in one call (add_comment, migration 0045): the post's row lock, the
 * block checks, the post's reply policy, the comment, the post's comment count, the top
 * comment's reply count, the author's comments received that day and the rewarded event, in one
 * statement of its own; with the commenter's profile.
 */
export async function addCommentRow(
  db: Pick<pg.Pool, 'query'>,
  args: NewCommentArgs,
): Promise<CommentAdded> {
  const { rows } = await db.query<{ result: CommentAdded }>({
    name: 'feed_add_comment_v2',
    text: 'select add_comment($1, $2, $3, $4, $5) as result',
    values: [
      args.postId.toString(),
      args.userId,
      args.body,
      args.now,
      args.parentId === null ? null : args.parentId.toString(),
    ],
  });
  const result = rows[0]?.result;
  if (!result) throw new Error('add_comment returned nothing');
  return result;
}

/**
 * addCommentRow for several comments in one statement, answered in the order given:
 * add_comments (migration 0056) locks the posts in id order, so two batches commenting on some
 * of the same posts never wait on each other in a circle, then writes the top comments
 * set-based and each reply through add_comment.
 */
async function addCommentRows(
  db: Pick<pg.Pool, 'query'>,
  batch: NewCommentArgs[],
): Promise<CommentAdded[]> {
  const { rows } = await db.query<{ ord: string; result: CommentAdded }>({
    name: 'feed_add_comments',
    text: `select c.ord::text as ord, c.result
      from add_comments($1::bigint[], $2::uuid[], $3::text[], $4::timestamptz[], $5::bigint[])
        with ordinality as c(result, ord)`,
    values: [
      batch.map((comment) => comment.postId.toString()),
      batch.map((comment) => comment.userId),
      batch.map((comment) => comment.body),
      batch.map((comment) => comment.now),
      batch.map((comment) => (comment.parentId === null ? null : comment.parentId.toString())),
    ],
  });
  return inGivenOrder(rows, batch.length, 'feed_add_comments').map((row) => row.result);
}

/** Comments in one statement at most. */
const MAX_COMMENTS = 64;

/**
 * addCommentRow, in a statement it may share with the comments written at the same moment
 * (db/statement-batches.ts says how and why).
 */
export const addCommentRowSoon: (
  db: Pick<pg.Pool, 'query'>,
  args: NewCommentArgs,
) => Promise<CommentAdded> = batchedWrites({
  writeOne: addCommentRow,
  writeMany: addCommentRows,
  maxBatch: MAX_COMMENTS,
});

/**
 * Locks a comment of this post until commit, and answers its author, time and top comment (null
 * for a top comment); null when none.
 */
export async function lockComment(
  tx: Pick<Tx, 'select'>,
  args: { postId: bigint; commentId: bigint },
): Promise<{ authorId: string; createdAt: Date; parentId: bigint | null } | null> {
  const [comment] = await tx
    .select({
      authorId: comments.authorId,
      createdAt: comments.createdAt,
      parentId: comments.parentId,
    })
    .from(comments)
    .where(and(eq(comments.id, args.commentId), eq(comments.messageId, args.postId)))
    .for('update');
  return comment ?? null;
}

/**
 * Deletes a comment (a top comment's replies go with it, by the foreign key's cascade) and takes
 * a reply off its top comment's count. Answers the replies that went with it, their authors and
 * times, for the counts the caller keeps.
 */
export async function deleteCommentRow(
  tx: Pick<Tx, 'delete' | 'update'>,
  comment: { id: bigint; parentId: bigint | null },
): Promise<{ authorId: string; createdAt: Date }[]> {
  if (comment.parentId !== null) {
    await tx
      .update(comments)
      .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
      .where(eq(comments.id, comment.parentId));
  }
  const replies = await tx
    .delete(comments)
    .where(eq(comments.parentId, comment.id))
    .returning({ authorId: comments.authorId, createdAt: comments.createdAt });
  await tx.delete(comments).where(eq(comments.id, comment.id));
  return replies;
}
