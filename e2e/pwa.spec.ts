import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import {
  CHROMIUM_FLAGS,
  DESKTOP,
  PHONE,
  chromiumPath,
  openPage,
  saveScreenshotIfAsked,
  type PageWithErrors,
} from './support/browser-test-kit.ts';
import { startServer } from './support/server-test-kit.ts';
import {
  appWorker,
  deliverPush,
  registrationId,
  shownNotifications,
} from './support/service-worker-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * The installable app in Chromium, installing nothing: the manifest and its icons, Chromium's
 * own installability check, the service worker taking the page, the app opening offline with
 * its "You are offline" state, the update prompt when a new version is deployed, and Web Push
 * notifications (delivered through the DevTools protocol) and their click.
 *
 * The server serves a copy of the build, so a test can deploy a new service worker into it.
 */

const BUILT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const OFFLINE_MESSAGE = 'You are offline. Check your connection and try again.';

let webDist = '';
const suite = serverAndBrowserForSuite(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'dum-pwa-dist-'));
  await cp(BUILT, webDist, { recursive: true });
  const server = await startServer({ env: { WEB_DIST: webDist } });
  return {
    ...server,
    async stop(options) {
      await server.stop(options);
      await rm(webDist, { recursive: true, force: true });
    },
  };
});

/** A page of the app whose service worker has installed and controls it. */
async function controlledPage(viewport: {
  width: number;
  height: number;
}): Promise<PageWithErrors> {
  const opened = await openPage(suite.browser, viewport, { serviceWorker: true });
  await opened.page.goto(suite.server.url);
  await opened.page.locator('main h1').first().waitFor();
  // The first install takes the page at once (clients.claim): wait for that event's result.
  await opened.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
  return opened;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the installable app', () => {
  it('links a manifest with the name, colours, standalone display, icons and shortcuts', async () => {
    const { context, page } = await controlledPage(DESKTOP);
    try {
      const head = page.locator('head');
      expect(await head.locator('link[rel="manifest"]').getAttribute('href')).toBe(
        '/manifest.webmanifest',
      );
      expect(await head.locator('meta[name="theme-color"]').getAttribute('content')).toBe(
        '#0b0a12',
      );
      const touchIcon = await head.locator('link[rel="apple-touch-icon"]').getAttribute('href');

      const response = await context.request.get(`${suite.server.url}/manifest.webmanifest`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/manifest+json');
      expect(response.headers()['cache-control']).toBe('no-cache');
      const manifest = (await response.json()) as {
        name: string;
        short_name: string;
        display: string;
        start_url: string;
        scope: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string; type: string; purpose?: string }[];
        shortcuts: { name: string; url: string }[];
      };
      expect(manifest).toMatchObject({
        name: 'Dum Club',
        short_name: 'Dum Club',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        theme_color: '#0b0a12',
        background_color: '#0b0a12',
      });
      expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
        ['Create', '/create'],
        ['Messages', '/messages'],
      ]);
      const icons = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose ?? 'any'}`);
      expect(icons).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

      // Every icon loads, as a PNG of the size it claims.
      for (const { src, sizes } of [
        ...manifest.icons,
        { src: touchIcon ?? '', sizes: '180x180' },
      ]) {
        const icon = await context.request.get(`${suite.server.url}${src}`);
        expect(icon.status(), src).toBe(200);
        expect(icon.headers()['content-type']).toBe('image/png');
        const { width, height } = pngSize(await icon.body());
        expect(`${width}x${height}`, src).toBe(sizes);
      }

      // The shortcuts lead to the pages they name.
      for (const { url, name } of manifest.shortcuts) {
        await page.goto(`${suite.server.url}${url}`);
        await page.locator('main h1', { hasText: name }).waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('passes Chromium’s installability check, the one Lighthouse reported', async () => {
    // A profile on disk: Chromium never offers to install from an incognito context, which is
    // what the other tests' contexts are.
    const profile = await mkdtemp(path.join(os.tmpdir(), 'dum-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: DESKTOP,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(suite.server.url);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 30_000,
      });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map(({ errorId }) => errorId)).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('serves the worker revalidated, and no app shell for a file that does not exist', async () => {
    const sw = await fetch(`${suite.server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toContain('javascript');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    for (const missing of ['/missing.js', '/icons/missing.png']) {
      const response = await fetch(`${suite.server.url}${missing}`, {
        headers: { accept: 'text/html' },
      });
      expect(response.status, missing).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  it('opens offline with a clear "You are offline" state, never an API answer from a cache', async () => {
    const { context, page, errors } = await controlledPage(PHONE);
    try {
      await context.setOffline(true);
      // Going offline shows at once, before any reload.
      const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
      await banner.waitFor();

      await page.reload();
      await page.locator('main h1', { hasText: 'Feed' }).waitFor();
      await banner.waitFor();
      // The feed's error state says why it has nothing.
      await page.getByRole('alert').filter({ hasText: OFFLINE_MESSAGE }).first().waitFor();
      // The worker leaves the API alone: offline, a read fails rather than coming from a cache.
      const apiRead = await page.evaluate(() =>
        fetch('/api/emissions/stats').then(
          (response) => `answered ${response.status}`,
          () => 'failed',
        ),
      );
      expect(apiRead).toBe('failed');

      await saveScreenshotIfAsked(page, 'pwa-offline-phone');
      expect(await axeReport(page, 'offline, 375 px')).toBe('');
      await page.setViewportSize(DESKTOP);
      await saveScreenshotIfAsked(page, 'pwa-offline-desktop');
      expect(await axeReport(page, 'offline, 1440 px')).toBe('');

      // Back online: the notice goes.
      await context.setOffline(false);
      await banner.waitFor({ state: 'detached' });
      // The failed requests while offline are the only errors the page logged.
      expect(
        errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to load/.test(error)),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers a new version when one is deployed, and Reload brings it in', async () => {
    const { context, page } = await controlledPage(PHONE);
    const swFile = path.join(webDist, 'sw.js');
    const deployed = await readFile(swFile, 'utf8');
    try {
      // A deploy: new worker bytes at the same address.
      await writeFile(swFile, `${deployed}\n// the next version\n`);
      // The browser checks on navigations and the app when it becomes visible; ask now.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await prompt.waitFor({ timeout: 30_000 });
      // Not blocking: the page under it still works.
      await page.getByRole('link', { name: 'Discover' }).last().click();
      await page.locator('main h1', { hasText: 'Discover' }).waitFor();
      await prompt.waitFor();

      await saveScreenshotIfAsked(page, 'pwa-update-phone');
      expect(await axeReport(page, 'update prompt, 375 px')).toBe('');
      await page.setViewportSize(DESKTOP);
      await saveScreenshotIfAsked(page, 'pwa-update-desktop');
      expect(await axeReport(page, 'update prompt, 1440 px')).toBe('');

      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.locator('main h1', { hasText: 'Discover' }).waitFor();
      // The new worker is the one in charge, nothing waits, and the prompt is gone.
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: registration?.waiting ?? null,
          active: registration?.active?.state,
          controlled: navigator.serviceWorker.controller !== null,
        };
      });
      expect(state).toEqual({ waiting: null, active: 'activated', controlled: true });
      expect(await prompt.count()).toBe(0);
    } finally {
      await writeFile(swFile, deployed);
      await context.close();
    }
  });
});

