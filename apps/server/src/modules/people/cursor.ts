import { createHash } from 'node:crypto';
import { AppError } from '@dum/core';

/**
 * Keyset cursors of the follower and following lists: the (created_at, user id) of a page's
 * last follow, as `base64url(JSON).checksum`, like the feed's cursors. The checksum is not a
 * secret; it makes an edited or truncated cursor a clean 400 `invalid_cursor`.
 */
export interface FollowPosition {
  createdAt: Date;
  userId: string;
}

const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{11}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function checksum(payload: string): string {
  return createHash('sha256').update(`dum:follows:${payload}`).digest('base64url').slice(0, 11);
}

export function encodeFollowCursor(position: FollowPosition): string {
  const payload = Buffer.from(
    JSON.stringify({ t: position.createdAt.getTime(), u: position.userId }),
  ).toString('base64url');
  return `${payload}.${checksum(payload)}`;
}

export function decodeFollowCursor(cursor: string): FollowPosition {
  const invalid = new AppError('invalid_cursor');
  if (!CURSOR_SHAPE.test(cursor)) throw invalid;
  const [payload = '', sum] = cursor.split('.');
  if (checksum(payload) !== sum) throw invalid;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (typeof value !== 'object' || value === null) throw invalid;
  const { t, u } = value as { t?: unknown; u?: unknown };
  if (typeof t !== 'number' || !Number.isSafeInteger(t) || t < 0) throw invalid;
  if (typeof u !== 'string' || !UUID.test(u)) throw invalid;
  return { createdAt: new Date(t), userId: u };
}
