import { grantVerified } from './repo.ts';
import type { VerifiedDeps } from './service.ts';

/**
 * How long a wallet that has its posts but not its tick is left alone by its own posts: the
 * posts no longer move the rule, and what can (a follower becoming established as time passes) is
 * looked at again after this. Follows and a username are looked at straight away, always.
 */
export const VERIFIED_POSTS_RECHECK_MS = 60_000;

/** Entries kept before the expired ones are swept (one per active poster near the tick). */
const SWEEP_AT = 10_000;

/**
 * The sequencer's afterBatch for the verified tick: its posts and vaults now have their ledger
 * rows, one more each towards their author's tick, and its follows one more follower for the
 * followed wallet. One statement for the whole batch. An author who already has the posts the
 * rule asks for is looked at for a post at most once per VERIFIED_POSTS_RECHECK_MS, on this
 * instance (a busy poster's every post cost the follower count again, for nothing). Never
 * throws: the batch has committed, and the next one looks again.
 */
export function createVerifiedAfterBatch(deps: VerifiedDeps) {
  /** Authors with their posts and no tick: when the rule last looked at them, in ms. */
  const postsReachedAt = new Map<string, number>();

  function sweep(now: number): void {
    if (postsReachedAt.size < SWEEP_AT) return;
    for (const [wallet, at] of postsReachedAt) {
      if (now - at >= VERIFIED_POSTS_RECHECK_MS) postsReachedAt.delete(wallet);
    }
  }

  return async function verifiedAfterBatch(
    events: readonly { kind: string; actorId: string; subjectId?: string | null | undefined }[],
  ): Promise<void> {
    const now = deps.clock.now();
    const wallets = new Set<string>();
    for (const event of events) {
      if (event.kind === 'post_created' || event.kind === 'vault_created') {
        const lookedAt = postsReachedAt.get(event.actorId);
        if (lookedAt === undefined || now.getTime() - lookedAt >= VERIFIED_POSTS_RECHECK_MS) {
          wallets.add(event.actorId);
        }
      } else if (event.kind === 'follow' && event.subjectId) {
        wallets.add(event.subjectId);
      }
    }
    if (wallets.size === 0) return;
    try {
      const { granted, postsReached } = await grantVerified(deps.pool, {
        userIds: [...wallets],
        now,
        rule: deps.established,
      });
      for (const wallet of granted) postsReachedAt.delete(wallet);
      for (const wallet of postsReached) postsReachedAt.set(wallet, now.getTime());
      sweep(now.getTime());
    } catch (error) {
      deps.logger.error({ err: error }, 'could not apply the verified rule');
    }
  };
}
