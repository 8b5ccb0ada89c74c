import { z } from 'zod';
import { mentionSchema } from './conversation.ts';
import { userSummarySchema } from './people.ts';

/**
 * Direct messages (docs/api.md "Messages"). A tip is a confirmed SOL transfer from the sender
 * to the recipient; its amount is lamports as a decimal integer string.
 */

export const dmTipSchema = z.object({ amount: z.string(), transactionSignature: z.string() });
export type DmTip = z.infer<typeof dmTipSchema>;

/** One direct message. `body` is '' when the message is only media or a tip. */
export const directMessageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  tip: dmTipSchema.nullable(),
  createdAt: z.string(),
  /** When the recipient read it; null while unread. */
  readAt: z.string().nullable(),
  /** The body's mentions, resolved when it was sent (docs/api.md "Mentions"). */
  mentions: z.array(mentionSchema),
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

/** GET /api/conversations/{address}/messages: newest first. */
export const directMessagePageSchema = z.object({
  items: z.array(directMessageSchema),
  nextCursor: z.string().nullable(),
});
export type DirectMessagePage = z.infer<typeof directMessagePageSchema>;

/** POST /api/conversations/{address}/messages: at least a body, a media item or a tip. */
export const sendMessageRequestSchema = z
  .object({
    body: z.string().optional(),
    imageUrl: z.string().optional(),
    audioUrl: z.string().optional(),
    tip: z
      .object({ transactionSignature: z.string().min(1).max(128), amount: z.string() })
      .strict()
      .optional(),
  })
  .strict();
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/** One entry of GET /api/conversations (the inbox) or .../requests: most recent first. */
export const conversationSchema = z.object({
  peer: userSummarySchema,
  lastMessage: directMessageSchema,
  unreadCount: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = z.object({
  items: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/**
 * GET /api/conversations/unread: the nav's badge (unread messages in the inbox only) and the
 * number of conversations waiting in Requests.
 */
export const unreadCountSchema = z.object({
  unreadCount: z.number().int().nonnegative(),
  requestCount: z.number().int().nonnegative(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * Where a wallet keeps a conversation. `requests`: messages from a wallet it does not follow and
 * that is not trusted, waiting to be accepted, with no notification; `declined`: a request it
 * deleted (the sender's later messages stay there too); `inbox`: everything else, and for good
 * once accepted or replied to.
 */
export const conversationFolderSchema = z.enum(['inbox', 'requests', 'declined']);
export type ConversationFolder = z.infer<typeof conversationFolderSchema>;

/**
 * GET /api/conversations/{address}, and the answer of .../accept and .../decline: the caller's
 * folder for the conversation, null while there is no message either way.
 */
export const conversationStateSchema = z.object({ folder: conversationFolderSchema.nullable() });
export type ConversationState = z.infer<typeof conversationStateSchema>;
