import { AppError, type ConversationState } from '@dum/core';
import { moveConversation, readFolder } from './repo.ts';
import { peerOf, type MessageDeps, type MessageViewer } from './service.ts';

/**
 * Message requests (docs/api.md "Messages"): a conversation the caller keeps in Requests
 * (or declined) until they accept it. The listing is getConversations with folder 'requests';
 * sending moves it to the inbox too (repo.ts).
 */

/** GET /api/conversations/{address}: the caller's folder for the conversation. */
export async function getConversationState(
  deps: MessageDeps,
  viewer: MessageViewer,
  address: string,
): Promise<ConversationState> {
  const peer = await peerOf(deps, viewer, address);
  return { folder: await readFolder(deps.pool, { userId: viewer.id, peerId: peer.id }) };
}

/**
 * POST /api/conversations/{address}/accept: the conversation moves to the caller's inbox for
 * good (from Requests, or back from declined); accepting one there already changes nothing.
 * 404 `conversation_not_found` when neither wrote yet. Nothing is marked read: the thread does
 * that once it is shown in the inbox.
 */
export async function acceptConversation(
  deps: MessageDeps,
  viewer: MessageViewer,
  address: string,
): Promise<ConversationState> {
  return { folder: await moveFromRequests(deps, viewer, address, 'inbox') };
}

/**
 * POST /api/conversations/{address}/decline (Delete in the app): a request leaves Requests, and
 * what the wallet sends later stays out of the inbox, unnoticed, until the caller accepts or
 * writes to it. Declining one declined already changes nothing; one in the inbox is 409
 * `not_a_message_request`, one that does not exist 404 `conversation_not_found`.
 */
export async function declineConversation(
  deps: MessageDeps,
  viewer: MessageViewer,
  address: string,
): Promise<ConversationState> {
  const folder = await moveFromRequests(deps, viewer, address, 'declined');
  if (folder !== 'declined') throw new AppError('not_a_message_request');
  return { folder };
}

/**
 * Moves the caller's conversation with `address` out of Requests or declined into `folder`;
 * the folder it is in afterwards (one in the inbox stays there). 404 when neither wrote yet.
 */
async function moveFromRequests(
  deps: MessageDeps,
  viewer: MessageViewer,
  address: string,
  folder: 'inbox' | 'declined',
): Promise<ConversationState['folder']> {
  const peer = await peerOf(deps, viewer, address);
  const moved = await moveConversation(deps.pool, {
    userId: viewer.id,
    peerId: peer.id,
    folder,
    from: ['requests', 'declined'],
  });
  if (moved === null) throw new AppError('conversation_not_found');
  return moved;
}
