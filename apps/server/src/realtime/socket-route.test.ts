import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createLogger } from '../logger.ts';
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
 * A socket to `url` that sends `token` as its first message once open, as the web client does
 * (null: sends nothing, as a client with `?token=` in `url`, the spec's way, does).
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

  it('answers auth_success for a real access token in the first message (none in the URL), then delivers events', async () => {
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

  it("answers auth_success for a real access token in the URL (the spec's client), then delivers events", async () => {
    const session = await signIn(t.app, createTestWallet());
    const { id } = await t.ctx.tokens.verifyAccessToken(session.accessToken);
    const client = connect(`${base}?token=${encodeURIComponent(session.accessToken)}`, null, {
      origin: 'https://dum.test',
    });
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

  it('refuses a forged, expired or refresh token in the URL as it does in the auth message', async () => {
    const session = await signIn(t.app, createTestWallet());
    const forged = `${session.accessToken.slice(0, -2)}${session.accessToken.endsWith('AA') ? 'BB' : 'AA'}`;
    const inUrl = (token: string) => connect(`${base}?token=${encodeURIComponent(token)}`, null);
    for (const token of [forged, session.refreshToken, 'nonsense']) {
      const byMessage = await connect(base, token).closed;
      expect(byMessage).toEqual({ code: 1008, reason: 'authentication failed' });
      expect(await inUrl(token).closed).toEqual(byMessage);
    }
    t.clock.advance(900_000);
    const expired = await connect(base, session.accessToken).closed;
    expect(expired).toEqual({ code: 1008, reason: 'authentication failed' });
    expect(await inUrl(session.accessToken).closed).toEqual(expired);
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

describe('GET /socket in the logs', () => {
  // The production logger (its serializers and redaction), writing into an array, not stdout.
  const lines: string[] = [];
  let t: TestApp;
  let base: string;

  // The app is made in the hook, whose time allows for a loaded machine, not in the test.
  beforeAll(async () => {
    const logger = createLogger('trace', false);
    Object.assign(logger, {
      [pino.symbols.streamSym]: { write: (line: string) => lines.push(line) },
    });
    t = await createTestApp('pglite', {}, { logger });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}/socket`;
  });

  afterAll(async () => {
    await t.close();
  });

  it('never writes a URL token, accepted or refused, at any level', async () => {
    const session = await signIn(t.app, createTestWallet());
    const accepted = connect(`${base}?token=${session.accessToken}`, null);
    expect(await accepted.next()).toMatchObject({ type: 'auth_success' });
    accepted.socket.close();
    await accepted.closed;
    const forged = `${session.accessToken}x`;
    expect((await connect(`${base}?token=${forged}`, null).closed).code).toBe(1008);

    const log = lines.join('');
    // Both upgrades were logged, without their query.
    expect(log.split('"url":"/socket?[redacted]"')).toHaveLength(3);
    expect(log).not.toContain(session.accessToken);
    expect(log).not.toContain('token=');
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
