/**
 * The pwa feature's face: the installable app's page side: the service worker's registration,
 * the offline notice and the update prompt.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { OfflineBanner } from './offline-banner.tsx';
export { registerServiceWorker } from './service-worker.ts';
export { UpdatePrompt } from './update-prompt.tsx';
