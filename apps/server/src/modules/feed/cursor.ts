import { AppError } from '@dum/core';
import {
  cursorBigint,
  cursorTime,
  decodeSignedCursor,
  encodeSignedCursor,
} from '../../http/signed-cursor.ts';

/**
 * Keyset page cursors of the feed and of a post's comments (http/signed-cursor.ts): the
 * (created_at, id) of the last item of a page; the scope keeps a comment cursor from being read
 * as a feed cursor.
 */
export interface PagePosition {
  createdAt: Date;
  id: bigint;
}

export type CursorScope = 'feed' | 'comments';

const MAX_ID = (1n << 63n) - 1n;

export function encodeCursor(scope: CursorScope, position: PagePosition): string {
  return encodeSignedCursor(scope, { t: position.createdAt.getTime(), i: position.id.toString() });
}

/** The position a cursor names, or the catalogue's 400 `invalid_cursor`. */
export function decodeCursor(scope: CursorScope, cursor: string): PagePosition {
  const { t, i } = decodeSignedCursor(scope, cursor);
  return { createdAt: cursorTime(t), id: cursorBigint(i) };
}

/** A path id (`/messages/{id}`): a positive integer that fits PostgreSQL's bigint, else 400. */
export function parseId(value: string, what: 'post' | 'comment'): bigint {
  if (!/^[1-9]\d{0,18}$/.test(value) || BigInt(value) > MAX_ID) {
    throw new AppError('validation_failed', {
      details: [{ path: 'id', message: `must be a ${what} id (a positive integer)` }],
    });
  }
  return BigInt(value);
}
