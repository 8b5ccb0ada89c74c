import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FeedItem } from '@dum/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createAppContext, type AppContext } from '../create-context.ts';
import { NO_WRITE_LIMITS, createSignedInUser } from '../test/app-test-kit.ts';
import {
  postgresBinaries,
  startPostgresCluster,
  type PostgresCluster,
} from '../test/fault-test-kit.ts';
import { POSTGRES_CONNECT_TIMEOUT_MS } from './database.ts';

/**
 * PostgreSQL restarted under load. The server runs on a cluster of its own (initdb + pg_ctl in a
 * temp folder: never the shared one), opened the way main.ts opens it (createAppContext with
 * DATABASE_URL, its pool of 20). Writers post and like throughout; the cluster is stopped
 * (pg_ctl stop -m fast), then started again. Meanwhile every request answers 503
 * `service_unavailable` at once (before the pool's connect timeout), never a 500, never hangs;
 * afterwards the same app serves again with no action by anyone; and every write it
 * acknowledged is there.
 */

const BIN = postgresBinaries();
const WRITERS = 6;
if (!BIN) {
  console.warn(
    'PostgreSQL restart test skipped: no initdb/pg_ctl found (install PostgreSQL or set PG_BIN)',
  );
}

describe.skipIf(!BIN)('PostgreSQL restarted mid-load', () => {
  let cluster: PostgresCluster | undefined;
  let app: FastifyInstance | undefined;
  let ctx: AppContext;
  let closeContext: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    if (!BIN) return;
    cluster = await startPostgresCluster(BIN);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-pg-restart-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      DATABASE_URL: cluster.url,
      FEED_CACHE_MS: '0',
      // The writers loop until the outage is over, however long a busy machine makes it.
      ...NO_WRITE_LIMITS,
    });
    const owned = await createAppContext(config, {
      logger: pino({ level: 'silent' }),
      tokenSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
      bus: 'memory',
      localnet: 'off',
      chain: { fallbackRpcUrl: 'http://127.0.0.1:9', timeoutMs: 2000, inProcess: false },
      version: '0.0.0-test',
    });
    ctx = owned.ctx;
    closeContext = owned.close;
    app = await buildApp(ctx);
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await closeContext?.();
    await cluster?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 at once while it is down, and recovers by itself when it is back', async () => {
    const server = app;
    const pg = cluster;
    if (!server || !pg) throw new Error('the cluster or the app did not start');
    const users = await Promise.all(Array.from({ length: WRITERS }, () => createSignedInUser(ctx)));
    const [first] = users;
    if (!first) throw new Error('no users');

    const acknowledged: string[] = [];
    const likes: { postId: string; headers: Record<string, string> }[] = [];
    const statuses = new Map<number, number>();
    let phase: 'up' | 'stopping' | 'down' | 'starting' | 'done' = 'up';
    const slowDuringOutage: string[] = [];

    const count = (res: LightMyRequestResponse): void => {
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    };
    const expectUnavailable = (res: LightMyRequestResponse, what: string): void => {
      expect(res.json(), what).toEqual({
        error: {
          code: 'service_unavailable',
          message: 'The service is starting or shutting down. Please try again.',
        },
      });
      expect(res.headers['retry-after'], what).toBe('1');
    };

    // Writers: post, then like the post before, until the test says stop.
    const writers = users.map(async (user, index) => {
      let n = 0;
      while (phase !== 'done') {
        const startedIn = phase;
        const started = Date.now();
        const res = await server.inject({
          method: 'POST',
          url: '/api/messages-v2/messages',
          headers: user.headers,
          payload: { body: `writer ${index} post ${n++}`, kind: 'public' },
        });
        count(res);
        if (res.statusCode === 201) {
          const post = res.json<FeedItem>();
          acknowledged.push(post.id);
          const other = users[(index + 1) % users.length];
          if (other) likes.push({ postId: post.id, headers: other.headers });
        } else {
          expect(res.statusCode, res.body).toBe(503);
          expectUnavailable(res, res.body);
          // A request that began while the database was down answered before the pool's
          // connect timeout could have: it failed at once, it did not wait for a connection.
          if (startedIn === 'down' && Date.now() - started >= POSTGRES_CONNECT_TIMEOUT_MS) {
            slowDuringOutage.push(res.body);
          }
        }
        const like = likes.shift();
        if (like) {
          const liked = await server.inject({
            method: 'POST',
            url: `/api/messages/${like.postId}/engage`,
            headers: like.headers,
            payload: { kind: 'like' },
          });
          count(liked);
          expect([200, 503], liked.body).toContain(liked.statusCode);
        }
        // Let the other writers and the stop/start below take turns on the event loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });

    // Some writes go through first.
    while (acknowledged.length < WRITERS * 2) await new Promise((r) => setTimeout(r, 20));
    phase = 'stopping';
    await pg.stop();
    phase = 'down';

    // While it is down: reads and writes, signed in or not, answer 503 at once.
    const whileDown = await Promise.all([
      server.inject({ method: 'GET', url: '/api/health' }),
      server.inject({ method: 'GET', url: '/api/messages-v2/feed' }),
      server.inject({ method: 'GET', url: '/api/auth/me', headers: first.headers }),
      server.inject({
        method: 'POST',
        url: '/api/messages-v2/messages',
        headers: first.headers,
        payload: { body: 'while down', kind: 'public' },
      }),
    ]);
    for (const res of whileDown) {
      expect(res.statusCode, res.body).toBe(503);
      expectUnavailable(res, res.body);
    }
    // The writers have met the outage too (they keep going meanwhile).
    const before503 = statuses.get(503) ?? 0;
    while ((statuses.get(503) ?? 0) < before503 + WRITERS) {
      await new Promise((r) => setTimeout(r, 20));
    }

    phase = 'starting';
    await pg.start();
    phase = 'up';

    // Back: the very next requests succeed, with nothing restarted or reset by hand.
    const health = await server.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    const acknowledgedBefore = acknowledged.length;
    while (acknowledged.length < acknowledgedBefore + WRITERS) {
      await new Promise((r) => setTimeout(r, 20));
    }
    phase = 'done';
    await Promise.all(writers);

    expect(statuses.get(500) ?? 0).toBe(0);
    expect(slowDuringOutage).toEqual([]);
    // Every acknowledged post is in the database.
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      'select id::text as id from messages where id = any($1::bigint[])',
      [acknowledged],
    );
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(acknowledged));
  }, 180_000);
});
