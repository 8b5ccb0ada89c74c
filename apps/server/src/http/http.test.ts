import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseBody } from './validate.ts';
import { createTestApp, testDatabaseKinds, type TestApp } from '../test/app-test-kit.ts';

describe.each(testDatabaseKinds())('HTTP edges on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A probe route that reads a JSON body, to exercise body parsing and validation errors
    // independently of any feature's routes.
    t = await createTestApp(
      kind,
      { BODY_LIMIT_BYTES: '1024' },
      {
        probeRoutes(app) {
          // Every write under /api names its rate-limit budget (http/write-limits.ts).
          app.post('/api/test-probe', { config: { writeLimit: 'other' } }, async (request) =>
            parseBody(z.object({ name: z.string().min(1) }), request.body),
          );
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health with the modes in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: kind,
      cluster: 'localnet',
      realtime: 'memory',
    });
  });

  it('answers an unknown API route with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'route_not_found', message: 'No such API endpoint.' },
    });
  });

  it('answers an unknown method on a known path with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'route_not_found' } });
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'malformed_json', message: 'The request body is not valid JSON.' },
    });
  });

  it('rejects an empty JSON body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'malformed_json' } });
  });

  it('rejects a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('rejects a wrong content type with 415', async () => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe',
        headers: { 'content-type': contentType },
        payload: 'name=x',
      });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    }
  });

  it('rejects a body that fails its schema with field details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      payload: { name: 42 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; details: Array<{ path: string }> } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details[0]?.path).toBe('name');
  });

  it('rejects unknown query parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/emissions/stats?foo=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'unknown_query_parameter',
        message: 'The request has a query parameter this endpoint does not take.',
        details: { parameters: ['foo'] },
      },
    });
  });

  it('sets strict security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
