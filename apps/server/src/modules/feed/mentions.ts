import { formatAddress, type Mention } from '@dum/core';
import type { Queryable } from '../../db/prepared.ts';
import { announceAfterCommit } from '../../realtime/index.ts';
import { mentionRecipients } from '../people/index.ts';
import type { FeedDeps } from './deps.ts';

/**
 * Tells the wallets a new post or comment mentions (docs/api.md "Mentions"), after it is
 * stored: people's mentionRecipients picks who (at most MENTION_NOTIFY_MAX, no block either way,
 * not muting the text). A failure to tell is logged, never answered: the text stays written.
 */
export async function notifyMentioned(
  deps: Pick<FeedDeps, 'pool' | 'bus' | 'clock' | 'logger'>,
  args: {
    author: {
      id: string;
      sol_address: string;
      username: string | null;
      display_name: string | null;
    };
    postId: string;
    commentId: string | null;
    text: string;
    userIds: string[];
  },
): Promise<void> {
  if (args.userIds.length === 0) return;
  try {
    const recipients = await mentionRecipients(deps.pool, {
      authorId: args.author.id,
      userIds: args.userIds,
      text: args.text,
      now: deps.clock.now(),
    });
    if (recipients.length === 0) return;
    const { author } = args;
    await announceAfterCommit(
      deps,
      { kind: 'users', userIds: recipients },
      {
        type: 'mentioned',
        data: {
          postId: args.postId,
          commentId: args.commentId,
          authorAddress: author.sol_address,
          authorName: author.display_name ?? author.username ?? formatAddress(author.sol_address),
        },
      },
    );
  } catch (error) {
    deps.logger.error({ err: error }, 'could not notify mentioned wallets');
  }
}

/**
 * Stores a new comment's mentions. A second statement after add_comment, and only for a comment
 * that mentions someone: the one-call add_comment (its lock, counts and reward) stays as it is.
 */
export async function storeCommentMentions(
  db: Queryable,
  commentId: string,
  mentions: Mention[],
): Promise<void> {
  if (mentions.length === 0) return;
  await db.query({
    name: 'feed_comment_mentions',
    text: 'update comments set mentions = $2::jsonb where id = $1',
    values: [commentId, JSON.stringify(mentions)],
  });
}
