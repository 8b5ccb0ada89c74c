import {
  cursorTime,
  cursorUuid,
  decodeSignedCursor,
  encodeSignedCursor,
} from '../../http/signed-cursor.ts';

/**
 * Keyset cursors of the follower and following lists (http/signed-cursor.ts): the
 * (created_at, user id) of a page's last follow.
 */
export interface FollowPosition {
  createdAt: Date;
  userId: string;
}

export function encodeFollowCursor(position: FollowPosition): string {
  return encodeSignedCursor('follows', { t: position.createdAt.getTime(), u: position.userId });
}

export function decodeFollowCursor(cursor: string): FollowPosition {
  const { t, u } = decodeSignedCursor('follows', cursor);
  return { createdAt: cursorTime(t), userId: cursorUuid(u) };
}
