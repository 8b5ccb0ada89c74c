import type { ChainClient } from '@dum/chain';
import {
  AppError,
  CONVERSATIONS_PAGE_DEFAULT,
  DM_BODY_MAX_LENGTH,
  textLength,
  type ConversationPage,
  type DirectMessage,
  type DirectMessagePage,
  type ErrorCode,
  type MediaKind,
  type SendMessageRequest,
  type UnreadCount,
  TIP_REWARD_MIN_LAMPORTS,
} from '@dum/core';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { SliceBaseDeps } from '../../context.ts';
import { inTransaction, type Queryable } from '../../db/prepared.ts';
import type { UserSummaryRow } from '../../db/user-summary.ts';
import { transferRejectionErrors } from '../../http/errors.ts';
import { pageOf } from '../../http/page.ts';
import { announceAfterCommit, type EventBus } from '../../realtime/index.ts';
import { recordRewardedEvent, type EmissionSequencer } from '../emissions/index.ts';
import {
  attachUploadToDirectMessage,
  claimUpload,
  mediaNameFromUrl,
  mediaUrlOf,
} from '../media/index.ts';
import {
  purposeKey,
  settleIntent,
  signatureIsSpent,
  spendSignature,
  verifyPayment,
  type PaymentReport,
  type VerifiedPayment,
} from '../payments/index.ts';
import { assertNotSuspended } from '../moderation/index.ts';
import { isBlockedEitherWay, resolveMentions } from '../people/index.ts';
import { trustedByPolicy, type TrustPolicy } from '../trust/index.ts';
import {
  decodeConversationCursor,
  decodeThreadCursor,
  encodeConversationCursor,
  encodeThreadCursor,
  type ListedFolder,
} from './cursor.ts';
import {
  insertMessage,
  insertTippedMessage,
  markConversationRead,
  readConversations,
  readCounts,
  readMessageByTipSignature,
  readThread,
  readUserByAddress,
  type ConversationRow,
  type DmRow,
  type InsertedDmRow,
} from './repo.ts';

/** What the messages' logic needs; built once from the app context (routes.ts). */
export interface MessageDeps extends SliceBaseDeps {
  bus: EventBus;
  chain: ChainClient;
  appOrigin: string;
  /** Gives a tip's rewarded event its reward (modules/emissions). */
  emissions: EmissionSequencer;
  /** Whose messages reach an inbox they do not follow (modules/trust). */
  trust: TrustPolicy;
  /**
   * Users by wallet as this instance last read them: only their id and wallet are used, which
   * never change; a deleted user's entry is dropped when a write finds it gone.
   */
  peers: Map<string, UserSummaryRow>;
}

const PEER_CACHE_SIZE = 10_000;

export interface MessageViewer {
  id: string;
  solAddress: string;
}

const MAX_LAMPORTS = (1n << 63n) - 1n;
const FOREIGN_KEY_VIOLATION = '23503';

// ---- Presentation -----------------------------------------------------------------------------

function toDirectMessage(row: DmRow): DirectMessage {
  return {
    id: row.id,
    senderId: row.sender_id,
    recipientId: row.recipient_id,
    body: row.body,
    imageUrl: row.image_key ? mediaUrlOf(row.image_key) : null,
    audioUrl: row.audio_key ? mediaUrlOf(row.audio_key) : null,
    tip:
      row.tip_lamports !== null && row.tip_signature !== null
        ? { amount: row.tip_lamports, transactionSignature: row.tip_signature }
        : null,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
    mentions: row.mentions,
  };
}

