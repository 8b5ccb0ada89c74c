import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createMemoryBus, createRedisBus, type EventBus } from './bus.ts';
import {
  rawDataToString,
  SocketHub,
  type SocketHubOptions,
  type SocketIdentity,
} from './socket-hub.ts';

/** The clock the hub reads in these tests (ms); tests move it by hand. */
let now = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3600_000;

/**
 * Tokens this test's verifier accepts (the real server verifies JWTs; see socket-route.test.ts
 * and the auth tests): each names its user, its session and its expiry.
 */
const TOKENS: Record<string, () => SocketIdentity> = {
  'token-alice': () => ({ userId: 'alice', sessionId: 'alice-laptop', expiresAt: now + HOUR }),
  'token-alice-phone': () => ({ userId: 'alice', sessionId: 'alice-phone', expiresAt: now + HOUR }),
  'token-bob': () => ({ userId: 'bob', sessionId: 'bob-1', expiresAt: now + HOUR }),
  // Expires a moment after it is checked (its socket's timer closes it).
  'token-brief': () => ({ userId: 'carol', sessionId: 'carol-1', expiresAt: now + 100 }),
};

interface Instance {
  url: string;
  hub: SocketHub;
  close(): Promise<void>;
}

async function startInstance(
  bus: EventBus,
  options: Partial<SocketHubOptions> = {},
): Promise<Instance> {
  const hub = new SocketHub({
    verifyAccessToken: async (token) => TOKENS[token]?.() ?? null,
    now: () => now,
    allowedOrigins: ['http://app.test'],
    logger: pino({ level: 'silent' }),
    ...options,
  });
  const unsubscribe = bus.subscribe((message) => hub.deliver(message));
  const server = http.createServer();
  const wss = new WebSocketServer({ server, maxPayload: 4096 });
  wss.on('connection', (socket, request) => hub.attach(socket, request));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/socket`,
    hub,
    async close() {
      unsubscribe();
      hub.close();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface TestClient {
  socket: WebSocket;
  messages: Array<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  next(type: string): Promise<Record<string, unknown>>;
}

/** A socket that sends `token` as its first message once open (none: it sends nothing). */
function connect(
  url: string,
  token: string | null = null,
  headers: Record<string, string> = {},
): TestClient {
  const socket = new WebSocket(url, { headers });
  if (token !== null) {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
  }
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data: WebSocket.RawData) => {
    messages.push(JSON.parse(rawDataToString(data)) as Record<string, unknown>);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    socket,
    messages,
    closed,
    async next(type) {
      for (;;) {
        const found = messages.find((m) => m.type === type);
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

function event(userIds: string[] | 'all') {
  return {
    kind: 'event' as const,
    audience: userIds === 'all' ? { kind: 'all' as const } : { kind: 'users' as const, userIds },
    event: { type: 'vault_completed' as const, data: { vaultId: 'v1' } },
    timestamp: '2026-11-23T12:00:00.000Z',
  };
}

describe('SocketHub', () => {
  it('answers auth_success with the user id for a valid token in the first message', async () => {
    const bus = createMemoryBus();
    const instance = await startInstance(bus);
    opened.push(instance);
    const client = connect(instance.url, 'token-alice');
    expect(await client.next('auth_success')).toEqual({ type: 'auth_success', userId: 'alice' });
    client.socket.close();
  });

  it('closes with 1008 on an unknown token, or no auth message before the deadline', async () => {
    const instance = await startInstance(createMemoryBus(), { authTimeoutMs: 200 });
    opened.push(instance);
    expect((await connect(instance.url, 'forged').closed).code).toBe(1008);
    const silent = connect(instance.url);
    expect((await silent.closed).code).toBe(1008);
    // Other messages before the auth message do not count as one.
    const chatty = connect(instance.url);
    chatty.socket.on('open', () => chatty.socket.send(JSON.stringify({ type: 'ping' })));
    expect((await chatty.closed).code).toBe(1008);
    expect(chatty.messages).toEqual([]);
  });

  it("accepts the token in the URL, as the spec's clients send it: auth_success, then events", async () => {
    const bus = createMemoryBus();
    const instance = await startInstance(bus);
    opened.push(instance);
    const client = connect(`${instance.url}?token=token-alice`);
    expect(await client.next('auth_success')).toEqual({ type: 'auth_success', userId: 'alice' });
    await bus.publish(event(['alice']));
    expect(await client.next('vault_completed')).toEqual({
      type: 'vault_completed',
      data: { vaultId: 'v1' },
      timestamp: '2026-11-23T12:00:00.000Z',
    });
    client.socket.close();
  });

  it('refuses a bad token in the URL as it refuses a bad auth message', async () => {
    const instance = await startInstance(createMemoryBus());
    opened.push(instance);
    const refusal = await connect(instance.url, 'forged').closed;
    expect(refusal).toEqual({ code: 1008, reason: 'authentication failed' });
    for (const query of ['?token=forged', '?token=', '?token=token-alice&token=forged']) {
      const client = connect(`${instance.url}${query}`);
      expect(await client.closed).toEqual(refusal);
      expect(client.messages).toEqual([]);
    }
  });

  it('checks a URL token once, ignoring an auth message sent as well', async () => {
    const verified: string[] = [];
    const instance = await startInstance(createMemoryBus(), {
      verifyAccessToken: async (token) => {
        verified.push(token);
        return TOKENS[token]?.() ?? null;
      },
    });
    opened.push(instance);
    const client = connect(`${instance.url}?token=token-alice`, 'token-bob');
    expect(await client.next('auth_success')).toEqual({ type: 'auth_success', userId: 'alice' });
    // A ping round trip: the auth message went in before it, and was not checked.
    client.socket.send(JSON.stringify({ type: 'ping' }));
    await client.next('pong');
    expect(verified).toEqual(['token-alice']);
    expect(client.messages.filter((m) => m.type === 'auth_success')).toHaveLength(1);
    client.socket.close();
  });

  it('closes with 4001 when the token expires while the socket is open', async () => {
    const instance = await startInstance(createMemoryBus());
    opened.push(instance);
    // Its own timer: the token expires 100 ms after it was accepted.
    const brief = connect(instance.url, 'token-brief');
    await brief.next('auth_success');
    expect(await brief.closed).toEqual({ code: 4001, reason: 'token expired' });
  });

  it('closes with 4001 once the clock has passed the expiry, at the next sweep', async () => {
    const instance = await startInstance(createMemoryBus(), { heartbeatMs: 20 });
    opened.push(instance);
    const alice = connect(instance.url, 'token-alice');
    const bob = connect(instance.url, 'token-bob');
    await Promise.all([alice.next('auth_success'), bob.next('auth_success')]);
    // The clock jumps past the tokens' expiry (their timers have an hour to go).
    now += HOUR;
    try {
      expect((await alice.closed).code).toBe(4001);
      expect((await bob.closed).code).toBe(4001);
    } finally {
      now -= HOUR;
    }
  });

  it('refuses another browser origin', async () => {
    const instance = await startInstance(createMemoryBus());
    opened.push(instance);
    const client = connect(instance.url, 'token-alice', { origin: 'http://evil.test' });
    expect((await client.closed).code).toBe(1008);
  });

  it('delivers events only to the users they concern', async () => {
    const bus = createMemoryBus();
    const instance = await startInstance(bus);
    opened.push(instance);
    const alice = connect(instance.url, 'token-alice');
    const bob = connect(instance.url, 'token-bob');
    await Promise.all([alice.next('auth_success'), bob.next('auth_success')]);

    await bus.publish(event(['bob']));
    expect(await bob.next('vault_completed')).toEqual({
      type: 'vault_completed',
      data: { vaultId: 'v1' },
      timestamp: '2026-11-23T12:00:00.000Z',
    });
    await bus.publish({
      ...event('all'),
      event: { type: 'vault_completed', data: { vaultId: 'v2' } },
    });
    await alice.next('vault_completed');
    expect(alice.messages.filter((m) => m.type === 'vault_completed')).toHaveLength(1);
    expect(alice.messages.at(-1)).toMatchObject({ data: { vaultId: 'v2' } });
    alice.socket.close();
    bob.socket.close();
  });

  it('closes the sockets of a session when it ends, and no other session’s', async () => {
    const bus = createMemoryBus();
    const instance = await startInstance(bus);
    opened.push(instance);
    const laptop = connect(instance.url, 'token-alice');
    const laptopTab = connect(instance.url, 'token-alice');
    const phone = connect(instance.url, 'token-alice-phone');
    const bob = connect(instance.url, 'token-bob');
    await Promise.all([laptop, laptopTab, phone, bob].map((c) => c.next('auth_success')));
    await bus.publish({ kind: 'close_session', userId: 'alice', sessionId: 'alice-laptop' });
    expect(await laptop.closed).toEqual({ code: 4001, reason: 'session ended' });
    expect((await laptopTab.closed).code).toBe(4001);
    // A ping round trip: a close of these would have arrived before the pong.
    for (const client of [phone, bob]) {
      client.socket.send(JSON.stringify({ type: 'ping' }));
      await client.next('pong');
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
      client.socket.close();
    }
  });

  it('refuses a socket of a session that ended while its token was being checked', async () => {
    const instance = await startInstance(createMemoryBus());
    opened.push(instance);
    // The token was checked before the sign-out; the session's close went by before it joined.
    instance.hub.closeSession('alice-laptop');
    const late = connect(instance.url, 'token-alice');
    expect(await late.closed).toEqual({ code: 4001, reason: 'session ended' });
    expect(late.messages).toEqual([]);
  });

  it('closes a client that sends too fast, or too much at once', async () => {
    const instance = await startInstance(createMemoryBus(), {
      messageLimit: { count: 5, windowMs: 60_000 },
    });
    opened.push(instance);
    const chatty = connect(instance.url, 'token-alice');
    await chatty.next('auth_success');
    for (let i = 0; i < 10; i++) chatty.socket.send(JSON.stringify({ type: 'ping' }));
    expect((await chatty.closed).code).toBe(4008);

    const big = connect(instance.url, 'token-bob');
    await big.next('auth_success');
    big.socket.send('x'.repeat(10_000));
    expect((await big.closed).code).toBe(1009);
  });

  it('enforces its own message size when the WebSocket server allows more', async () => {
    // The app's one WebSocket server also carries /rpc, with a larger frame limit.
    const instance = await startInstance(createMemoryBus(), { maxMessageBytes: 256 });
    opened.push(instance);
    const client = connect(instance.url, 'token-alice');
    await client.next('auth_success');
    client.socket.send(JSON.stringify({ type: 'ping' }));
    await client.next('pong');
    client.socket.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(300) }));
    expect((await client.closed).code).toBe(1009);
  });

  it('drops a client whose send buffer overflows instead of stalling others', async () => {
    const bus = createMemoryBus();
    const instance = await startInstance(bus, { maxBufferedBytes: 64 });
    opened.push(instance);
    const slow = connect(instance.url, 'token-alice');
    await slow.next('auth_success');
    const big = {
      ...event(['alice']),
      event: { type: 'vault_completed' as const, data: { vaultId: 'x'.repeat(200) } },
    };
    await bus.publish(big);
    expect((await slow.closed).code).toBe(4009);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two instances over Redis', () => {
  it('delivers an event published on instance A to a socket on instance B', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const busA = await createRedisBus(url, () => {});
    const busB = await createRedisBus(url, () => {});
    const a = await startInstance(busA);
    const b = await startInstance(busB);
    opened.push(a, b, { close: () => busA.close() }, { close: () => busB.close() });
    const bob = connect(b.url, 'token-bob');
    await bob.next('auth_success');
    await busA.publish(event(['bob']));
    expect(await bob.next('vault_completed')).toMatchObject({ data: { vaultId: 'v1' } });
    bob.socket.close();
  });

  it('keeps deployments with different prefixes apart on one Redis', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const staging = await createRedisBus(url, () => {}, `test-staging-${process.pid}`);
    const production = await createRedisBus(url, () => {}, `test-production-${process.pid}`);
    opened.push({ close: () => staging.close() }, { close: () => production.close() });
    const seen: { bus: string; vaultId: string }[] = [];
    for (const [name, bus] of [
      ['staging', staging],
      ['production', production],
    ] as const) {
      bus.subscribe((message) => {
        if (message.kind === 'event' && message.event.type === 'vault_completed') {
          seen.push({ bus: name, vaultId: message.event.data.vaultId });
        }
      });
    }
    await staging.publish(event(['bob']));
    await production.publish({
      ...event(['bob']),
      event: { type: 'vault_completed', data: { vaultId: 'v2' } },
    });
    await expect.poll(() => seen.length).toBe(2);
    // A round trip on each after the publishes: anything misrouted would have arrived by now.
    await staging.publish({
      ...event(['bob']),
      event: { type: 'vault_completed', data: { vaultId: 'end' } },
    });
    await production.publish({
      ...event(['bob']),
      event: { type: 'vault_completed', data: { vaultId: 'end' } },
    });
    await expect.poll(() => seen.length).toBe(4);
    expect(seen.filter((s) => s.vaultId !== 'end')).toEqual([
      { bus: 'staging', vaultId: 'v1' },
      { bus: 'production', vaultId: 'v2' },
    ]);
  });
});
