/**
 * The messages feature's face: direct messages: the screen and the unread count.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { MessagesScreen } from './messages-screen.tsx';
export { unreadBadgeText, useUnreadMessages } from './unread-count.ts';