function toConversation(row: ConversationRow): ConversationPage['items'][number] {
  return {
    peer: {
      id: row.peer_id,
      solAddress: row.peer_address,
      username: row.peer_username,
      displayName: row.peer_display_name,
      avatarUrl: row.peer_avatar_url,
      isVerified: row.peer_is_verified,
    },
    lastMessage: toDirectMessage(row),
    unreadCount: row.unread_count,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

// ---- The other participant --------------------------------------------------------------------

/** The wallet's user, or 404 `user_not_found` (also for a string that is no address at all). */
export async function peerOf(
  deps: MessageDeps,
  viewer: MessageViewer,
  address: string,
): Promise<UserSummaryRow> {
  if (address === viewer.solAddress) throw new AppError('cannot_message_self');
  const cached = deps.peers.get(address);
  if (cached) return cached;
  const peer = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)
    ? await readUserByAddress(deps.pool, address)
    : null;
  if (!peer) throw new AppError('user_not_found');
  if (deps.peers.size >= PEER_CACHE_SIZE) deps.peers.clear();
  deps.peers.set(address, peer);
  return peer;
}

// ---- Sending ----------------------------------------------------------------------------------

// Tips set no earliest time; too_early is listed for completeness.
const REJECTION_ERROR = transferRejectionErrors({ too_early: 'transfer_not_found' });

interface Draft {
  body: string;
  image: string | null;
  audio: string | null;
  tip: { lamports: bigint; signature: string } | null;
}

/** The support's codes, with texts that name the recipient where they name a vault's creator. */
const TIP_MESSAGES: Partial<Record<ErrorCode, string>> = {
  transfer_not_found: "That transaction holds no SOL transfer to the recipient's wallet.",
  transfer_wrong_recipient: "That transfer was not sent to the recipient's wallet.",
  transaction_already_used: 'That transaction was already used for a tip or a vault support.',
};

function tipError(code: ErrorCode): AppError {
  const message = TIP_MESSAGES[code];
  return message === undefined ? new AppError(code) : new AppError(code, { message });
}

/** The message's text, attachments and tip as given, or the error to answer. */
function checkDraft(deps: MessageDeps, input: SendMessageRequest): Draft {
  const body = (input.body ?? '').trim();
  if (textLength(body) > DM_BODY_MAX_LENGTH) throw new AppError('message_too_long');
  const media = (url: string | undefined): string | null => {
    if (url === undefined || url === '') return null;
    const name = mediaNameFromUrl(url, deps.appOrigin);
    if (!name) throw new AppError('media_not_attachable');
    return name;
  };
  const image = media(input.imageUrl);
  const audio = media(input.audioUrl);
  let tip: Draft['tip'] = null;
  if (input.tip) {
    const signature = input.tip.transactionSignature.trim();
    const amount = input.tip.amount.trim();
    if (!signature || !amount) throw new AppError('vault_support_missing_data');
    // Lamports, a positive integer (the dm shows the same string).
    if (!/^[1-9]\d{0,18}$/.test(amount) || BigInt(amount) > MAX_LAMPORTS) {
      throw new AppError('invalid_amount');
    }
    tip = { lamports: BigInt(amount), signature };
  }
  if (body === '' && !image && !audio && !tip) throw new AppError('message_required');
  return { body, image, audio, tip };
}

export interface SentMessage {
  message: DirectMessage;
  /** False when this call was a retry of a recorded tip: nothing was written or announced. */
  created: boolean;
}

/**
 * POST /api/conversations/{address}/messages. A message to another wallet that neither blocked
 * the other, with text, an image and/or an audio upload of the sender's own, and/or a tip.
 *
 * A tip is a SOL transfer the client has made from the caller's wallet to the recipient's and
 * waited for: verified on the cluster exactly as a vault support is (confirmed, top-level System
 * transfer, this sender, this recipient, exactly these lamports), and its signature pays once,
 * for one tip or one vault support (spent_transfer_signatures, taken in the message's
 * transaction). A tip that does not verify writes nothing. The same call again (same sender,
 * recipient, signature and lamports) answers the recorded message and writes nothing; the
 * signature for anything else is 409 `transaction_already_used`. A tip is a rewarded event for
 * the sender (`tip`), under the economy's rules, sequenced before the answer.
 *
 * The message lands in the recipient's Requests, without notifying them, unless they follow the
 * sender, the sender is trusted or the conversation is in their inbox already (folders, repo.ts).
 * After commit the recipient's sockets get `new_message` when it reached their inbox.
 */
export async function sendMessage(
  deps: MessageDeps,
  viewer: MessageViewer,
  address: string,
  input: SendMessageRequest,
  /** Who reports the tip's transfer: the signed-in sender, or a holder of its intent's reference. */
  report: PaymentReport = { by: 'payer', payer: viewer.solAddress },
): Promise<SentMessage> {
  await assertNotSuspended(deps, viewer.id);
  const peer = await peerOf(deps, viewer, address);
  const draft = checkDraft(deps, input);
  // A block either way is checked by the write itself (the statements write nothing across
  // one); asked here only where the answer would otherwise not say it.
  const blocked = () => isBlockedEitherWay(deps.db, viewer.id, peer.id);

  const { tip } = draft;
  let payment: VerifiedPayment | null = null;
  if (tip) {
    const checked = await verifyPayment(deps, {
      signature: tip.signature,
      purpose: { kind: 'tip', recipient: peer.sol_address },
      recipient: peer.sol_address,
      lamports: tip.lamports,
      report,
    });
    if (checked.ok) payment = checked.payment;
    else {
      if (await blocked()) throw new AppError('blocked');
      // A spent signature sent again for something else is a replay, whatever else is wrong.
      const existing = await answerExisting(deps, viewer, peer, tip);
      if (existing) return existing;
      throw tipError(REJECTION_ERROR[checked.reason]);
    }
  }

  const now = deps.clock.now();
  // Whether the message reaches an inbox without a follow: the policy's answer, or (null) the
  // stored trust, read by the message's own statement.
  const senderTrusted = trustedByPolicy(deps.trust, viewer.solAddress);
  const row = await writeMessage(deps, viewer, peer, { ...draft, senderTrusted }, now).catch(
    (error: unknown) => {
      // The recipient's account was deleted since it was read: nothing was written.
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
        deps.peers.delete(address);
        throw new AppError('user_not_found');
      }
      throw error;
    },
  );
  if (!row) {
    if (!tip || (await blocked())) throw new AppError('blocked');
    const existing = await answerExisting(deps, viewer, peer, tip);
    if (existing) return existing;
    throw new Error('a spent tip signature has no answer');
  }
  if (payment) await settleIntent(deps, payment);
  // The tip's reward is sequenced after the answer, not before it (decision 010): nothing the
  // sender's client shows after a message reads it (its Live Activity line comes with its batch),
  // and under load the wait for the batch was most of a tipped message's time. With no one
  // waiting, the rewards of the tips of the next moment share one batch.
  if (tip) deps.emissions.settleSoon();
  if (row.recipient_folder !== 'inbox') return { message: toDirectMessage(row), created: true };
  await announceAfterCommit(
    deps,
    { kind: 'users', userIds: [peer.id] },
    {
      type: 'new_message',
      data: {
        senderId: viewer.id,
        tipAmount: tip ? tip.lamports.toString() : '0',
        senderAddress: viewer.solAddress,
      },
    },
  );
  return { message: toDirectMessage(row), created: true };
}

