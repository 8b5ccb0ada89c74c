/**
 * The push feature's face: the Notifications settings screen (this device's Web Push
 * subscription and the kinds of news it hears of). The service worker that shows them is the
 * pwa feature's (src/sw).
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { NotificationSettings } from './notification-settings.tsx';
