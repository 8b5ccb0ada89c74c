import {
  activityPageSchema,
  referralCodeSchema,
  referralStatsSchema,
  rewardsHistoryPageSchema,
  rewardsSummarySchema,
  userProfileSchema,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createSignedInUser, createTestApp, type TestApp } from '../test/app-test-kit.ts';

/*
 * The token economy's answers have no compiled response schema; the web app reads them as the
 * core contracts' types. Each answer must be exactly its contract: parsing drops unknown fields,
 * so an answer with a field the contract lacks (or lacking one it has) fails here.
 */
describe('the token economy answers its core contracts', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let address: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const signedIn = await createSignedInUser(t.ctx);
    headers = signedIn.headers;
    address = signedIn.user.solAddress;
    // A rewarded post, so the history, the summary and Live Activity have an entry each.
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/messages-v2/messages',
      headers,
      payload: { body: 'gm', kind: 'public' },
    });
    expect(post.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  const calls: { url: string; contract: z.ZodType; signedIn: boolean }[] = [
    // The user record with the profile's fields (docs/api.md "People"); signed in, with the
    // viewer's isFollowing and isBlocked.
    { url: '/api/users/{address}', contract: userProfileSchema, signedIn: false },
    { url: '/api/users/{address}', contract: userProfileSchema, signedIn: true },
    { url: '/api/rewards/summary', contract: rewardsSummarySchema, signedIn: true },
    { url: '/api/rewards/history', contract: rewardsHistoryPageSchema, signedIn: true },
    { url: '/api/referrals/code', contract: referralCodeSchema, signedIn: true },
    { url: '/api/referrals/stats', contract: referralStatsSchema, signedIn: true },
    { url: '/api/activity/recent', contract: activityPageSchema, signedIn: false },
  ];

  for (const call of calls) {
    it(`GET ${call.url}${call.signedIn ? ' signed in' : ''}`, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: call.url.replace('{address}', address),
        headers: call.signedIn ? headers : {},
      });
      expect(res.statusCode).toBe(200);
      const body: unknown = res.json();
      expect(call.contract.parse(body)).toStrictEqual(body);
    });
  }

  it('has entries to check in the lists', async () => {
    const history = await t.app.inject({ method: 'GET', url: '/api/rewards/history', headers });
    expect(rewardsHistoryPageSchema.parse(history.json()).items.length).toBeGreaterThan(0);
    const activity = await t.app.inject({ method: 'GET', url: '/api/activity/recent' });
    expect(activityPageSchema.parse(activity.json()).items.length).toBeGreaterThan(0);
  });
});
