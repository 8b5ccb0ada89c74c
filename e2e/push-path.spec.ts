import { describe, expect, it } from 'vitest';
import {
  createTestDevice,
  startTestPushService,
  type TestPushService,
} from '../apps/server/src/modules/push/test-kit.ts';
import { localnetClient, sendSol, signInOverHttp } from './support/api-wallet-test-kit.ts';
import { DESKTOP, openPage, saveScreenshotIfAsked } from './support/browser-test-kit.ts';
import { airdrop, newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import { signInWithBurnerKey } from './support/feed-page-test-kit.ts';
import { startServer } from './support/server-test-kit.ts';
import {
  deliverPush,
  registrationId,
  shownNotifications,
} from './support/service-worker-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * The push path end to end: the Notifications screen subscribes this browser; a second wallet
 * tips it 0.01 SOL from outside the browser (a real transfer on the embedded localnet); the
 * server encrypts (RFC 8291) and signs (RFC 8292) the push to a push service the test runs on
 * 127.0.0.1, which checks the signature and decrypts the payload with the device's keys; the
 * app's service worker then shows that payload as a notification.
 *
 * Two stand-ins, each for what no test machine has: headless Chromium has no push service
 * (pushManager.subscribe needs its vendor's), so the page's PushManager is replaced by
 * STAND-IN-PUSH-MANAGER below, which answers a subscription on the test's push service with
 * keys the test holds; and the decrypted payload reaches the worker through the DevTools
 * protocol's ServiceWorker.deliverPushMessage, as the browser's push service would deliver it.
 * The server runs in development mode, whose endpoint guard lets http on 127.0.0.1 through
 * (production takes only https on public hosts: apps/server/src/modules/push).
 */

const SOL = 1_000_000_000n;

let pushService: TestPushService;
const suite = serverAndBrowserForSuite(async () => {
  pushService = await startTestPushService();
  const server = await startServer({ env: { NODE_ENV: 'development' } });
  return {
    ...server,
    async stop(options) {
      await server.stop(options);
      await pushService.close();
    },
  };
});

describe('Web Push, from a tip to the notification', () => {
  it('a tip from another wallet reaches the subscribed browser, decrypted, and its worker shows it', async () => {
    const device = createTestDevice();
    const endpoint = pushService.endpointFor(device);
    const { context, page, errors } = await openPage(suite.browser, DESKTOP, {
      serviceWorker: true,
    });
    try {
      await context.grantPermissions(['notifications'], { origin: suite.origin });
      // STAND-IN-PUSH-MANAGER: a subscription on the test's push service, with the test's keys.
      await page.addInitScript(
        ({ endpoint, p256dh, auth }) => {
          let current: unknown = null;
          PushManager.prototype.subscribe = async function (options) {
            const key = options?.applicationServerKey;
            current = {
              endpoint,
              expirationTime: null,
              options: { userVisibleOnly: true, applicationServerKey: key ?? null },
              toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
              unsubscribe: async () => {
                current = null;
                return true;
              },
            };
            return current as PushSubscription;
          };
          PushManager.prototype.getSubscription = async function () {
            return current as PushSubscription | null;
          };
        },
        { endpoint, p256dh: device.p256dh, auth: device.auth },
      );
      const key = newBurnerWalletKey();
      await signInWithBurnerKey(page, suite.origin + '/', key);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 30_000,
      });

      // This browser subscribes from the Notifications screen.
      await page.goto(`${suite.origin}/notifications`);
      const subscribed = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/push/subscriptions') &&
          response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Enable' }).click();
      expect((await subscribed).status()).toBe(200);
      await saveScreenshotIfAsked(page, 'push-enabled-desktop');

      // A second wallet tips this one 0.01 SOL with a message, outside the browser.
      const tipper = await signInOverHttp(suite.server.url);
      await airdrop(suite.server.url, tipper.wallet.address, SOL);
      const chain = localnetClient(`${suite.server.url}/rpc`);
      const signature = await sendSol(chain, tipper.wallet, key.address, SOL / 100n);
      const sent = await fetch(`${suite.server.url}/api/conversations/${key.address}/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tipper.accessToken}`,
        },
        body: JSON.stringify({
          body: 'for the vibes',
          tip: { transactionSignature: signature, amount: String(SOL / 100n) },
        }),
      });
      expect(sent.status, await sent.clone().text()).toBe(201);

      // The push service got it signed, and it decrypts to the tip's notification.
      await expect.poll(() => pushService.received.length, { timeout: 30_000 }).toBe(1);
      expect(pushService.problems).toEqual([]);
      const [push] = pushService.received;
      expect(push?.payload).toMatchObject({
        kind: 'messages',
        title: 'You were tipped 0.01 SOL',
        url: `/messages/${tipper.wallet.address}`,
      });

      // Delivered to the worker as the browser's push service would, it is shown.
      const cdp = await context.newCDPSession(page);
      const id = await registrationId(cdp, `${suite.origin}/`);
      await deliverPush(context, cdp, {
        origin: suite.origin,
        registrationId: id,
        data: JSON.stringify(push?.payload),
      });
      expect((await shownNotifications(page)).map(({ title }) => title)).toEqual([
        'You were tipped 0.01 SOL',
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
