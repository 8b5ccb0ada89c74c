import {
  cursorBigint,
  cursorTime,
  cursorUuid,
  decodeSignedCursor,
  encodeSignedCursor,
} from '../../http/signed-cursor.ts';

/**
 * Page cursors of the conversation list and of a thread (http/signed-cursor.ts); their scopes
 * keep a thread's cursor from being read as the list's.
 */

/** A thread's position: the id of the oldest message shown so far. */
export function encodeThreadCursor(id: bigint): string {
  return encodeSignedCursor('dm-thread', { i: id.toString() });
}

export function decodeThreadCursor(cursor: string): bigint {
  return cursorBigint(decodeSignedCursor('dm-thread', cursor).i);
}

export interface ConversationPosition {
  updatedAt: Date;
  peerId: string;
}

export function encodeConversationCursor(position: ConversationPosition): string {
  return encodeSignedCursor('dm-conversations', {
    t: position.updatedAt.getTime(),
    p: position.peerId,
  });
}

export function decodeConversationCursor(cursor: string): ConversationPosition {
  const { t, p } = decodeSignedCursor('dm-conversations', cursor);
  return { updatedAt: cursorTime(t), peerId: cursorUuid(p) };
}
