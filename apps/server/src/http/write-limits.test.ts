import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createdPost } from '../modules/feed/test-kit.ts';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../test/app-test-kit.ts';

/**
 * Finding 1 (issue 21): every write is rate-limited per wallet and per IP. Each test is what a
 * farming script does: the same write again and again, from one wallet or from many wallets on
 * one IP; past the limit it gets 429 with Retry-After, and nothing more is written.
 */

const LIMITS = {
  WRITE_RATE_POSTS: '3',
  WRITE_RATE_COMMENTS: '2',
  WRITE_RATE_LIKES: '4',
  WRITE_RATE_IP_MULTIPLE: '2',
  WRITE_RATE_WINDOW_SECONDS: '3600',
};

/**
 * A new IP at each call: the next of 65,536 from a random start. Drawn at random, two calls
 * matched one time in 65,536, and a test's "another IP" then found the first one's budget spent.
 */
let lastIp = randomBytes(2).readUInt16BE();
function nextIp(): string {
  lastIp = (lastIp + 1) % 65_536;
  return `203.0.${lastIp >> 8}.${lastIp & 255}`;
}

function post(
  t: TestApp,
  headers: Record<string, string>,
  ip: string,
  body = 'gm',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/messages-v2/messages',
    headers,
    payload: { body, kind: 'public' },
    remoteAddress: ip,
  });
}

function expectLimited(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: { code: 'rate_limited', message: 'Too many requests. Please try again later.' },
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

async function postsBy(t: TestApp, userId: string): Promise<number> {
  const { rows } = await t.ctx.database.pool.query<{ n: number }>(
    'select count(*)::int as n from messages where author_id = $1',
    [userId],
  );
  return rows[0]?.n ?? -1;
}

describe.each(testDatabaseKinds())('write rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stops a wallet posting in a loop: 429 with Retry-After, nothing written past the limit', async () => {
    const { user, headers } = await createSignedInUser(t.ctx);
    const answers: LightMyRequestResponse[] = [];
    // A burst from many IPs: the wallet's own budget holds whatever IP it uses.
    for (let i = 0; i < 10; i++) answers.push(await post(t, headers, nextIp(), `spam ${i}`));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([201, 201, 201]);
    for (const answer of answers.slice(3)) expectLimited(answer);
    expect(await postsBy(t, user.id)).toBe(3);
  });

  it('stops many wallets on one IP past the IP budget, and no other IP', async () => {
    const ip = nextIp();
    const wallets = await Promise.all(Array.from({ length: 4 }, () => createSignedInUser(t.ctx)));
    // 3 posts a wallet, 6 an IP: the first two wallets use the IP's budget up.
    const statuses: number[] = [];
    for (const wallet of wallets) {
      for (let i = 0; i < 3; i++) statuses.push((await post(t, wallet.headers, ip)).statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expectLimited(await post(t, wallets[3]!.headers, ip));
    const written = await Promise.all(wallets.map(({ user }) => postsBy(t, user.id)));
    expect(written.reduce((a, b) => a + b, 0)).toBe(6);
    // The fourth wallet, from another IP, still has its own budget.
    expect((await post(t, wallets[3]!.headers, nextIp())).statusCode).toBe(201);
  });

  it('limits likes and comments each on their own budget', async () => {
    const author = await createSignedInUser(t.ctx);
    const target = await createdPost(t, author.headers, 'like me');
    const liker = await createSignedInUser(t.ctx);
    const ip = nextIp();
    const engage = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/messages/${target.id}/engage`,
        headers: liker.headers,
        payload: { kind: 'like' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 4; i++) expect((await engage()).statusCode).toBe(200);
    expectLimited(await engage());

    const comment = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/messages/${target.id}/comments`,
        headers: liker.headers,
        payload: { content: 'nice' },
        remoteAddress: ip,
      });
    // Likes spent their budget; comments have their own.
    expect((await comment()).statusCode).toBe(201);
    expect((await comment()).statusCode).toBe(201);
    expectLimited(await comment());
    const { rows } = await t.ctx.database.pool.query<{ n: number }>(
      'select count(*)::int as n from comments where message_id = $1',
      [target.id],
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('counts signed-out writes per IP (they are refused anyway)', async () => {
    const ip = nextIp();
    // 6 per IP: the 401s spend the IP's budget, then the IP is refused before any work.
    for (let i = 0; i < 6; i++) expect((await post(t, {}, ip)).statusCode).toBe(401);
    expectLimited(await post(t, {}, ip));
  });

  it('cannot be dodged by forging X-Forwarded-For (finding 3: no proxy trusted by default)', async () => {
    const { user, headers } = await createSignedInUser(t.ctx);
    const ip = nextIp();
    const seen = [];
    for (let i = 0; i < 8; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/messages-v2/messages',
        // A fresh forged client address on every call, as a script would rotate them.
        headers: { ...headers, 'x-forwarded-for': nextIp() },
        payload: { body: `forged ${i}`, kind: 'public' },
        remoteAddress: ip,
      });
      seen.push(answer.statusCode);
    }
    expect(seen).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await postsBy(t, user.id)).toBe(3);
  });
});

