import type { Tx } from '../emissions/index.ts';

type Q = Pick<Tx, 'execute'>;

/**
 * What moderation changes in other slices' rows, each written by the slice that owns them
 * (feed, messages, mystery, users) and handed in by the composition root (slice-deps.ts):
 * those slices import this one (the suspension check, the hidden content), so it cannot import
 * them. Each runs in moderation's transaction; a removal answers the media files to delete
 * after commit.
 */
export interface ContentOwners {
  removePost(tx: Q, postId: bigint): Promise<string[]>;
  removeComment(tx: Q, commentId: bigint): Promise<string[]>;
  removeDirectMessage(tx: Q, messageId: bigint): Promise<string[]>;
  removeMystery(tx: Q, mysteryId: bigint): Promise<string[]>;
  clearProfile(tx: Q, userId: string): Promise<string[]>;
  /** Moves these posts' expiry to `now`: every read leaves out what has expired. */
  expirePosts(tx: Q, postIds: string[], now: Date): Promise<void>;
  /**
   * Gives posts back the expiry each had (null: none), as PostgreSQL printed it (text keeps
   * its microseconds, which a Date would drop).
   */
  restorePostExpiries(tx: Q, posts: { postId: string; expiresAt: string | null }[]): Promise<void>;
}
