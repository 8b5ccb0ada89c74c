import { AppError, formatAddress, type RepostResponse } from '@dum/core';
import { inTransaction } from '../../db/prepared.ts';
import { announceAfterCommit } from '../../realtime/index.ts';
import { recordRewardedEvent } from '../emissions/index.ts';
import { assertNotSuspended } from '../moderation/index.ts';
import type { FeedDeps, Viewer } from './deps.ts';
import { lockRepostTarget, writeRepostRow } from './repost-repo.ts';
import { moveSharedCount } from './shared-caches.ts';

/**
 * Reposts (PUT and DELETE /api/messages/{id}/repost): idempotent, so a second PUT or DELETE
 * changes nothing and answers the same. The post's row is locked for the write, so concurrent
 * reposters of one post take turns and repost_count stays equal to its rows. A repost across a
 * block (either way) is refused; one made before the block can still be taken back. The first
 * repost of a (wallet, post) pair ever is a rewarded event (the ledger keeps one per pair);
 * reposting one's own post earns nothing and tells nobody.
 */
export async function setRepost(
  deps: FeedDeps,
  user: Viewer,
  postId: bigint,
  on: boolean,
): Promise<RepostResponse> {
  // A repost is public and earns; taking one back is always allowed.
  if (on) await assertNotSuspended(deps, user.id);
  const now = deps.clock.now();
  const args = { postId, userId: user.id, now, on };
  const outcome = await inTransaction(deps, async (client) => {
    const target = await lockRepostTarget(client, args);
    if (!target) throw new AppError('post_not_found');
    if (!target.user_exists) throw new AppError('unauthorized');
    if (on && target.blocked) throw new AppError('blocked');
    const written = await writeRepostRow(client, args);
    const own = target.author_id === user.id;
    if (written.changed && on && !own) {
      await recordRewardedEvent(
        client,
        {
          kind: 'repost_given',
          actorId: user.id,
          subjectOwnerId: target.author_id,
          reference: postId.toString(),
        },
        now,
      );
    }
    return { target, written, own };
  });
  const { target, written, own } = outcome;
  if (written.changed) {
    moveSharedCount(deps, postId.toString(), 'repost_count', on ? 1 : -1);
    // The reposter's followers' Following pages now hold the post (or no longer do).
    deps.followingCache.postedBy(user.id);
  }
  // Before the answer: no read after it, on any instance, shows the viewer's mark from before,
  // and the repost's reward is in the ledger.
  await Promise.all([
    deps.versions.bump(user.id),
    written.changed && on && !own ? deps.emissions.settle() : undefined,
  ]);
  if (written.changed && on && !own) {
    await announceAfterCommit(
      deps,
      { kind: 'users', userIds: [target.author_id] },
      {
        type: 'post_reposted',
        data: {
          postId: postId.toString(),
          reposterId: user.id,
          reposterName: target.user_name ?? formatAddress(target.user_address ?? ''),
          reposterAddress: target.user_address ?? '',
        },
      },
    );
  }
  return { reposted: on, repostCount: written.count ?? target.repost_count };
}
