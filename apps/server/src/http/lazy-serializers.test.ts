import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestApp } from '../test/app-test-kit.ts';

/**
 * The app compiles a response serialiser on its first answer (lazy-serializers.ts): this proves
 * every route's schemas compile, which starting the app no longer does.
 */
describe('response serialisers, compiled on first use', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The schemas are the same on either database: the cheaper one to start.
    t = await createTestApp(testDatabaseKinds().at(-1) ?? 'pglite');
  });
  afterAll(() => t.close());

  it('answers with a serialiser compiled on the spot', async () => {
    // The feed's pages have a response schema (feed/json-schemas.ts).
    const res = await t.app.inject({ method: 'GET', url: '/api/messages-v2/feed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });

  it("compiles every route's response schemas without an error", () => {
    // Each route with a response schema has one serialiser per status it declares.
    expect(t.app.compileSerializers()).toBeGreaterThan(50);
  });
});
