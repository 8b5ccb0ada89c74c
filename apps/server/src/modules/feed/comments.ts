import {
  AppError,
  COMMENT_MAX_LENGTH,
  formatAddress,
  textLength,
  type CommentItem,
  type CommentPageResponse,
} from '@dum/core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { inTransaction } from '../../db/prepared.ts';
import { takeFromDay } from '../analytics/index.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { mutingWallets, resolveMentions } from '../people/index.ts';
import type { FeedDeps, Viewer } from './deps.ts';
import { notifyMentioned, storeCommentMentions } from './mentions.ts';
import { pageOf } from '../../http/page.ts';
import { announceAfterCommit } from '../../realtime/index.ts';
import {
  addCommentRowSoon,
  deleteCommentRow,
  lockComment,
  readCommentPost,
  readCommentRows,
  readReplyRows,
  type CommentAdded,
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
    parentId: row.parent_id,
    replyCount: row.reply_count,
    replyTo:
      row.reply_to_address === null
        ? null
        : { address: row.reply_to_address, username: row.reply_to_username },
    mentions: row.mentions,
  };
}

function commentPage(rows: CommentRow[], limit: number): CommentPageResponse {
  return pageOf(rows, limit, toCommentItem, (last) =>
    encodeCursor('comments', { createdAt: last.created_at, id: BigInt(last.id) }),
  );
}

/** 404 `post_not_found` unless the post is live and the viewer may see it. */
async function requireLivePost(
  deps: FeedDeps,
  postId: bigint,
  viewerId: string | null,
): Promise<void> {
  if (!(await postIsLive(deps.pool, postId, deps.clock.now(), viewerId))) {
    throw new AppError('post_not_found');
  }
}

export async function listComments(
  deps: FeedDeps,
  args: { postId: bigint; cursor: string | null; limit: number; viewerId: string | null },
): Promise<CommentPageResponse> {
  const after = args.cursor ? decodeCursor('comments', args.cursor) : null;
  await requireLivePost(deps, args.postId, args.viewerId);
  const rows = await readCommentRows(deps.pool, {
    messageId: args.postId,
    limit: args.limit + 1,
    after,
    viewerId: args.viewerId,
  });
  return commentPage(rows, args.limit);
}

/**
 * A top comment's replies, oldest first. The comment must be one the viewer may see, on a post
 * the viewer may see (404 otherwise); a reply has no replies of its own (an empty page).
 */
export async function listReplies(
  deps: FeedDeps,
  args: { commentId: bigint; cursor: string | null; limit: number; viewerId: string | null },
): Promise<CommentPageResponse> {
  const after = args.cursor ? decodeCursor('comments', args.cursor) : null;
  const postId = await readCommentPost(deps.pool, args);
  if (postId === null) throw new AppError('comment_not_found');
  await requireLivePost(deps, postId, args.viewerId);
  const rows = await readReplyRows(deps.pool, {
    commentId: args.commentId,
    limit: args.limit + 1,
    after,
    viewerId: args.viewerId,
  });
  return commentPage(rows, args.limit);
}

/**
 * Adds a comment, or with `parentId` a reply to a comment of the same post (a reply to a reply
 * sits under the top comment, naming the wallet it answers). After commit a reply is announced
 * to the post's author and the answered comment's author (`comment_reply`), the replier aside.
 */
export async function addComment(
  deps: FeedDeps,
  user: Viewer,
  postId: bigint,
  input: { content: string; parentId: bigint | null },
): Promise<CommentItem> {
  const text = input.content.trim();
  if (text.length === 0) throw new AppError('comment_required');
  if (textLength(text) > COMMENT_MAX_LENGTH) throw new AppError('comment_too_long');
  const mentioned = await resolveMentions(deps.pool, text);
  const added = await addCommentRowSoon(deps.pool, {
    postId,
    userId: user.id,
    body: text,
    now: deps.clock.now(),
    parentId: input.parentId,
  });
  if (added.outcome !== 'added') throw new AppError(added.outcome);
  await storeCommentMentions(deps.pool, added.id, mentioned.mentions);
  const item = toCommentItem({
    id: added.id,
    body: text,
    created_at: new Date(added.createdAt),
    author_id: user.id,
    display_name: added.displayName,
    avatar_url: added.avatarUrl,
    sol_address: added.solAddress,
    username: added.username,
    parent_id: added.parentId,
    reply_count: 0,
    reply_to_address: added.replyTo?.address ?? null,
    reply_to_username: added.replyTo?.username ?? null,
    mentions: mentioned.mentions,
  });
  moveSharedCount(deps, postId.toString(), 'comment_count', 1);
  await deps.emissions.settle();
  await notifyMentioned(deps, {
    author: {
      id: user.id,
      sol_address: added.solAddress,
      username: added.username,
      display_name: added.displayName,
    },
    postId: postId.toString(),
    commentId: added.id,
    text,
    // A reply tells the post's and the answered comment's authors already: not twice.
    userIds: mentioned.userIds.filter(
      (id) => input.parentId === null || (id !== added.postAuthorId && id !== added.parentAuthorId),
    ),
  });
  if (input.parentId !== null) await announceReply(deps, user, postId, { item, added });
  return item;
}

/**
 * Tells the post's author and the answered comment's author of a reply, each once, never the
 * replier nor one muting a word it holds: `on` says whose it answered, so each is told what is
 * theirs.
 */
async function announceReply(
  deps: FeedDeps,
  user: Viewer,
  postId: bigint,
  reply: { item: CommentItem; added: Extract<CommentAdded, { outcome: 'added' }> },
): Promise<void> {
  const { item, added } = reply;
  const told = new Map<string, 'comment' | 'post'>();
  if (added.parentAuthorId !== null) told.set(added.parentAuthorId, 'comment');
  if (!told.has(added.postAuthorId)) told.set(added.postAuthorId, 'post');
  told.delete(user.id);
  // Nobody is told of a reply holding a word they muted (as a mention); the reply stays written
  // whatever this read does.
  try {
    const muting = await mutingWallets(deps.pool, {
      userIds: [...told.keys()],
      text: item.body,
      now: deps.clock.now(),
    });
    for (const userId of muting) told.delete(userId);
  } catch (error) {
    deps.logger.error({ err: error }, 'could not read who mutes a reply');
  }
  // A wallet without a name is shown as the app shortens addresses, in a toast or on a device.
  const replierName = added.displayName ?? added.username ?? formatAddress(added.solAddress);
  for (const [userId, on] of told) {
    await announceAfterCommit(
      deps,
      { kind: 'users', userIds: [userId] },
      {
        type: 'comment_reply',
        data: {
          postId: postId.toString(),
          commentId: item.id,
          parentId: item.parentId ?? '',
          on,
          replierName,
          replierAddress: added.solAddress,
        },
      },
    );
  }
}

/**
 * The comment's author deletes it; nobody else may (403). A top comment's replies go with it (the
 * post's comment count loses them too); a reply leaves its top comment's count.
 */
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
    const replies = await deleteCommentRow(tx, { id: commentId, parentId: comment.parentId });
    await adjustCount(tx, postId, 'comment_count', -1 - replies.length);
    // Off the day each was given, as an unlike: the comment and the replies that went with it.
    for (const gone of [comment, ...replies]) {
      if (post.authorId === gone.authorId) continue;
      await takeFromDay(client, {
        userId: post.authorId,
        at: gone.createdAt,
        counter: 'comments_received',
      });
    }
  });
  dropShared(deps);
}
