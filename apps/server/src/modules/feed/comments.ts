import {
  AppError,
  COMMENT_MAX_LENGTH,
  textLength,
  type CommentItem,
  type CommentPageResponse,
} from '@dum/core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { inTransaction } from '../../db/prepared.ts';
import { takeFromDay } from '../analytics/index.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { FeedDeps, Viewer } from './deps.ts';
import {
  addCommentRow,
  deleteCommentRow,
  lockComment,
  readCommentRows,
  type CommentRow,
} from './comment-repo.ts';
import { adjustCount, lockLivePost } from './post-writes.ts';
import { postIsLive } from './repo.ts';
import { dropShared, moveSharedCount } from './shared-caches.ts';

function toCommentItem(row: CommentRow): CommentItem {
  return {
    id: row.id,
    body: row.body,
    display_name: row.display_name,
    avatar_url: row.avatar_url,
    author_wallet: row.sol_address,
    created_at: row.created_at.toISOString(),
    authorId: row.author_id,
    username: row.username,
    parentId: null,
    replyCount: 0,
    replyTo: null,
    mentions: [],
  };
}

export async function listComments(
  deps: FeedDeps,
  args: { postId: bigint; cursor: string | null; limit: number; viewerId: string | null },
): Promise<CommentPageResponse> {
  const after = args.cursor ? decodeCursor('comments', args.cursor) : null;
  if (!(await postIsLive(deps.pool, args.postId, deps.clock.now(), args.viewerId))) {
    throw new AppError('post_not_found');
  }
  const rows = await readCommentRows(deps.pool, {
    messageId: args.postId,
    limit: args.limit + 1,
    after,
    viewerId: args.viewerId,
  });
  const page = rows.slice(0, args.limit);
  const last = page.at(-1);
  return {
    items: page.map(toCommentItem),
    nextCursor:
      rows.length > args.limit && last
        ? encodeCursor('comments', { createdAt: last.created_at, id: BigInt(last.id) })
        : null,
  };
}

export async function addComment(
  deps: FeedDeps,
  user: Viewer,
  postId: bigint,
  content: string,
): Promise<CommentItem> {
  const text = content.trim();
  if (text.length === 0) throw new AppError('comment_required');
  if (textLength(text) > COMMENT_MAX_LENGTH) throw new AppError('comment_too_long');
  const added = await addCommentRow(deps.pool, {
    postId,
    userId: user.id,
    body: text,
    now: deps.clock.now(),
  });
  if (added.outcome !== 'added') throw new AppError(added.outcome);
  const item = toCommentItem({
    id: added.id,
    body: text,
    created_at: new Date(added.createdAt),
    author_id: user.id,
    display_name: added.displayName,
    avatar_url: added.avatarUrl,
    sol_address: added.solAddress,
    username: added.username,
  });
  moveSharedCount(deps, postId.toString(), 'comment_count', 1);
  await deps.emissions.settle();
  return item;
}

/** The comment's author deletes it; nobody else may (403). */
export async function deleteComment(
  deps: FeedDeps,
  user: Viewer,
  postId: bigint,
  commentId: bigint,
): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps, async (client) => {
    const tx = drizzle(client);
    const post = await lockLivePost(tx, postId, now, 'for no key update', user.id);
    if (!post) throw new AppError('post_not_found');
    const comment = await lockComment(tx, { postId, commentId });
    if (!comment) throw new AppError('comment_not_found');
    if (comment.authorId !== user.id) {
      throw new AppError('forbidden', { message: 'You can only delete your own comments.' });
    }
    await deleteCommentRow(tx, commentId);
    await adjustCount(tx, postId, 'comment_count', -1);
    // Off the day it was given, as an unlike.
    if (post.authorId !== user.id) {
      await takeFromDay(client, {
        userId: post.authorId,
        at: comment.createdAt,
        counter: 'comments_received',
      });
    }
  });
  dropShared(deps);
}
