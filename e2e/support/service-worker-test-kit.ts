import { expect } from 'vitest';
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';

/** The app's service worker as the PWA and push suites drive it through the DevTools protocol. */

/** The id the DevTools protocol knows the registration of `scope` by (for deliverPushMessage). */
export async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const match = registrations.find(
        (registration) => registration.scopeURL === scope && !registration.isDeleted,
      );
      if (match) resolve(match.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/**
 * Delivers `data` to the registration's worker as the browser's push service would, and resolves
 * once the worker's `showNotification` has resolved, so the notification is on screen.
 *
 * Why it waits in the worker: Chromium's getNotifications() drops from its store any notification
 * the platform does not list as displayed yet. A page that polls getNotifications() while a push
 * is being shown can catch the notification between its store and the screen, and then never sees
 * it again (a poll saw it once and lost it for good on a loaded machine). So nothing reads
 * getNotifications() until the worker says the notification is shown.
 *
 * OBSERVER: the worker's `registration.showNotification` is wrapped to count the shows it
 * finishes; what it shows, and how, is the app's own code.
 */
export async function deliverPush(
  context: BrowserContext,
  cdp: CDPSession,
  { origin, registrationId, data }: { origin: string; registrationId: string; data: string },
): Promise<void> {
  const worker = appWorker(context, origin);
  const before = await worker.evaluate(() => {
    type Counted = ServiceWorkerRegistration & { shownCount?: number };
    const registration = (self as unknown as { registration: Counted }).registration;
    if (registration.shownCount === undefined) {
      registration.shownCount = 0;
      const show = registration.showNotification.bind(registration);
      registration.showNotification = async (...args) => {
        await show(...args);
        registration.shownCount = (registration.shownCount ?? 0) + 1;
      };
    }
    return registration.shownCount;
  });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  await expect
    .poll(() =>
      worker.evaluate(
        () =>
          (self as unknown as { registration: { shownCount?: number } }).registration.shownCount,
      ),
    )
    .toBeGreaterThan(before);
}

/** The app's service worker in `context`. */
export function appWorker(context: BrowserContext, origin: string): Worker {
  const worker = context.serviceWorkers().find((candidate) => candidate.url().startsWith(origin));
  if (!worker) throw new Error(`no service worker of ${origin} in the context`);
  return worker;
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/** The notifications the service worker shows now. */
export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const notifications = await registration.getNotifications();
    return notifications.map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data: data as unknown,
    }));
  });
}
