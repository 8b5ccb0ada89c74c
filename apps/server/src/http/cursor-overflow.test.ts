import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../test/app-test-kit.ts';

/**
 * Finding 10 (issue 21): the ledger's and the rewards history's cursors are row ids; one past
 * PostgreSQL's bigint used to reach the query and come back as a 500. Every bad cursor is a
 * 400 now, and the largest id there can be still answers (an empty page).
 */

const PAST_BIGINT = [
  '9223372036854775808',
  '9999999999999999999',
  '99999999999999999999999999',
  '-1',
  '1e3',
  '0x10',
  'abc',
];

describe.each(testDatabaseKinds())('ledger and rewards cursors on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ headers } = await createSignedInUser(t.ctx));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 400 to a ledger cursor that is not an id a row can have', async () => {
    for (const after of PAST_BIGINT) {
      const response = await t.app.inject({
        url: `/api/emissions/ledger?after=${encodeURIComponent(after)}`,
      });
      expect(response.statusCode, after).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    }
    const last = await t.app.inject({ url: '/api/emissions/ledger?after=9223372036854775807' });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual({ items: [], nextCursor: null });
  });

  it('answers 400 to a rewards history cursor that is not an id a row can have', async () => {
    for (const cursor of PAST_BIGINT) {
      const response = await t.app.inject({
        url: `/api/rewards/history?cursor=${encodeURIComponent(cursor)}`,
        headers,
      });
      expect(response.statusCode, cursor).toBe(400);
    }
    const last = await t.app.inject({
      url: '/api/rewards/history?cursor=9223372036854775807',
      headers,
    });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ items: [], nextCursor: null });
  });
});
