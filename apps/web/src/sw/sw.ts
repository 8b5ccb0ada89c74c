/// <reference lib="webworker" />
/**
 * The service worker (built on its own by vite-plugin-pwa into /sw.js, the precache list
 * injected at build time):
 * - precaches the built app (HTML, scripts, styles, icons) and answers the app's page
 *   navigations with the shell, so the app opens offline;
 * - leaves everything else alone: the API, media, sockets and the chain proxy go to the network
 *   as if there were no worker, so a read is never answered from a cache;
 * - waits after installing an update until the page asks it to take over (the update prompt);
 * - shows Web Push notifications and opens their page on click.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isAppPage } from './app-pages.ts';
import { notificationTarget, readPushPayload } from './push-payload.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

const ICON = '/icons/icon-192.png';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const shell = createHandlerBoundToURL('index.html');
registerRoute(({ request, url }) => request.mode === 'navigate' && isAppPage(url.pathname), shell);

// The first install takes the open pages at once; an update waits for the prompt's Reload.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data ? event.data.text() : null);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: ICON,
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(
    (event.notification.data as { url?: unknown } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(openPage(target));
});

/**
 * Shows the page in an open window of the app (the first one), then brings that window forward;
 * or in a new window when none is open or the open one is not this worker's to navigate.
 */
async function openPage(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  const shown = open ? await open.navigate(target).catch(() => null) : null;
  if (shown) {
    // Focus needs the click's user activation; the page has changed either way.
    await shown.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target);
}
