import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FeedItem } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createAppContext, type AppContext } from '../create-context.ts';
import type { Database } from '../db/database.ts';
import { createSignedInUser, createTestDatabase } from '../test/app-test-kit.ts';
import { redisServerBinary, startRedisServer, type RedisServer } from '../test/fault-test-kit.ts';
import { rawDataToString } from './socket-hub.ts';

/**
 * Redis stopped under two instances. Both run on one database and one Redis of the test's own
 * (a redis-server on a free port: never the shared one), each with its real Redis bus and
 * rate-limit store, and a real socket open on each. While Redis is down an instance keeps
 * serving: writes succeed, its own sockets still get its events (local fan-out), and the sign-in
 * limits still hold (counted locally). Once Redis is back both reconnect by themselves, and an
 * event published on one instance reaches a socket on the other again.
 */

const REDIS_SERVER = redisServerBinary();
if (!REDIS_SERVER) {
  console.warn('Redis outage test skipped: no redis-server found (install it or set REDIS_SERVER)');
}
const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');

interface Instance {
  app: FastifyInstance;
  ctx: AppContext;
  socketUrl: string;
  close(): Promise<void>;
}

async function startInstance(database: Database, redisUrl: string, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `outage-${process.pid}`,
    AUTH_RATE_ADDRESS_LIMIT: '2',
    FEED_CACHE_MS: '0',
  });
  const { ctx, close } = await createAppContext(config, {
    database,
    logger: pino({ level: 'silent' }),
    tokenSecret: SECRET,
    bus: 'from-config',
    localnet: 'off',
    chain: { fallbackRpcUrl: 'http://127.0.0.1:9', timeoutMs: 2000, inProcess: false },
    version: '0.0.0-test',
  });
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    ctx,
    socketUrl: `ws://127.0.0.1:${port}/socket`,
    async close() {
      await app.close();
      await close();
    },
  } satisfies Instance;
}

interface Socket {
  /** The next message of `type` received since the socket opened (waits for it). */
  next(type: string): Promise<Record<string, unknown>>;
  close(): void;
}

async function openSocket(url: string, token: string): Promise<Socket> {
  const socket = new WebSocket(url);
  // The token travels in the first message, never in the URL (security.md, finding 7).
  socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
  const received: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data: WebSocket.RawData) => {
    received.push(JSON.parse(rawDataToString(data)) as Record<string, unknown>);
    for (const wake of waiters) wake();
  });
  const result: Socket = {
    next: (type) =>
      new Promise((resolve) => {
        const check = (): void => {
          const index = received.findIndex((message) => message.type === type);
          if (index < 0) return;
          waiters.delete(check);
          resolve(received.splice(index, 1)[0] ?? {});
        };
        waiters.add(check);
        check();
      }),
    close: () => socket.close(),
  };
  await result.next('auth_success');
  return result;
}

/** Waits (on its state, not a clock) until both instances' Redis connections are back. */
async function reconnected(instances: Instance[]): Promise<void> {
  const ready = (i: Instance) => i.ctx.bus.connected() && i.ctx.rateLimitStore?.status === 'ready';
  while (!instances.every(ready)) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.skipIf(!REDIS_SERVER)('Redis stopped under two instances', () => {
  let redis: RedisServer | undefined;
  let database: Database | undefined;
  let dataDir: string | undefined;
  let a: Instance | undefined;
  let b: Instance | undefined;

  beforeAll(async () => {
    if (!REDIS_SERVER) return;
    redis = await startRedisServer(REDIS_SERVER);
    database = await createTestDatabase('pglite');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-redis-outage-'));
    a = await startInstance(database, redis.url, dataDir);
    b = await startInstance(database, redis.url, dataDir);
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
    await redis?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps serving with local fan-out and limits, and rejoins when Redis is back', async () => {
    const [one, two, server] = [a, b, redis];
    if (!one || !two || !server) throw new Error('the instances or Redis did not start');
    const user = await createSignedInUser(one.ctx);
    const onA = await openSocket(one.socketUrl, user.accessToken);
    const onB = await openSocket(two.socketUrl, user.accessToken);
    const post = async (instance: Instance, body: string): Promise<string> => {
      const res = await instance.app.inject({
        method: 'POST',
        url: '/api/messages-v2/messages',
        headers: user.headers,
        payload: { body, kind: 'public' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<FeedItem>().id;
    };
    const challenge = (instance: Instance, address: string) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/auth/challenge',
        payload: { address, chain: 'solana' },
      });

    // With Redis up, a post on A reaches the socket on B.
    const first = await post(one, 'before the outage');
    expect(await onB.next('new_post')).toMatchObject({ data: { postId: first } });
    expect(await onA.next('new_post')).toMatchObject({ data: { postId: first } });

    await server.stop();

    // A keeps serving: the write succeeds and A's own socket gets the event.
    const during = await post(one, 'during the outage');
    expect(await onA.next('new_post')).toMatchObject({ data: { postId: during } });
    // The sign-in limits still hold, counted on this instance (2 per wallet here).
    const address = user.user.solAddress;
    expect((await challenge(one, address)).statusCode).toBe(200);
    expect((await challenge(one, address)).statusCode).toBe(200);
    const limited = await challenge(one, address);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    await server.start();
    await reconnected([one, two]);

    // Rejoined: a post on A reaches B's socket through Redis again, and A's.
    const after = await post(one, 'after the outage');
    expect(await onB.next('new_post')).toMatchObject({ data: { postId: after } });
    expect(await onA.next('new_post')).toMatchObject({ data: { postId: after } });
    // And the other way round.
    const fromB = await post(two, 'from B');
    expect(await onA.next('new_post')).toMatchObject({ data: { postId: fromB } });
    onA.close();
    onB.close();
  }, 120_000);
});
