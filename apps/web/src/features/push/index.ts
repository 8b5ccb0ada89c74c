/**
 * The push feature's face: the Notifications settings screen (this device's Web Push
 * subscription and the kinds of news it hears of), and the keeper of the language the device's
 * notifications are worded in. The service worker that shows them is the
 * pwa feature's (src/sw).
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { NotificationSettings } from './notification-settings.tsx';
export { PushLanguageSync } from './push-language.ts';