async function withNotifications(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: suite.server.url });
}

describe('Web Push in the service worker', () => {
  it('shows the pushed notification, and a click opens its page in the app', async () => {
    const { context, page } = await controlledPage(DESKTOP);
    try {
      await withNotifications(context);
      const cdp = await context.newCDPSession(page);
      const origin = suite.server.url;
      const id = await registrationId(cdp, `${origin}/`);

      const payload = { title: 'New message', body: 'gm from Ada', url: '/messages', tag: 'chat' };
      await deliverPush(context, cdp, {
        origin,
        registrationId: id,
        data: JSON.stringify(payload),
      });
      expect(await shownNotifications(page)).toEqual([
        { title: 'New message', body: 'gm from Ada', tag: 'chat', data: { url: '/messages' } },
      ]);

      // A payload that cannot be read still shows something, and leads only into the app.
      await deliverPush(context, cdp, { origin, registrationId: id, data: 'not json' });
      expect((await shownNotifications(page)).map(({ title }) => title).sort()).toEqual([
        'Dum Club',
        'New message',
      ]);

      // No test can click a system notification: the worker's own notificationclick listener
      // gets the event the browser would send, built around the notification it showed. (An
      // event built by a script cannot extend the worker's life, so its waitUntil throws; the
      // navigation has begun by then.)
      const worker = appWorker(context, origin);
      const navigated = page.waitForURL(`${origin}/messages`);
      await worker.evaluate(async () => {
        // The worker's global scope, typed here by hand (this project compiles for pages).
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
          dispatchEvent(event: Event): boolean;
        };
        const [notification] = await scope.registration.getNotifications({ tag: 'chat' });
        if (!notification) throw new Error('the notification is gone');
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
      });
      await navigated;
      await page.locator('main h1', { hasText: 'Messages' }).waitFor();
      // Clicked, it closes.
      await expect
        .poll(async () => (await shownNotifications(page)).map(({ title }) => title))
        .toEqual(['Dum Club']);
    } finally {
      await context.close();
    }
  });
});
