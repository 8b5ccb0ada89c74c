import { createHash } from 'node:crypto';
import { AppError } from '@dum/core';

/**
 * Keyset page cursors, one format for every list: the position of a page's last item as
 * `base64url(JSON).checksum`. The checksum is not a secret (a cursor names a position in a list
 * its reader may read anyway); it makes an edited or truncated cursor a clean 400
 * `invalid_cursor` instead of a page from some other place, and the scope in it keeps one
 * list's cursor from being read as another's. Each list checks the fields it put in.
 */

const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{11}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_BIGINT = (1n << 63n) - 1n;

function checksum(scope: string, payload: string): string {
  return createHash('sha256').update(`dum:${scope}:${payload}`).digest('base64url').slice(0, 11);
}

export function encodeSignedCursor(scope: string, fields: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${checksum(scope, payload)}`;
}

/** The fields a cursor of this scope carries, or 400 `invalid_cursor`. */
export function decodeSignedCursor(scope: string, cursor: string): Record<string, unknown> {
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
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid;
  return value as Record<string, unknown>;
}

/** A cursor field holding a time (milliseconds since the epoch), or 400 `invalid_cursor`. */
export function cursorTime(value: unknown): Date {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new AppError('invalid_cursor');
  }
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new AppError('invalid_cursor');
  return time;
}

/** A cursor field holding a row id that fits PostgreSQL's bigint, or 400 `invalid_cursor`. */
export function cursorBigint(value: unknown): bigint {
  if (typeof value !== 'string' || !/^[1-9]\d{0,18}$/.test(value) || BigInt(value) > MAX_BIGINT) {
    throw new AppError('invalid_cursor');
  }
  return BigInt(value);
}

/** A cursor field holding a user id (a UUID), or 400 `invalid_cursor`. */
export function cursorUuid(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw new AppError('invalid_cursor');
  return value;
}
