import { establishedNow, grantVerified } from './repo.ts';
import type { VerifiedDeps } from './service.ts';

/**
 * How long a wallet the rule looked at and left without its tick is left alone by what cannot
 * move it: its own posts once it has the posts the rule asks for, and follows by wallets not
 * established. What can move it then (a follower becoming established as time passes) is looked
 * at again after this. A follow by an established wallet and a username are looked at straight
 * away, always.
 */
export const VERIFIED_RECHECK_MS = 60_000;

/** Entries kept before the expired ones are swept (one per active wallet near the tick). */
const SWEEP_AT = 10_000;

/** When the rule last looked at a wallet on this instance, for VERIFIED_RECHECK_MS. */
class LookedAt {
  private readonly at = new Map<string, number>();

  recent(wallet: string, now: number): boolean {
    const at = this.at.get(wallet);
    return at !== undefined && now - at < VERIFIED_RECHECK_MS;
  }

  set(wallet: string, now: number): void {
    this.at.set(wallet, now);
  }

  delete(wallet: string): void {
    this.at.delete(wallet);
  }

  sweep(now: number): void {
    if (this.at.size < SWEEP_AT) return;
    for (const [wallet, at] of this.at) {
      if (now - at >= VERIFIED_RECHECK_MS) this.at.delete(wallet);
    }
  }
}

type BatchEvent = { kind: string; actorId: string; subjectId?: string | null | undefined };

/**
 * The sequencer's afterBatch for the verified tick: its posts and vaults now have their ledger
 * rows, one more each towards their author's tick, and its follows one more follower for the
 * followed wallet. One statement for the whole batch (two when a follow's follower must be
 * asked about). Two memories, on this instance, keep the rule from counting again what cannot
 * have changed (a busy poster's every post, or a wallet followed by many fresh wallets, cost
 * the follower count again for nothing): an author who already has the posts the rule asks for
 * is looked at for a post at most once per VERIFIED_RECHECK_MS; a followed wallet looked at
 * within it is looked at again only for a follower established now. Never throws: the batch
 * has committed, and the next one looks again.
 */
export function createVerifiedAfterBatch(deps: VerifiedDeps) {
  /** Authors with their posts and no tick. */
  const postsReached = new LookedAt();
  /** Followed wallets looked at for a follow and left without the tick. */
  const followersLooked = new LookedAt();

  /** The wallets this batch asks the rule about. */
  async function walletsToLookAt(events: readonly BatchEvent[], now: Date): Promise<Set<string>> {
    const ms = now.getTime();
    const wallets = new Set<string>();
    /** Followed wallets looked at lately, by their new followers. */
    const byFollower = new Map<string, string[]>();
    for (const event of events) {
      if (event.kind === 'post_created' || event.kind === 'vault_created') {
        if (!postsReached.recent(event.actorId, ms)) wallets.add(event.actorId);
      } else if (event.kind === 'follow' && event.subjectId) {
        if (!followersLooked.recent(event.subjectId, ms)) wallets.add(event.subjectId);
        else {
          const followed = byFollower.get(event.actorId) ?? [];
          followed.push(event.subjectId);
          byFollower.set(event.actorId, followed);
        }
      }
    }
    if (byFollower.size > 0) {
      const established = await establishedNow(deps.pool, {
        userIds: [...byFollower.keys()],
        now,
        rule: deps.established,
      });
      for (const follower of established) {
        for (const wallet of byFollower.get(follower) ?? []) wallets.add(wallet);
      }
    }
    return wallets;
  }

  return async function verifiedAfterBatch(events: readonly BatchEvent[]): Promise<void> {
    const now = deps.clock.now();
    const ms = now.getTime();
    try {
      const wallets = await walletsToLookAt(events, now);
      if (wallets.size === 0) return;
      const looked = await grantVerified(deps.pool, {
        userIds: [...wallets],
        now,
        rule: deps.established,
      });
      const granted = new Set(looked.granted);
      for (const wallet of looked.postsReached) {
        if (!granted.has(wallet)) postsReached.set(wallet, ms);
      }
      for (const event of events) {
        const wallet = event.kind === 'follow' ? event.subjectId : null;
        if (wallet && wallets.has(wallet) && !granted.has(wallet)) followersLooked.set(wallet, ms);
      }
      for (const wallet of granted) {
        postsReached.delete(wallet);
        followersLooked.delete(wallet);
      }
      postsReached.sweep(ms);
      followersLooked.sweep(ms);
    } catch (error) {
      deps.logger.error({ err: error }, 'could not apply the verified rule');
    }
  };
}
