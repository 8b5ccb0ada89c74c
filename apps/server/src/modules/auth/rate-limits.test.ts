import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestApp } from '../../test/app-test-kit.ts';
import { createTestWallet, postVerify, requestChallenge } from '../../test/wallet-test-kit.ts';

const LIMITS = {
  AUTH_RATE_IP_LIMIT: '4',
  AUTH_RATE_ADDRESS_LIMIT: '2',
  AUTH_RATE_WINDOW_SECONDS: '60',
};

/** A random documentation-range IP, so runs sharing one Redis never count each other's calls. */
function randomIp(): string {
  const [a = 0, b = 0] = randomBytes(2);
  return `198.51.${a}.${b}`;
}

function challenge(t: TestApp, address: string, ip: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/challenge',
    payload: { address, chain: 'solana' },
    remoteAddress: ip,
  });
}

function expectLimited(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: {
      code: 'rate_limited',
      message: 'Too many sign-in attempts. Please wait a moment and try again.',
    },
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe.each(testDatabaseKinds())('sign-in rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits challenges per IP, whatever the wallet', async () => {
    const ip = randomIp();
    for (let i = 0; i < 4; i++) {
      expect((await challenge(t, createTestWallet().address, ip)).statusCode).toBe(200);
    }
    expectLimited(await challenge(t, createTestWallet().address, ip));
    // Another IP is not affected.
    expect((await challenge(t, createTestWallet().address, randomIp())).statusCode).toBe(200);
  });

  it('limits challenges per wallet, whatever the IP', async () => {
    const wallet = createTestWallet();
    expect((await challenge(t, wallet.address, randomIp())).statusCode).toBe(200);
    expect((await challenge(t, wallet.address, randomIp())).statusCode).toBe(200);
    expectLimited(await challenge(t, wallet.address, randomIp()));
    expect((await challenge(t, createTestWallet().address, randomIp())).statusCode).toBe(200);
  });

  it('limits verify per wallet and per IP, before any work', async () => {
    const wallet = createTestWallet();
    const messages = [
      await requestChallenge(t.app, wallet.address, {}, randomIp()),
      await requestChallenge(t.app, wallet.address, {}, randomIp()),
    ];
    const ip = randomIp();
    // Two wrong signatures use up the wallet's verify budget...
    for (const message of messages) {
      const response = await postVerify(
        t.app,
        { address: wallet.address, message, signature: createTestWallet().signMessage(message) },
        randomIp(),
      );
      expect(response.statusCode).toBe(401);
    }
    const third = await postVerify(
      t.app,
      { address: wallet.address, message: messages[0], signature: wallet.signMessage('x') },
      ip,
    );
    expectLimited(third);

    // ...and an IP past its budget is refused whatever it sends.
    for (let i = 0; i < 3; i++) {
      const response = await postVerify(t.app, { address: createTestWallet().address }, ip);
      expect(response.statusCode).toBe(400);
    }
    expectLimited(await postVerify(t.app, { address: createTestWallet().address }, ip));
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('sign-in rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { ...LIMITS, REDIS_URL: process.env.TEST_REDIS_URL ?? '' };
    first = await createTestApp('pglite', env);
    second = await createTestApp('pglite', env);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('counts calls to every instance together', async () => {
    const ip = randomIp();
    const wallet = createTestWallet();
    expect((await challenge(first, wallet.address, ip)).statusCode).toBe(200);
    expect((await challenge(second, wallet.address, randomIp())).statusCode).toBe(200);
    // The wallet's third challenge, on either instance, is one too many.
    expectLimited(await challenge(first, wallet.address, randomIp()));
    expectLimited(await challenge(second, wallet.address, randomIp()));
    // The IP has made 1 call; 3 more are allowed across both instances, then none.
    expect((await challenge(second, createTestWallet().address, ip)).statusCode).toBe(200);
    expect((await challenge(first, createTestWallet().address, ip)).statusCode).toBe(200);
    expect((await challenge(second, createTestWallet().address, ip)).statusCode).toBe(200);
    expectLimited(await challenge(first, createTestWallet().address, ip));
  });
});
