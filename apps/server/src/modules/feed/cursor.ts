import { createHash } from 'node:crypto';
import { AppError } from '@dum/core';

/**
 * Keyset page cursors: the (created_at, id) of the last item of a page, as an opaque string
 * `base64url(JSON).checksum`. The checksum is not a secret (any position in a public list may be
 * asked for); it makes an edited or truncated cursor a clean 400 instead of a page from some
 * other place, and the scope keeps a comment cursor from being read as a feed cursor.
 */
export interface PagePosition {
  createdAt: Date;
  id: bigint;
}

export type CursorScope = 'feed' | 'comments';

const MAX_ID = (1n << 63n) - 1n;
const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{11}$/;

function checksum(scope: CursorScope, payload: string): string {
  return createHash('sha256').update(`dum:${scope}:${payload}`).digest('base64url').slice(0, 11);
}

export function encodeCursor(scope: CursorScope, position: PagePosition): string {
  const payload = Buffer.from(
    JSON.stringify({ t: position.createdAt.getTime(), i: position.id.toString() }),
  ).toString('base64url');
  return `${payload}.${checksum(scope, payload)}`;
}

/** The position a cursor names, or the catalogue's 400 `invalid_cursor`. */
export function decodeCursor(scope: CursorScope, cursor: string): PagePosition {
  const invalid = new AppError('invalid_cursor');
  if (!CURSOR_SHAPE.test(cursor)) throw invalid;
  const [payload = '', sum] = cursor.split('.');
  if (checksum(scope, payload) !== sum) throw invalid;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (typeof value !== 'object' || value === null) throw invalid;
  const { t, i } = value as { t?: unknown; i?: unknown };
  if (typeof t !== 'number' || !Number.isSafeInteger(t) || t < 0) throw invalid;
  if (typeof i !== 'string' || !/^[1-9]\d{0,18}$/.test(i)) throw invalid;
  const id = BigInt(i);
  if (id > MAX_ID) throw invalid;
  const createdAt = new Date(t);
  if (Number.isNaN(createdAt.getTime())) throw invalid;
  return { createdAt, id };
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
