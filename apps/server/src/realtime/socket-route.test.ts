import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, testDatabaseKinds, type TestApp } from '../test/app-test-kit.ts';
import { createTestWallet, signIn } from '../test/wallet-test-kit.ts';
import { isAllowedSocketOrigin } from './routes.ts';
import { rawDataToString } from './socket-hub.ts';

interface Client {
  socket: WebSocket;
  next(): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
}

function connect(url: string, headers: Record<string, string> = {}): Client {
  const socket = new WebSocket(url, { headers });
  const queue: Array<Record<string, unknown>> = [];
  const waiters: Array<(message: Record<string, unknown>) => void> = [];
  socket.on('message', (data: WebSocket.RawData) => {
    const message = JSON.parse(rawDataToString(data)) as Record<string, unknown>;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  return {
    socket,
    next: () =>
      new Promise((resolve) => {
        const queued = queue.shift();
        if (queued) resolve(queued);
        else waiters.push(resolve);
      }),
    closed: new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    ),
  };
}

describe.each(testDatabaseKinds())('GET /socket on a listening server, on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { APP_ORIGIN: 'https://dum.test' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}/socket`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers auth_success with the user id for a real access token, then delivers events', async () => {
    const session = await signIn(t.app, createTestWallet());
    const { id } = await t.ctx.tokens.verifyAccessToken(session.accessToken);
    const client = connect(`${base}?token=${session.accessToken}`);
    expect(await client.next()).toEqual({ type: 'auth_success', userId: id });

    await t.ctx.bus.publish({
      kind: 'event',
      audience: { kind: 'users', userIds: [id] },
      event: { type: 'vault_completed', data: { vaultId: 'v1' } },
      timestamp: '2026-11-23T12:00:00.000Z',
    });
    expect(await client.next()).toEqual({
      type: 'vault_completed',
      data: { vaultId: 'v1' },
      timestamp: '2026-11-23T12:00:00.000Z',
    });
    client.socket.close();
    await client.closed;
  });

  it('accepts the token as a first message from the app origin', async () => {
    const session = await signIn(t.app, createTestWallet());
    const client = connect(base, { origin: 'https://dum.test' });
    client.socket.on('open', () =>
      client.socket.send(JSON.stringify({ type: 'auth', token: session.accessToken })),
    );
    expect(await client.next()).toMatchObject({ type: 'auth_success' });
    client.socket.close();
    await client.closed;
  });

  it('closes with 1008 for a forged, expired or refresh token', async () => {
    const session = await signIn(t.app, createTestWallet());
    const forged = `${session.accessToken.slice(0, -2)}${session.accessToken.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [forged, session.refreshToken, 'nonsense']) {
      const { code } = await connect(`${base}?token=${encodeURIComponent(token)}`).closed;
      expect(code).toBe(1008);
    }
    t.clock.advance(900_000);
    expect((await connect(`${base}?token=${session.accessToken}`).closed).code).toBe(1008);
  });

  it('closes with 1008 for a page of another origin', async () => {
    const session = await signIn(t.app, createTestWallet());
    const client = connect(`${base}?token=${session.accessToken}`, {
      origin: 'https://evil.example',
    });
    expect((await client.closed).code).toBe(1008);
  });

  it('closes with 1009 for a message over 4 KiB', async () => {
    const session = await signIn(t.app, createTestWallet());
    const client = connect(`${base}?token=${session.accessToken}`);
    await client.next();
    client.socket.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(5000) }));
    expect((await client.closed).code).toBe(1009);
  });

  it('answers a plain GET with 404, not the socket', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/socket' });
    expect(response.statusCode).toBe(404);
  });
});

describe('isAllowedSocketOrigin', () => {
  it('lets through the app origin, the host connected to, and non-browser clients', () => {
    const app = 'https://dum.test';
    expect(isAllowedSocketOrigin(undefined, 'dum.test', app)).toBe(true);
    expect(isAllowedSocketOrigin('https://dum.test', 'internal:3000', app)).toBe(true);
    expect(isAllowedSocketOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', app)).toBe(true);
    expect(isAllowedSocketOrigin('http://localhost:5173', 'localhost:5173', app)).toBe(true);
    expect(isAllowedSocketOrigin('https://evil.example', 'dum.test', app)).toBe(false);
    expect(isAllowedSocketOrigin('null', 'dum.test', app)).toBe(false);
  });
});
