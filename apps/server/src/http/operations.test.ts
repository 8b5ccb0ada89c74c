import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { ReadyResponse } from '@dum/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../test/app-test-kit.ts';
import { mediaStoreEnv, testMediaStoreKinds } from '../test/media-store-test-kit.ts';
import { metricsServerOf } from './metrics.ts';

/**
 * What an operator relies on (docs/deploy.md): /api/ready, /metrics and request ids in the
 * logs and answers.
 */

const METRICS_TOKEN = 'metrics-token-0123456789';
const REDIS_URL = process.env.TEST_REDIS_URL;

/** A logger writing JSON lines into an array (what an instance writes to stdout). */
function capturedLogger(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('/api/ready', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 naming the dependency that does not answer (no Solana cluster here)', async () => {
    t = await createTestApp('pglite');
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'This instance is not ready to serve.',
        details: {
          checks: {
            migrations: 'ok',
            database: 'ok',
            redis: 'skipped',
            objectStore: 'skipped',
            cluster: 'failed',
          },
        },
      },
    });
    // Liveness stays up meanwhile.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 while the migrations this build needs have not run', async () => {
    await t.ctx.database.pool.query(
      'update drizzle.__drizzle_migrations set created_at = created_at - 1000000000 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ error: { details: ReadyResponse } }>().error.details.checks.migrations).toBe(
      'failed',
    );
  });

  it('refuses a query string like every other route', async () => {
    expect((await t.app.inject({ url: '/api/ready?x=1' })).statusCode).toBe(400);
  });
});

describe.each(testMediaStoreKinds())('/api/ready with everything answering (%s store)', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      { ...mediaStoreEnv(store), ...(REDIS_URL ? { REDIS_URL } : {}) },
      { localnet: true },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 when the database, Redis, the object store and the cluster answer', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.json<ReadyResponse>()).toEqual({
      status: 'ready',
      checks: {
        migrations: 'ok',
        database: 'ok',
        redis: REDIS_URL ? 'ok' : 'skipped',
        objectStore: store === 's3' ? 'ok' : 'skipped',
        cluster: 'ok',
      },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('/metrics behind METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_TOKEN, UPLOAD_RATE_LIMIT: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = () =>
    t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

  it('refuses a scrape without the token, or with another, with 401', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('counts requests by route pattern and status, with durations, and the process gauges', async () => {
    const alice = await createSignedInUser(t.ctx);
    await t.app.inject({ url: `/api/users/${alice.user.id}` });
    await t.app.inject({ url: '/api/no-such-route' });
    await t.app.inject({ method: 'POST', url: '/api/upload/vault-media', headers: alice.headers });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /dum_http_requests_total\{method="GET",route="\/api\/users\/:[a-zA-Z]+",status="\d+"\} \d+/,
    );
    expect(text).toMatch(/dum_http_request_duration_seconds_bucket\{le="0\.005",method="GET"/);
    expect(text).toContain('route="unmatched"');
    expect(text).toContain('dum_uploads_total{outcome="unsupported_media_type"}');
    expect(text).toMatch(/dum_db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain('dum_open_sockets{state="open"} 0');
    expect(text).toContain('dum_media_deletes_pending 0');
    expect(text).toContain('dum_emission_events_total');
    expect(text).toContain('dum_minted_base_units_total');
    expect(text).toContain('dum_faucet_calls_total');
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
  });

  it('is off (no route) when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const plain = await createTestApp('pglite');
    try {
      expect((await plain.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('/metrics on METRICS_PORT', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_PORT: '0', METRICS_TOKEN, HOST: '127.0.0.1' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const server = metricsServerOf(t.app);
    if (!server) throw new Error('no metrics server');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves /metrics on its own port (with the token), and not on the app port', async () => {
    const scraped = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('dum_http_requests_total');
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/other`)).status).toBe(404);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('request ids', () => {
  it('gives each request an id, returned as X-Request-Id and on every log line of it', async () => {
    const { logger, lines } = capturedLogger();
    const t = await createTestApp('pglite', {}, { logger });
    try {
      const res = await t.app.inject({
        url: '/api/no-such-route',
        headers: { 'x-request-id': 'client-chosen-id' },
      });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      // Without TRUST_PROXY a client cannot choose its id.
      expect(id).not.toBe('client-chosen-id');
      const other = await t.app.inject({ url: '/api/health' });
      expect(other.headers['x-request-id']).not.toBe(id);
      const ofRequest = lines.filter((line) => line.reqId === id);
      expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await t.close();
    }
  });

  it("takes a trusted proxy's X-Request-Id (TRUST_PROXY), when well formed", async () => {
    const t = await createTestApp('pglite', { TRUST_PROXY: '1' });
    try {
      const kept = await t.app.inject({
        url: '/api/health',
        headers: { 'x-request-id': 'edge-7f3a:42' },
      });
      expect(kept.headers['x-request-id']).toBe('edge-7f3a:42');
      const refused = await t.app.inject({
        url: '/api/health',
        headers: { 'x-request-id': 'bad id\nwith a line break' },
      });
      expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await t.close();
    }
  });
});