/**
 * Writes the message: one statement without uploads (with a tip, the statement spends its
 * signature and queues its reward too; null, and nothing written, when it was spent already);
 * with uploads, a transaction that spends the tip's signature first, takes the uploads and
 * queues the tip's reward.
 */
async function writeMessage(
  deps: MessageDeps,
  viewer: MessageViewer,
  peer: UserSummaryRow,
  draft: Draft & { senderTrusted: boolean | null },
  now: Date,
): Promise<InsertedDmRow | null> {
  const toInsert = {
    senderId: viewer.id,
    recipientId: peer.id,
    body: draft.body,
    imageKey: draft.image,
    audioKey: draft.audio,
    tip: draft.tip,
    now,
    senderTrusted: draft.senderTrusted,
    // Links only: a wallet named in a conversation it is not in is not told.
    mentions: draft.body === '' ? [] : (await resolveMentions(deps.pool, draft.body)).mentions,
  };
  const tipPurpose = purposeKey({ kind: 'tip', recipient: peer.sol_address });
  if (!draft.image && !draft.audio) {
    const { tip } = draft;
    return tip
      ? insertTippedMessage(deps.pool, { ...toInsert, tip, tipPurpose })
      : insertMessage(deps.pool, toInsert);
  }
  return inTransaction(deps, async (client) => {
    const { tip } = draft;
    if (
      tip &&
      !(await spendSignature(client, {
        signature: tip.signature,
        spentOn: 'tip',
        purpose: tipPurpose,
        now,
      }))
    ) {
      return null;
    }
    // The media helpers write through Drizzle, on the same connection.
    const tx = drizzle(client);
    const claim = (name: string | null, type: MediaKind) =>
      name ? claimUpload(tx, { storageKey: name, ownerId: viewer.id, type }) : null;
    const imageId = await claim(draft.image, 'image');
    const audioId = await claim(draft.audio, 'audio');
    const row = await insertMessage(client, toInsert);
    // Nothing is written across a block: throwing rolls back the spent signature and the claims.
    if (!row) throw new AppError('blocked');
    const id = BigInt(row.id);
    if (imageId) await attachUploadToDirectMessage(tx, imageId, id);
    if (audioId) await attachUploadToDirectMessage(tx, audioId, id);
    if (tip && tip.lamports >= TIP_REWARD_MIN_LAMPORTS) {
      await recordRewardedEvent(
        client,
        { kind: 'tip', actorId: viewer.id, subjectOwnerId: peer.id, reference: tip.signature },
        now,
      );
    }
    return row;
  });
}

/**
 * A tip signature that was spent before: the recorded message again when this is the same call
 * (same sender, recipient and lamports), 409 `transaction_already_used` when it paid for anything
 * else; null when it was never spent.
 */
