import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { comments } from '../../db/schema.ts';
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
}

const COMMENT_COLUMNS = `c.id::text as id, c.body, c.created_at, u.id as author_id,
  u.display_name, u.avatar_url, u.sol_address, u.username`;

/** A post's comments, oldest first; a viewer's leave out those of wallets the viewer blocked. */
export async function readCommentRows(
  pool: pg.Pool,
  args: { messageId: bigint; limit: number; after: PagePosition | null; viewerId: string | null },
): Promise<CommentRow[]> {
  const values: unknown[] = [args.messageId.toString(), args.limit, args.viewerId];
  if (args.after) values.push(args.after.createdAt, args.after.id.toString());
  const result = await pool.query<CommentRow>({
    name: args.after ? 'comments_after' : 'comments_first',
    text: `select ${COMMENT_COLUMNS}
      from comments c join users u on u.id = c.author_id
      where c.message_id = $1
        and ($3::uuid is null or ${notBlockedBy('$3', 'c.author_id')})
        ${args.after ? 'and (c.created_at, c.id) > ($4::timestamptz, $5::bigint)' : ''}
      order by c.created_at, c.id
      limit $2`,
    values,
  });
  return result.rows;
}

/** What add_comment (migration 0029) answers. */
export type CommentAdded =
  | {
      outcome: 'added';
      id: string;
      createdAt: string;
      solAddress: string;
      username: string | null;
      displayName: string | null;
      avatarUrl: string | null;
    }
  | { outcome: 'post_not_found' | 'blocked' | 'unauthorized' };

/**
 * Adds a comment in one call (add_comment, migration 0029): the post's row lock, the block
 * check, the comment, the post's comment count, the author's comments received that day and the
 * comment's rewarded event, in one statement of its own; with the commenter's profile.
 */
export async function addCommentRow(
  db: Pick<pg.Pool, 'query'>,
  args: { postId: bigint; userId: string; body: string; now: Date },
): Promise<CommentAdded> {
  const { rows } = await db.query<{ result: CommentAdded }>({
    name: 'feed_add_comment',
    text: 'select add_comment($1, $2, $3, $4) as result',
    values: [args.postId.toString(), args.userId, args.body, args.now],
  });
  const result = rows[0]?.result;
  if (!result) throw new Error('add_comment returned nothing');
  return result;
}

/** Locks a comment of this post until commit, and answers its author and time; null when none. */
export async function lockComment(
  tx: Pick<Tx, 'select'>,
  args: { postId: bigint; commentId: bigint },
): Promise<{ authorId: string; createdAt: Date } | null> {
  const [comment] = await tx
    .select({ authorId: comments.authorId, createdAt: comments.createdAt })
    .from(comments)
    .where(and(eq(comments.id, args.commentId), eq(comments.messageId, args.postId)))
    .for('update');
  return comment ?? null;
}

export async function deleteCommentRow(tx: Pick<Tx, 'delete'>, id: bigint): Promise<void> {
  await tx.delete(comments).where(eq(comments.id, id));
}
