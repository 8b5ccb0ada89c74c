import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigner } from '@dum/chain';
import WebSocket from 'ws';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/app-test-kit.ts';

describe('chain routes with the embedded localnet', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('pglite', {}, { localnet: true });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('serves the cluster configuration with the same-origin /rpc URLs', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'dum.local:3000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cluster: 'localnet',
      rpcUrl: 'http://dum.local:3000/rpc',
      rpcWsUrl: 'ws://dum.local:3000/rpc',
      dumMint: testApp.ctx.localnet?.dumMint,
      vaultsEnabled: true,
    });
  });

  it('answers JSON-RPC on POST /rpc, with JSON-RPC errors for bad bodies', async () => {
    const health = await testApp.app.inject({
      method: 'POST',
      url: '/rpc',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
    });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ jsonrpc: '2.0', result: 'ok', id: 1 });
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/rpc',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(malformed.json()).toMatchObject({ error: { code: -32700 } });
  });

  it('serves PubSub on the /rpc WebSocket', async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/rpc`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const messages: { id?: number; result?: unknown; method?: string }[] = [];
    const notified = new Promise<void>((resolve) => {
      socket.on('message', (data: Buffer) => {
        messages.push(JSON.parse(data.toString()) as (typeof messages)[number]);
        if (messages.some((m) => m.method === 'slotNotification')) resolve();
      });
    });
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }));
    await notified;
    expect(typeof messages[0]?.result).toBe('number');
    socket.close();
  });
});

describe('the per-IP limit of /rpc', () => {
  const LIMIT = 5;
  const WINDOW_SECONDS = 2;
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(
      'pglite',
      {
        SOLANA_LOCALNET_RPC_RATE_LIMIT: String(LIMIT),
        SOLANA_LOCALNET_RPC_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS),
      },
      { localnet: true },
    );
  });
  afterAll(async () => {
    await testApp.close();
  });

  const call = (method: string, params: unknown[] = []) => ({
    jsonrpc: '2.0',
    id: 1,
    method,
    params,
  });
  function rpc(ip: string, body: unknown, headers: Record<string, string> = {}) {
    return testApp.app.inject({
      method: 'POST',
      url: '/rpc',
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress: ip,
      payload: JSON.stringify(body),
    });
  }
  const REFUSED = {
    jsonrpc: '2.0',
    error: { code: 429, message: 'Too many requests from your IP. Please try again later.' },
    id: null,
  };

  it('defaults to 600 calls per IP in 10 s, far above what a wallet session makes', () => {
    expect(loadConfig({}).solana.localnetRpcRate).toEqual({ limit: 600, windowMs: 10_000 });
  });

  it('answers 429 with a JSON-RPC error past the budget of an IP, and other IPs go on', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await rpc('198.51.100.20', call('getHealth'))).statusCode).toBe(200);
    }
    const refused = await rpc('198.51.100.20', call('getHealth'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual(REFUSED);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    // A forged X-Forwarded-For is not believed (no TRUST_PROXY).
    const forged = await rpc('198.51.100.20', call('getHealth'), {
      'x-forwarded-for': '192.0.2.1',
    });
    expect(forged.statusCode).toBe(429);
    expect((await rpc('198.51.100.21', call('getHealth'))).statusCode).toBe(200);

    // The next window starts afresh.
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 50));
    expect((await rpc('198.51.100.20', call('getHealth'))).json()).toEqual({
      jsonrpc: '2.0',
      result: 'ok',
      id: 1,
    });
  });

  it('counts every call of a batch, and runs none of a batch past the budget', async () => {
    const ip = '198.51.100.22';
    const recipient = generateSigner().address;
    const three = [call('getHealth'), call('getSlot'), call('getHealth')];
    const first = await rpc(ip, three);
    expect(first.statusCode).toBe(200);
    expect(first.json<unknown[]>()).toHaveLength(3);
    // Three spent: a batch of three more (an airdrop among them) is past five.
    const refused = await rpc(ip, [
      call('getHealth'),
      call('requestAirdrop', [recipient, 1_000_000_000]),
      call('getHealth'),
    ]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(REFUSED);
    const balance = await rpc('198.51.100.23', call('getBalance', [recipient]));
    expect(balance.json()).toMatchObject({ result: { value: 0 } });
  });

  it('counts WebSockets as they open, refusing the upgrade past the budget', async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    const open = () =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/rpc`);
        socket.once('open', () => resolve(socket));
        socket.once('error', reject);
      });
    // Wait for a fresh window, so the first socket and the posts share one.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 50));
    const socket = await open();
    for (let i = 1; i < LIMIT; i += 1) {
      expect((await rpc('127.0.0.1', call('getHealth'))).statusCode).toBe(200);
    }
    await expect(open()).rejects.toThrow(/429/);
    socket.close();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the /rpc limit shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = {
      SOLANA_LOCALNET_RPC_RATE_LIMIT: '5',
      SOLANA_LOCALNET_RPC_RATE_WINDOW_SECONDS: '60',
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      // This run's own keys, whatever other runs left in the shared Redis.
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    };
    first = await createTestApp('pglite', env, { localnet: true });
    second = await createTestApp('pglite', env, { localnet: true });
    // Two localnets start: longer than one app takes.
  }, 180_000);
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("counts an IP's calls, a batch's too, across instances", async () => {
    const send = (app: TestApp, body: unknown) =>
      app.app.inject({
        method: 'POST',
        url: '/rpc',
        headers: { 'content-type': 'application/json' },
        remoteAddress: '198.51.100.30',
        payload: JSON.stringify(body),
      });
    const health = { jsonrpc: '2.0', id: 1, method: 'getHealth' };
    expect((await send(first, health)).statusCode).toBe(200);
    expect((await send(second, [health, health, health])).statusCode).toBe(200);
    expect((await send(first, health)).statusCode).toBe(200);
    // Five spent between them: the sixth is refused on either.
    expect((await send(second, health)).statusCode).toBe(429);
    expect((await send(first, health)).statusCode).toBe(429);
  });
});

describe('GET /api/config on a remote cluster', () => {
  it('points the SPA at the configured RPC', async () => {
    const testApp = await createTestApp('pglite', {
      SOLANA_RPC_URL: 'https://api.devnet.solana.com',
    });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({
      cluster: 'devnet',
      rpcUrl: 'https://api.devnet.solana.com',
      rpcWsUrl: 'wss://api.devnet.solana.com',
      dumMint: null,
      vaultsEnabled: false,
    });
    const rpc = await testApp.app.inject({ method: 'POST', url: '/rpc', payload: {} });
    expect(rpc.statusCode).toBe(404);
    await testApp.close();
  });
});