async function answerExisting(
  deps: MessageDeps,
  viewer: MessageViewer,
  peer: UserSummaryRow,
  tip: { lamports: bigint; signature: string },
): Promise<SentMessage | null> {
  const existing = await readMessageByTipSignature(deps.pool, tip.signature);
  if (
    existing &&
    existing.sender_id === viewer.id &&
    existing.recipient_id === peer.id &&
    existing.tip_lamports === tip.lamports.toString()
  ) {
    return { message: toDirectMessage(existing), created: false };
  }
  if (existing || (await signatureIsSpent(deps.pool, tip.signature))) {
    throw tipError('transaction_already_used');
  }
  return null;
}

// ---- Reading ----------------------------------------------------------------------------------

/** GET /api/conversations/{address}/messages: the caller's thread with the wallet, newest first. */
export async function getThread(
  deps: MessageDeps,
  viewer: MessageViewer,
  address: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<DirectMessagePage> {
  const beforeId = page.cursor === undefined ? null : decodeThreadCursor(page.cursor);
  const peer = await peerOf(deps, viewer, address);
  const rows = await readThread(deps.pool, {
    userId: viewer.id,
    peerId: peer.id,
    beforeId,
    limit: page.limit + 1,
  });
  return pageOf(rows, page.limit, toDirectMessage, (last) => encodeThreadCursor(BigInt(last.id)));
}

/**
 * GET /api/conversations (the inbox) and GET /api/conversations/requests: the caller's
 * conversations in that folder, most recent first.
 */
export async function getConversations(
  deps: MessageDeps,
  viewer: MessageViewer,
  cursor: string | undefined,
  folder: ListedFolder = 'inbox',
): Promise<ConversationPage> {
  const after = cursor === undefined ? null : decodeConversationCursor(folder, cursor);
  const limit = CONVERSATIONS_PAGE_DEFAULT;
  const rows = await readConversations(deps.pool, {
    userId: viewer.id,
    folder,
    after,
    limit: limit + 1,
  });
  return pageOf(rows, limit, toConversation, (last) =>
    encodeConversationCursor(folder, {
      updatedAt: new Date(last.updated_at),
      peerId: last.peer_id,
    }),
  );
}

/** GET /api/conversations/unread: the inbox's unread messages and the waiting requests. */
export async function getUnreadCount(
  deps: MessageDeps,
  viewer: MessageViewer,
): Promise<UnreadCount> {
  const counts = await readCounts(deps.pool, viewer.id);
  return { unreadCount: counts.unread, requestCount: counts.requests };
}

/**
 * POST /api/conversations/{address}/read: the caller's messages from the wallet, received up to
 * now, become read (read_at now); their unread count becomes 0. When any message changed, the
 * sender's sockets get `messages_read`, so their open thread shows them read.
 */
export async function markRead(
  deps: MessageDeps,
  viewer: MessageViewer,
  address: string,
): Promise<UnreadCount> {
  const peer = await peerOf(deps, viewer, address);
  const now = deps.clock.now();
  const marked = await inTransaction(deps, (client) =>
    markConversationRead(client, { userId: viewer.id, peerId: peer.id, now }),
  );
  if (marked > 0) {
    await announceAfterCommit(
      deps,
      { kind: 'users', userIds: [peer.id] },
      {
        type: 'messages_read',
        data: { readerId: viewer.id, readerAddress: viewer.solAddress },
      },
    );
  }
  return getUnreadCount(deps, viewer);
}

/**
 * Attributes an anonymous tip (a blink tip from a wallet that had no user here) to the user the
 * wallet now has, in the caller's transaction: it becomes the tip-only message it would have
 * been (its signature was spent when it was paid), in the recipient's inbox or Requests by the
 * same rule as any message, unannounced. Nothing is written across a block, and no DUM is paid
 * for it afterwards.
 */
export async function attributeAnonymousTip(
  deps: Pick<MessageDeps, 'trust'>,
  client: Queryable,
  tip: {
    senderId: string;
    senderAddress: string;
    recipientAddress: string;
    lamports: bigint;
    signature: string;
    at: Date;
  },
): Promise<void> {
  const recipient = await readUserByAddress(client, tip.recipientAddress);
  if (!recipient || recipient.id === tip.senderId) return;
  await insertMessage(client, {
    senderTrusted: trustedByPolicy(deps.trust, tip.senderAddress),
    senderId: tip.senderId,
    recipientId: recipient.id,
    body: '',
    imageKey: null,
    audioKey: null,
    tip: { lamports: tip.lamports, signature: tip.signature },
    now: tip.at,
  });
}
