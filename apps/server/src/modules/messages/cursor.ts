import { createHash } from 'node:crypto';
import { AppError } from '@dum/core';

/**
 * Page cursors of the conversation list and of a thread: the position of a page's last item
 * as `base64url(JSON).checksum`. The checksum is not a secret (a cursor names a position in a
 * list its reader may read anyway); it makes an edited or truncated cursor a clean 400
 * `invalid_cursor`, and its scope keeps a thread's cursor from being read as a list's.
 */

const MAX_ID = (1n << 63n) - 1n;
const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{11}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Scope = 'dm-thread' | 'dm-conversations';

function checksum(scope: Scope, payload: string): string {
  return createHash('sha256').update(`dum:${scope}:${payload}`).digest('base64url').slice(0, 11);
}

function encode(scope: Scope, value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${checksum(scope, payload)}`;
}

function decode(scope: Scope, cursor: string): Record<string, unknown> {
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
  return value as Record<string, unknown>;
}

/** A thread's position: the id of the oldest message shown so far. */
export function encodeThreadCursor(id: bigint): string {
  return encode('dm-thread', { i: id.toString() });
}

export function decodeThreadCursor(cursor: string): bigint {
  const { i } = decode('dm-thread', cursor);
  if (typeof i !== 'string' || !/^[1-9]\d{0,18}$/.test(i) || BigInt(i) > MAX_ID) {
    throw new AppError('invalid_cursor');
  }
  return BigInt(i);
}

export interface ConversationPosition {
  updatedAt: Date;
  peerId: string;
}

export function encodeConversationCursor(position: ConversationPosition): string {
  return encode('dm-conversations', { t: position.updatedAt.getTime(), p: position.peerId });
}

export function decodeConversationCursor(cursor: string): ConversationPosition {
  const { t, p } = decode('dm-conversations', cursor);
  if (typeof t !== 'number' || !Number.isSafeInteger(t) || t < 0) {
    throw new AppError('invalid_cursor');
  }
  if (typeof p !== 'string' || !UUID.test(p)) throw new AppError('invalid_cursor');
  const updatedAt = new Date(t);
  if (Number.isNaN(updatedAt.getTime())) throw new AppError('invalid_cursor');
  return { updatedAt, peerId: p };
}
