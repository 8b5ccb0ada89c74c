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

/**
 * A socket to `url` that sends `token` as its first message once open (null: sends nothing),
 * as the web client does; the URL carries no token.
 */
function connect(url: string, token: string | null, headers: Record<string, string> = {}): Client {
  const socket = new WebSocket(url, { headers });
  if (token !== null) {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
  }
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
    const client = connect(base, session.accessToken, { origin: 'https://dum.test' });
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

  it('refuses a token in the URL, even a valid one', async () => {
    const session = await signIn(t.app, createTestWallet());
    const client = connect(`${base}?token=${session.accessToken}`, null);
    expect((await client.closed).code).toBe(1008);
  });

  it('closes with 1008 for a forged, expired or refresh token', async () => {
    const session = await signIn(t.app, createTestWallet());
    const forged = `${session.accessToken.slice(0, -2)}${session.accessToken.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [forged, session.refreshToken, 'nonsense']) {
      const { code } = await connect(base, token).closed;
      expect(code).toBe(1008);
    }
    t.clock.advance(900_000);
    expect((await connect(base, session.accessToken).closed).code).toBe(1008);
  });

  it('closes with 4001 when the token expires while the socket is open', async () => {
    const session = await signIn(t.app, createTestWallet());
    // The token has 200 ms left on the app's clock when the socket authenticates.
    t.clock.advance(900_000 - 200);
    const client = connect(base, session.accessToken);
    expect(await client.next()).toMatchObject({ type: 'auth_success' });
    expect(await client.closed).toEqual({ code: 4001, reason: 'token expired' });
  });

  it('closes with 4001 when its session signs out, and refuses its token from then on', async () => {
    const session = await signIn(t.app, createTestWallet());
    const other = await signIn(t.app, createTestWallet());
    const client = connect(base, session.accessToken);
    const bystander = connect(base, other.accessToken);
    expect(await client.next()).toMatchObject({ type: 'auth_success' });
    expect(await bystander.next()).toMatchObject({ type: 'auth_success' });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect(await client.closed).toEqual({ code: 4001, reason: 'session ended' });
    expect((await connect(base, session.accessToken).closed).code).toBe(1008);
    bystander.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await bystander.next()).toEqual({ type: 'pong' });
    bystander.socket.close();
    await bystander.closed;
  });

  it('closes with 1008 for a page of another origin', async () => {
    const session = await signIn(t.app, createTestWallet());
    const client = connect(base, session.accessToken, { origin: 'https://evil.example' });
    expect((await client.closed).code).toBe(1008);
  });

  it('closes with 1009 for a message over 4 KiB', async () => {
    const session = await signIn(t.app, createTestWallet());
    const client = connect(base, session.accessToken);
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
