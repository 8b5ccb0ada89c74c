import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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
