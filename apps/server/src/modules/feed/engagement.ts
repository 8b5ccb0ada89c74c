import { AppError, type EngagementKind } from '@dum/core';
import { inTransaction } from '../../db/prepared.ts';
import { assertNotSuspended } from '../moderation/index.ts';
import type { FeedDeps, Viewer } from './deps.ts';
import {
  lockOwnEngagement,
  toggleEngagementRow,
  toggleUnlessBlockedSoon,
  type EngagementToggle,
} from './engagement-repo.ts';
import { moveSharedCount } from './shared-caches.ts';

/**
 * Flips the viewer's like or bookmark. The post row is locked for likes, so concurrent likers
 * of one post take turns and like_count stays equal to the number of like rows; the unique key
 * (post, user, kind) makes a double click land as on-then-off. The first like of a pair ever is
 * a rewarded event (the ledger's unique key ignores a second one; liking your own post earns
 * nothing). A block between the viewer and the author, either way, refuses a new one: the
 * toggle's statement reads that first, since toggle_engagement does not.
 */
export async function toggleEngagement(
  deps: FeedDeps,
  user: Viewer,
  id: bigint,
  kind: EngagementKind,
): Promise<{ toggled: 'on' | 'off' }> {
  // A like is public and earns; a bookmark is the viewer's own, which reading may keep.
  if (kind === 'like') await assertNotSuspended(deps, user.id);
  const args = { postId: id, userId: user.id, kind, now: deps.clock.now() };
  const first = await toggleUnlessBlockedSoon(deps.pool, args);
  const outcome =
    first.outcome ?? (first.blocked ? await takeBackAcrossBlock(deps, args, first.marked) : null);
  if (outcome === null) throw new Error('toggle_engagement answered nothing');
  if (outcome === 'unauthorized' || outcome === 'post_not_found') throw new AppError(outcome);
  const toggled = outcome === 'on' ? 'on' : 'off';
  if (kind === 'like' && outcome !== 'none') {
    moveSharedCount(deps, id.toString(), 'like_count', toggled === 'on' ? 1 : -1);
  }
  // Before the answer: no read after it, on any instance, gets the viewer's marks from before,
  // and a like's reward is in the ledger (the balance the client fetches next includes it).
  await Promise.all([
    deps.versions.bump(user.id),
    kind === 'like' && toggled === 'on' ? deps.emissions.settle() : undefined,
  ]);
  return { toggled };
}

/**
 * Across a block (either way) a like or bookmark cannot be given, 403 `blocked` with nothing
 * written; one given before the block can still be taken back. The row is locked before the
 * toggle, so a second click racing this one finds it gone and is refused rather than turning
 * the mark on again.
 */
async function takeBackAcrossBlock(
  deps: FeedDeps,
  args: { postId: bigint; userId: string; kind: EngagementKind; now: Date },
  marked: boolean,
): Promise<EngagementToggle> {
  if (!marked) throw new AppError('blocked');
  return inTransaction(deps, async (client) => {
    if (!(await lockOwnEngagement(client, args))) throw new AppError('blocked');
    return toggleEngagementRow(client, args);
  });
}
