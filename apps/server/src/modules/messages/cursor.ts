import {
  cursorBigint,
  cursorTime,
  cursorUuid,
  decodeSignedCursor,
  encodeSignedCursor,
} from '../../http/signed-cursor.ts';

/**
 * Page cursors of the conversation lists (the inbox, Requests) and of a thread
 * (http/signed-cursor.ts); their scopes keep one's cursor from being read as another's.
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

/** The folders that have a list: each has its own scope, so one's cursor is not the other's. */
export type ListedFolder = 'inbox' | 'requests';

const LIST_SCOPES: Record<ListedFolder, string> = {
  inbox: 'dm-conversations',
  requests: 'dm-requests',
};

export function encodeConversationCursor(
  folder: ListedFolder,
  position: ConversationPosition,
): string {
  return encodeSignedCursor(LIST_SCOPES[folder], {
    t: position.updatedAt.getTime(),
    p: position.peerId,
  });
}

export function decodeConversationCursor(
  folder: ListedFolder,
  cursor: string,
): ConversationPosition {
  const { t, p } = decodeSignedCursor(LIST_SCOPES[folder], cursor);
  return { updatedAt: cursorTime(t), peerId: cursorUuid(p) };
}