describe('the client IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  /** request.ip as the app built on this setting sees it (one context; the app is cheap). */
  async function ipSeenBy(setting: Partial<Config>, forwardedFor: string): Promise<string> {
    const app = await buildApp({ ...t.ctx, config: { ...t.ctx.config, ...setting } });
    app.get('/api/test/ip', (request) => ({ ip: request.ip }));
    await app.ready();
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/test/ip',
        headers: { 'x-forwarded-for': forwardedFor },
        remoteAddress: '10.0.0.2',
      });
      return response.json<{ ip: string }>().ip;
    } finally {
      await app.close();
    }
  }

  it('is the socket address by default, in production too (finding 3)', async () => {
    expect(await ipSeenBy({}, '1.2.3.4')).toBe('10.0.0.2');
    const production = loadConfig({ NODE_ENV: 'production', APP_ORIGIN: 'https://dum.test' });
    expect(
      await ipSeenBy({ env: 'production', trustProxy: production.trustProxy }, '1.2.3.4'),
    ).toBe('10.0.0.2');
  });

  it('is the last hop before the trusted proxies with TRUST_PROXY', async () => {
    const trusting = (value: string) => ({
      trustProxy: loadConfig({ TRUST_PROXY: value }).trustProxy,
    });
    // One proxy in front: the address it saw is the last X-Forwarded-For entry.
    expect(await ipSeenBy(trusting('1'), '6.6.6.6, 5.5.5.5')).toBe('5.5.5.5');
    // The proxy named by its address (or network): the same.
    expect(await ipSeenBy(trusting('10.0.0.0/8'), '6.6.6.6, 5.5.5.5')).toBe('5.5.5.5');
    // A socket that is not a named proxy is the client itself.
    expect(await ipSeenBy(trusting('192.168.0.1'), '5.5.5.5')).toBe('10.0.0.2');
  });

  it('refuses to start with a write route under /api that names no writeLimit', async () => {
    const app = await buildApp(t.ctx);
    try {
      await expect(
        (async () => {
          app.post('/api/test/unlimited', () => ({ ok: true }));
          await app.ready();
        })(),
      ).rejects.toThrow('POST /api/test/unlimited needs config.writeLimit');
    } finally {
      await app.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('write rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = {
      ...LIMITS,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      // This run's own keys, whatever other runs left in the shared Redis.
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    };
    first = await createTestApp('pglite', env);
    second = await createTestApp('pglite', env);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('counts a wallet and an IP across instances', async () => {
    // One wallet known to both instances (each has its own database here).
    const { user, headers } = await createSignedInUser(first.ctx);
    await second.ctx.database.pool.query('insert into users (id, sol_address) values ($1, $2)', [
      user.id,
      user.solAddress,
    ]);
    expect((await post(first, headers, nextIp())).statusCode).toBe(201);
    expect((await post(second, headers, nextIp())).statusCode).toBe(201);
    expect((await post(first, headers, nextIp())).statusCode).toBe(201);
    // The fourth, on either instance, is one too many.
    expectLimited(await post(second, headers, nextIp()));
    expectLimited(await post(first, headers, nextIp()));
    expect((await postsBy(first, user.id)) + (await postsBy(second, user.id))).toBe(3);

    // An IP's 6 posts are counted together too, whichever instance takes them.
    const ip = nextIp();
    const wallets = await Promise.all([1, 2, 3].map(() => createSignedInUser(first.ctx)));
    for (const wallet of wallets) {
      await second.ctx.database.pool.query('insert into users (id, sol_address) values ($1, $2)', [
        wallet.user.id,
        wallet.user.solAddress,
      ]);
    }
    const statuses: number[] = [];
    for (const [i, wallet] of wallets.entries()) {
      for (let j = 0; j < 3; j++) {
        const instance = (i + j) % 2 === 0 ? first : second;
        statuses.push((await post(instance, wallet.headers, ip)).statusCode);
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429, 429]);
  });

  it('counts in the process while Redis cannot be reached, and in Redis again once it can', async () => {
    const store = first.ctx.rateLimitStore;
    if (!store) throw new Error('no Redis store');
    const { user, headers } = await createSignedInUser(first.ctx);
    // A real failure: the instance's connection to Redis is closed under it. ioredis reads it
    // closed at the socket's close event ('end'), not at the call: until then it still answers
    // 'ready', and a connect() before it is refused as already connected.
    const ended = once(store, 'end');
    store.disconnect();
    await ended;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await post(first, headers, nextIp())).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      expect(await postsBy(first, user.id)).toBe(3);
    } finally {
      await store.connect();
    }
    // Back: the wallet's budget is counted again (3 per window, none spent in Redis yet).
    const again: number[] = [];
    for (let i = 0; i < 4; i++) again.push((await post(first, headers, nextIp())).statusCode);
    expect(again).toEqual([201, 201, 201, 429]);
  });
});
