/**
 * The realtime feature's face: the socket, notifications and the bell.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { NotificationBell } from './notification-bell.tsx';
export { isThreadOnScreen, openThread } from './open-thread.ts';
export { RealtimeProvider } from './realtime-provider.tsx';
