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

  it('limits challenges per wallet from one IP', async () => {
    const wallet = createTestWallet();
    const ip = randomIp();
    expect((await challenge(t, wallet.address, ip)).statusCode).toBe(200);
    expect((await challenge(t, wallet.address, ip)).statusCode).toBe(200);
    expectLimited(await challenge(t, wallet.address, ip));
    expect((await challenge(t, createTestWallet().address, ip)).statusCode).toBe(200);
  });

  it('a challenge storm for a wallet from other IPs does not lock its owner out (finding 8)', async () => {
    const victim = createTestWallet();
    // The attacker asks for the victim's challenges, and sends wrong signatures for them, from
    // many IPs, far past what any one budget allows.
    const stolen: string[] = [];
    for (let i = 0; i < 12; i++) {
      const ip = randomIp();
      for (let j = 0; j < 3; j++) {
        const answer = await challenge(t, victim.address, ip);
        if (answer.statusCode === 200) {
          stolen.push(answer.json<{ messageToSign: string }>().messageToSign);
        } else {
          expectLimited(answer);
        }
      }
      const forged = await postVerify(
        t.app,
        {
          address: victim.address,
          message: stolen.at(-1),
          signature: createTestWallet().signMessage(stolen.at(-1) ?? ''),
        },
        ip,
      );
      expect(forged.statusCode).toBe(401);
    }
    expect(stolen).toHaveLength(24);

    // The owner, from their own IP, still gets a challenge and signs in.
    const home = randomIp();
    const message = await requestChallenge(t.app, victim.address, {}, home);
    const signedIn = await postVerify(
      t.app,
      { address: victim.address, message, signature: victim.signMessage(message) },
      home,
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('accessToken');
  });

  it('limits verify per wallet from one IP and per IP, before any work', async () => {
    const wallet = createTestWallet();
    const ip = randomIp();
    const messages = [
      await requestChallenge(t.app, wallet.address, {}, ip),
      await requestChallenge(t.app, wallet.address, {}, ip),
    ];
    // Two wrong signatures from one IP use up the wallet's verify budget there...
    for (const message of messages) {
      const response = await postVerify(
        t.app,
        { address: wallet.address, message, signature: createTestWallet().signMessage(message) },
        ip,
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
    const busy = randomIp();
    for (let i = 0; i < 4; i++) {
      const response = await postVerify(t.app, { address: createTestWallet().address }, busy);
      expect(response.statusCode).toBe(400);
    }
    expectLimited(await postVerify(t.app, { address: createTestWallet().address }, busy));
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
    expect((await challenge(second, wallet.address, ip)).statusCode).toBe(200);
    // The wallet's third challenge from that IP, on either instance, is one too many.
    expectLimited(await challenge(first, wallet.address, ip));
    expectLimited(await challenge(second, wallet.address, ip));
    // The IP has made 4 calls (the refused ones count): the next is refused on both.
    expectLimited(await challenge(second, createTestWallet().address, ip));
    expectLimited(await challenge(first, createTestWallet().address, ip));
    // Another IP is not affected.
    expect((await challenge(first, wallet.address, randomIp())).statusCode).toBe(200);
  });
});
