/**
 * The messages slice's public face: direct messages between two wallets, with optional SOL tips
 * verified on chain, the conversation list and its unread counts, and their routes. Nothing else
 * in this folder is imported from outside it.
 */
export { messageDepsOf, messageRoutes } from './routes.ts';
export {
  attributeAnonymousTip,
  sendMessage,
  type MessageDeps,
  type MessageViewer,
  type SentMessage,
} from './service.ts';
// A moderator's removal, handed to the moderation slice by the composition root (slice-deps.ts).
export { removeReportedMessage } from './removal.ts';
