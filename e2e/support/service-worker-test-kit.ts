import type { CDPSession, Page } from 'playwright-core';

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
