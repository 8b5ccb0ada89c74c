import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { fetchAndAudit } from '../../../../../scripts/audit-ledger.ts';
import { recordRewardedEvent } from '../emissions/index.ts';

const DUM = 1_000_000_000n;

describe.each(testDatabaseKinds())('token economy endpoints on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { STAKING_APR_BPS: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.ctx.database.pool.query('update users set referred_by_id = null');
    await t.ctx.database.pool.query(
      'truncate emission_ledger, dum_accounts, activity, refresh_tokens, users cascade',
    );
    await t.ctx.database.pool.query('update emission_state set total_events = 0, total_minted = 0');
  });

  /** A signed-in user who has earned `posts` post rewards (150 DUM each in epoch 0). */
  async function earner(posts: number) {
    const signedIn = await createSignedInUser(t.ctx);
    for (let i = 0; i < posts; i++) {
      await recordRewardedEvent(
        t.ctx.database.pool,
        {
          kind: 'post_created',
          actorId: signedIn.user.id,
          reference: `${signedIn.user.id}:${i}`,
        },
        t.clock.now(),
      );
    }
    await t.ctx.emissions.settle();
    return signedIn;
  }

  function stake(headers: Record<string, string>, amount: string, action = 'stake') {
    return t.app.inject({
      method: 'POST',
      url: '/api/users/stake',
      headers,
      payload: { amount, action },
    });
  }

  it('answers 401 on every protected call without a token', async () => {
    for (const [method, url] of [
      ['POST', '/api/users/stake'],
      ['POST', '/api/users/stake/claim'],
      ['GET', '/api/referrals/code'],
      ['GET', '/api/referrals/stats'],
      ['GET', '/api/rewards/summary'],
      ['GET', '/api/rewards/history'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('shows the wallet record with real balance and staked', async () => {
    const { user } = await earner(2);
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${user.solAddress}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      solAddress: user.solAddress,
      balance: String(300n * DUM),
      staked: '0',
      stakingRewards: '0',
      totalEarned: String(300n * DUM),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/11111111111111111111111111111112' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/not-an-address' })).statusCode,
    ).toBe(400);
  });

  it('validates stake amounts with the dialog messages and changes nothing on error', async () => {
    const { headers, user } = await earner(1);
    const cases: Array<[string, string, number, string]> = [
      ['abc', 'stake', 400, 'Please enter a valid numeric amount.'],
      [
        '1.0000000001',
        'stake',
        400,
        'Invalid Format: Please enter a valid amount with up to 9 decimal places.',
      ],
      ['0', 'stake', 400, 'Invalid Amount: Amount must be greater than 0.'],
      [
        '151',
        'stake',
        409,
        'Insufficient Balance: You only have 150 DUM tokens available to stake.',
      ],
      [
        '1',
        'unstake',
        409,
        'Insufficient Balance: You only have 0 DUM tokens available to unstake.',
      ],
    ];
    for (const [amount, action, status, message] of cases) {
      const response = await stake(headers, amount, action);
      expect(response.statusCode, amount).toBe(status);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(message);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/stake',
      headers,
      payload: { amount: 1, action: 'stake' },
    });
    expect(bad.statusCode).toBe(400);
    const record = await t.app.inject({ method: 'GET', url: `/api/users/${user.solAddress}` });
    expect(record.json()).toMatchObject({ balance: String(150n * DUM), staked: '0' });
  });

  it('stakes and unstakes exactly, never overdrawing under concurrent requests', async () => {
    const { headers } = await earner(1);
    // Ten concurrent stakes of 20 DUM against 150 DUM: exactly seven succeed.
    const responses = await Promise.all(Array.from({ length: 10 }, () => stake(headers, '20')));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(7);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const unstaked = await stake(headers, '40.5', 'unstake');
    expect(unstaked.statusCode).toBe(200);
    expect(unstaked.json()).toMatchObject({
      balance: String(10n * DUM + 40_500_000_000n),
      staked: String(140n * DUM - 40_500_000_000n),
    });
  });

  it('accrues staking rewards over time and mints them through the ledger on claim', async () => {
    const first = await earner(1);
    const { user } = first;
    expect((await stake(first.headers, '100')).statusCode).toBe(200);
    t.clock.advance(365 * 86_400_000); // a year at 10 %
    const headers = {
      authorization: `Bearer ${await t.ctx.tokens.issueAccessToken({ ...user, sessionId: randomUUID() })}`,
    };
    const record = await t.app.inject({ method: 'GET', url: `/api/users/${user.solAddress}` });
    expect(record.json<{ stakingRewards: string }>().stakingRewards).toBe(String(10n * DUM));

    const claim = await t.app.inject({ method: 'POST', url: '/api/users/stake/claim', headers });
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toMatchObject({
      claimed: String(10n * DUM),
      account: { balance: String(60n * DUM), staked: String(100n * DUM), stakingRewards: '0' },
    });
    const state = await t.ctx.database.pool.query<{ total_minted: string; total_events: string }>(
      'select total_minted::text, total_events::text from emission_state',
    );
    expect(state.rows[0]).toEqual({ total_minted: String(160n * DUM), total_events: '1' });
    // Claiming again at once mints nothing.
    const again = await t.app.inject({ method: 'POST', url: '/api/users/stake/claim', headers });
    expect(again.json<{ claimed: string }>().claimed).toBe('0');
  });

  it('hands out a referral code and counts referrals and their earnings', async () => {
    const referrer = await createSignedInUser(t.ctx);
    const codeResponse = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/code',
      headers: referrer.headers,
    });
    expect(codeResponse.statusCode).toBe(200);
    const { code, link } = codeResponse.json<{ code: string; link: string }>();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(new URL(link).searchParams.get('ref')).toBe(code);
    // The same code every time.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/code',
      headers: referrer.headers,
    });
    expect(again.json<{ code: string }>().code).toBe(code);

    const friend = await createSignedInUser(t.ctx);
    await t.ctx.database.pool.query('update users set referred_by_id = $1 where id = $2', [
      referrer.user.id,
      friend.user.id,
    ]);
    await recordRewardedEvent(
      t.ctx.database.pool,
      { kind: 'post_created', actorId: friend.user.id, reference: 'first' },
      t.clock.now(),
    );
    await t.ctx.emissions.settle();
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/stats',
      headers: referrer.headers,
    });
    expect(stats.json()).toEqual({ total_referrals: 1, total_earnings: String(200n * DUM) });
  });

  it('lists recent activity newest first with a capped limit', async () => {
    await earner(3);
    const response = await t.app.inject({ method: 'GET', url: '/api/activity/recent?limit=2' });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{
      items: Array<{ id: string; type: string; message: string; created_at: string }>;
    }>();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      type: 'post_created',
      params: { kind: 'action', action: 'post_created' },
    });
    expect(BigInt(items[0]!.id)).toBeGreaterThan(BigInt(items[1]!.id));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/activity/recent' })).json<{
        items: unknown[];
      }>().items,
    ).toHaveLength(3);
    for (const bad of ['limit=0', 'limit=51', 'limit=x', 'other=1']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/activity/recent?${bad}` })).statusCode,
      ).toBe(400);
    }
  });

  it('pages the earnings history and sums it by kind', async () => {
    const { headers } = await earner(3);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/rewards/history?limit=2',
      headers,
    });
    expect(first.statusCode).toBe(200);
    const page = first.json<{ items: Array<{ id: string; amount: string }>; nextCursor: string }>();
    expect(page.items).toHaveLength(2);
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/rewards/history?limit=2&cursor=${page.nextCursor}`,
      headers,
    });
    expect(second.json()).toMatchObject({ nextCursor: null });
    expect(second.json<{ items: unknown[] }>().items).toHaveLength(1);
    const summary = await t.app.inject({ method: 'GET', url: '/api/rewards/summary', headers });
    expect(summary.json()).toMatchObject({
      byKind: [{ kind: 'post_created', amount: String(450n * DUM), count: 3 }],
      account: { balance: String(450n * DUM) },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/rewards/history?cursor=abc', headers }))
        .statusCode,
    ).toBe(400);
  });

  it('passes the outside ledger audit (scripts/audit-ledger.ts) over HTTP', async () => {
    const referrer = await earner(2);
    const friend = await createSignedInUser(t.ctx);
    await t.ctx.database.pool.query('update users set referred_by_id = $1 where id = $2', [
      referrer.user.id,
      friend.user.id,
    ]);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordRewardedEvent(
          t.ctx.database.pool,
          { kind: 'like_given', actorId: friend.user.id, reference: `like:${i % 15}` },
          t.clock.now(),
        ),
      ),
    );
    await t.ctx.emissions.settle();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const audit = await fetchAndAudit(address);
    expect(audit.problems).toEqual([]);
    expect(audit.rewardedEvents).toBe(17n);
    // Corrupting one row is caught.
    await t.ctx.database.pool.query(
      'update emission_ledger set amount = amount + 1 where event_index = 5',
    );
    expect((await fetchAndAudit(address)).ok).toBe(false);
  });
});
