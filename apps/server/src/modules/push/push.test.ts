import { generateSigner } from '@dum/chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { inTransaction } from '../../db/prepared.ts';
import { drainOutbox, enqueueEvent } from '../../realtime/index.ts';
import { createTestWallet, signIn } from '../../test/wallet-test-kit.ts';
import { checkEndpoint, isPublicAddress } from './endpoint-guard.ts';
import { nextAttemptAt } from './delivery.ts';
import {
  createTestDevice,
  startTestPushService,
  type TestDevice,
  type TestPushService,
} from './test-kit.ts';

async function subscribeDevice(
  t: TestApp,
  service: TestPushService,
  headers: { authorization: string },
  locale?: string,
): Promise<{ device: TestDevice; endpoint: string }> {
  const device = createTestDevice();
  const endpoint = service.endpointFor(device);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers,
    payload: {
      endpoint,
      keys: { p256dh: device.p256dh, auth: device.auth },
      expirationTime: null,
      ...(locale === undefined ? {} : { locale }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { device, endpoint };
}

async function follow(t: TestApp, headers: { authorization: string }, address: string) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/follows/${address}`, headers });
  expect(res.statusCode, res.body).toBeLessThan(300);
  await t.ctx.push.idle();
}

describe.each(testDatabaseKinds())('Web Push (%s)', (kind) => {
  let t: TestApp;
  let second: TestApp;
  let service: TestPushService;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // A second instance of the same deployment: same database, its own drains.
    second = await createTestApp(kind, {}, { database: t.ctx.database, clock: t.clock });
    service = await startTestPushService();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await service.close();
  });

  it('answers one VAPID public key, the same from every instance', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ url: '/api/push/public-key' }),
      second.app.inject({ url: '/api/push/public-key' }),
    ]);
    expect(a.statusCode).toBe(200);
    const key = a.json<{ publicKey: string }>().publicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(b.json()).toEqual({ publicKey: key });
  });

  it('sends a follow to the followed wallet’s device once, encrypted and signed, with two instances draining', async () => {
    const a = await createSignedInUser(t.ctx);
    const b = await createSignedInUser(t.ctx);
    const { endpoint } = await subscribeDevice(t, service, a.headers);
    const before = service.received.length;
    await follow(t, b.headers, a.user.solAddress);
    await Promise.all([t.ctx.push.drain(), second.ctx.push.drain(), second.ctx.push.drain()]);
    const mine = service.received.slice(before);
    expect(service.problems).toEqual([]);
    expect(mine).toHaveLength(1);
    const keyAnswer = await t.app.inject({ url: '/api/push/public-key' });
    const { publicKey } = keyAnswer.json<{ publicKey: string }>();
    expect(mine[0]).toMatchObject({
      path: new URL(endpoint).pathname,
      vapidKey: publicKey,
      ttl: '86400',
      payload: {
        kind: 'followers',
        title: 'New follower',
        url: `/profile/${b.user.solAddress}`,
        tag: `follow:${b.user.solAddress}`,
      },
    });
  });

  it('sends a tip as a message with its amount, and nothing to a wallet without devices', async () => {
    const a = await createSignedInUser(t.ctx);
    const b = await createSignedInUser(t.ctx);
    const c = await createSignedInUser(t.ctx);
    await subscribeDevice(t, service, a.headers);
    const before = service.received.length;
    await t.ctx.bus.publish({
      kind: 'event',
      audience: { kind: 'users', userIds: [a.user.id, c.user.id] },
      event: {
        type: 'new_message',
        data: { senderId: b.user.id, tipAmount: '500000000', senderAddress: b.user.solAddress },
      },
      timestamp: t.clock.now().toISOString(),
    });
    await t.ctx.push.idle();
    const mine = service.received.slice(before);
    expect(mine.map((r) => r.payload)).toEqual([
      {
        kind: 'messages',
        title: 'You were tipped 0.5 SOL',
        body: 'A tip came with a new message.',
        url: `/messages/${b.user.solAddress}`,
        tag: `message:${b.user.solAddress}`,
      },
    ]);
  });

  it("words each device's notification in the language it subscribed in", async () => {
    const a = await createSignedInUser(t.ctx);
    const b = await createSignedInUser(t.ctx);
    const english = await subscribeDevice(t, service, a.headers);
    const spanish = await subscribeDevice(t, service, a.headers, 'es');
    const before = service.received.length;
    await t.ctx.bus.publish({
      kind: 'event',
      audience: { kind: 'users', userIds: [a.user.id] },
      event: {
        type: 'new_message',
        data: { senderId: b.user.id, tipAmount: '1250000000', senderAddress: b.user.solAddress },
      },
      timestamp: t.clock.now().toISOString(),
    });
    await t.ctx.push.idle();
    const byPath = new Map(service.received.slice(before).map((r) => [r.path, r.payload]));
    expect(byPath.get(new URL(english.endpoint).pathname)).toMatchObject({
      title: 'You were tipped 1.25 SOL',
      body: 'A tip came with a new message.',
    });
    expect(byPath.get(new URL(spanish.endpoint).pathname)).toMatchObject({
      title: 'Te dieron una propina de 1,25 SOL',
      body: 'Llegó una propina con un mensaje nuevo.',
      url: `/messages/${b.user.solAddress}`,
    });
    // PATCH rewords a device the wallet has; it never subscribes one it does not.
    const toEnglish = await t.app.inject({
      method: 'PATCH',
      url: '/api/push/subscriptions',
      headers: a.headers,
      payload: { endpoint: spanish.endpoint, locale: 'en' },
    });
    expect(toEnglish.json()).toEqual({ subscribed: true, devices: 2 });
    const stranger = await t.app.inject({
      method: 'PATCH',
      url: '/api/push/subscriptions',
      headers: b.headers,
      payload: { endpoint: english.endpoint, locale: 'es' },
    });
    expect(stranger.json()).toEqual({ subscribed: false, devices: 0 });
    const locales = await t.ctx.database.pool.query<{ locale: string }>(
      'select locale from push_subscriptions where endpoint = any($1) order by endpoint = $2 desc',
      [[english.endpoint, spanish.endpoint], english.endpoint],
    );
    expect(locales.rows.map((row) => row.locale)).toEqual(['en', 'en']);
    const badPatch = await t.app.inject({
      method: 'PATCH',
      url: '/api/push/subscriptions',
      headers: a.headers,
      payload: { endpoint: spanish.endpoint, locale: 'fr' },
    });
    expect(badPatch.statusCode).toBe(400);
    // A language the app does not speak is refused, and the device keeps its own.
    const device = createTestDevice();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: a.headers,
      payload: {
        endpoint: service.endpointFor(device),
        keys: { p256dh: device.p256dh, auth: device.auth },
        locale: 'xx',
      },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('sends an outbox event (a capsule opening) once its drain publishes it', async () => {
    const a = await createSignedInUser(t.ctx);
    await subscribeDevice(t, service, a.headers);
    const before = service.received.length;
    await inTransaction(t.ctx.database, (client) =>
      enqueueEvent(
        client,
        { kind: 'users', userIds: [a.user.id] },
        {
          type: 'time_capsule_opened',
          data: { postId: '42', authorId: a.user.id, authorName: 'Ada' },
        },
        t.clock.now(),
      ),
    );
    await drainOutbox({ pool: t.ctx.database.pool, bus: t.ctx.bus, logger: t.ctx.logger });
    await t.ctx.push.idle();
    expect(service.received.slice(before).map((r) => r.payload)).toEqual([
      {
        kind: 'capsules',
        title: 'Time capsule opened',
        body: "Ada's time capsule is open.",
        url: '/posts/42',
        tag: 'capsule:42',
      },
    ]);
  });

  it('sends a vault support to the vault’s creator only', async () => {
    const a = await createSignedInUser(t.ctx);
    const b = await createSignedInUser(t.ctx);
    await subscribeDevice(t, service, a.headers);
    const before = service.received.length;
    // No such vault: no creator, so nobody of the audience is told of the support.
    await t.ctx.bus.publish({
      kind: 'event',
      audience: { kind: 'users', userIds: [a.user.id] },
      event: {
        type: 'vault_support',
        data: { vaultId: '987654321', support: { supporterId: b.user.id, amount: '1000' } },
      },
      timestamp: t.clock.now().toISOString(),
    });
    await t.ctx.push.idle();
    expect(service.received.length).toBe(before);
  });

  it('retries 500 and 429 with backoff, then delivers', async () => {
    const a = await createSignedInUser(t.ctx);
    const b = await createSignedInUser(t.ctx);
    await subscribeDevice(t, service, a.headers);
    const before = service.received.length;
    service.answers.push(500, 429);
    await follow(t, b.headers, a.user.solAddress);
    expect(service.received.slice(before).map((r) => r.status)).toEqual([500]);
    // Not due yet: nothing goes.
    await t.ctx.push.drain();
    expect(service.received.length - before).toBe(1);
    t.clock.advance(5_000);
    await second.ctx.push.drain();
    t.clock.advance(5_000);
    await t.ctx.push.drain();
    // The second backoff is 10 s: the 429 is not retried after 5.
    expect(service.received.slice(before).map((r) => r.status)).toEqual([500, 429]);
    t.clock.advance(5_000);
    await t.ctx.push.drain();
    await t.ctx.push.drain();
    expect(service.received.slice(before).map((r) => r.status)).toEqual([500, 429, 201]);
    expect(service.problems).toEqual([]);
  });

  it('removes a subscription its push service says is gone (404, 410)', async () => {
    for (const status of [404, 410]) {
      const a = await createSignedInUser(t.ctx);
      const b = await createSignedInUser(t.ctx);
      await subscribeDevice(t, service, a.headers);
      service.answers.push(status);
      await follow(t, b.headers, a.user.solAddress);
      const settings = await t.app.inject({ url: '/api/push/settings', headers: a.headers });
      expect(settings.json<{ devices: number }>().devices).toBe(0);
    }
  });

  it('sends nothing for a kind turned off, and keeps the others on', async () => {
    const a = await createSignedInUser(t.ctx);
    const b = await createSignedInUser(t.ctx);
    await subscribeDevice(t, service, a.headers);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/push/settings',
      headers: a.headers,
      payload: { kinds: { followers: false } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      kinds: { messages: true, mentions: true, followers: false, vaults: true, capsules: true },
      devices: 1,
    });
    const before = service.received.length;
    await follow(t, b.headers, a.user.solAddress);
    await t.ctx.push.drain();
    expect(service.received.length).toBe(before);
    const got = await t.app.inject({ url: '/api/push/settings', headers: a.headers });
    expect(got.json()).toEqual(put.json());
  });

  it('refuses bad bodies with 400 and changes nothing; unsubscribes idempotently', async () => {
    const a = await createSignedInUser(t.ctx);
    const device = createTestDevice();
    const keys = { p256dh: device.p256dh, auth: device.auth };
    for (const payload of [
      {},
      { endpoint: 'not a url', keys },
      { endpoint: 'ftp://127.0.0.1/x', keys },
      { endpoint: 'http://127.0.0.1/x', keys: { p256dh: 'short', auth: device.auth } },
      { endpoint: 'http://127.0.0.1/x', keys: { p256dh: device.p256dh } },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: a.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    }
    // Only 127.0.0.1 may be plain http outside production; other private hosts never.
    for (const endpoint of ['http://example.com/x', 'https://10.0.0.1/x', 'https://[::1]/x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: a.headers,
        payload: { endpoint, keys },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('push_endpoint_refused');
    }
    for (const payload of [{}, { endpoint: 'not a url', locale: 'es' }, { locale: 'es' }]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/push/subscriptions',
        headers: a.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const payload of [{ kinds: { followers: 'no' } }, { kinds: { unknown: true } }, {}]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/push/settings',
        headers: a.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: a.headers,
      payload: { endpoint: 'https://push.example/none' },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ subscribed: false, devices: 0 });
    const settings = await t.app.inject({ url: '/api/push/settings', headers: a.headers });
    expect(settings.json()).toMatchObject({ devices: 0 });
    for (const [method, url] of [
      ['POST', '/api/push/subscriptions'],
      ['PATCH', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions'],
      ['GET', '/api/push/settings'],
      ['PUT', '/api/push/settings'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: {} });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('unsubscribes a device, after which nothing reaches it', async () => {
    const a = await createSignedInUser(t.ctx);
    const b = await createSignedInUser(t.ctx);
    const { endpoint } = await subscribeDevice(t, service, a.headers);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: a.headers,
      payload: { endpoint },
    });
    expect(del.json()).toEqual({ subscribed: false, devices: 0 });
    const before = service.received.length;
    await follow(t, b.headers, a.user.solAddress);
    expect(service.received.length).toBe(before);
  });

  it('signing out removes the devices that session subscribed, and only those', async () => {
    const wallet = createTestWallet();
    const laptop = await signIn(t.app, wallet);
    const phone = await signIn(t.app, wallet);
    const b = await createSignedInUser(t.ctx);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const onLaptop = await subscribeDevice(t, service, bearer(laptop.accessToken));
    const onPhone = await subscribeDevice(t, service, bearer(phone.accessToken));

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: laptop.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    // Answered once the laptop's device is gone: the next event reaches the phone alone.
    const before = service.received.length;
    await follow(t, b.headers, wallet.address);
    await t.ctx.push.drain();
    const paths = service.received.slice(before).map((push) => push.path);
    expect(paths).toEqual([new URL(onPhone.endpoint).pathname]);
    expect(paths).not.toContain(new URL(onLaptop.endpoint).pathname);
    // The wallet has one device left (removing the gone one again changes nothing).
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: bearer(phone.accessToken),
      payload: { endpoint: onLaptop.endpoint },
    });
    expect(again.json()).toEqual({ subscribed: false, devices: 1 });
  });
});

describe('Web Push in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      NODE_ENV: 'production',
      APP_ORIGIN: 'https://dum.example',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses http endpoints and private or loopback hosts', async () => {
    const a = await createSignedInUser(t.ctx, generateSigner().address);
    const device = createTestDevice();
    for (const endpoint of [
      'http://127.0.0.1:9/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://192.168.1.10/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://169.254.169.254/latest',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: a.headers,
        payload: { endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('push_endpoint_refused');
    }
  });
});

describe('the endpoint guard', () => {
  const production = { allowLoopbackHttp: false };
  it('passes https on a public address only', async () => {
    const resolveTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    expect(
      await checkEndpoint('https://push.example/a', production, resolveTo('93.184.216.34')),
    ).toMatchObject({ address: '93.184.216.34', family: 4 });
    // One private answer among public ones refuses the name.
    expect(
      await checkEndpoint(
        'https://push.example/a',
        production,
        resolveTo('93.184.216.34', '10.1.2.3'),
      ),
    ).toBeNull();
    expect(await checkEndpoint('https://push.example/a', production, resolveTo())).toBeNull();
    expect(await checkEndpoint('http://93.184.216.34/a', production)).toBeNull();
    expect(await checkEndpoint('https://user:pw@93.184.216.34/a', production)).toBeNull();
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.1.1',
      '::1',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
      '0.0.0.0',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '2606:4700::1111', '8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('backs off exponentially, or as long as Retry-After asks', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(nextAttemptAt(now, 1, 0).getTime() - now.getTime()).toBe(5_000);
    expect(nextAttemptAt(now, 3, 0).getTime() - now.getTime()).toBe(20_000);
    expect(nextAttemptAt(now, 1, 120).getTime() - now.getTime()).toBe(120_000);
    expect(nextAttemptAt(now, 30, 0).getTime() - now.getTime()).toBe(3_600_000);
  });
});
