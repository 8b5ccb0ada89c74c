import {
  AD_FEED_EVERY,
  adCampaignDetailSchema,
  adCampaignListSchema,
  adConfigSchema,
  adEventResponseSchema,
  feedPageSchema,
  type AdCampaignDetail,
  type FeedItem,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  makeEstablished,
  NO_WRITE_LIMITS,
  STRICT_EARNING_ENV,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { countRows, createdPost, errorOf, feedPage } from '../feed/test-kit.ts';
import { chainUser, refreshHeaders, transfer, type ChainUser } from '../vaults/test-kit.ts';
import { adsDepsOf } from './routes.ts';
import { endCampaign } from './service.ts';
import {
  adCall,
  createdCampaign,
  payTreasury,
  postCampaign,
  solText,
  treasuryOf,
} from './test-kit.ts';

const SOL = 1_000_000_000n;
const ENV = { ...STRICT_EARNING_ENV, ...NO_WRITE_LIMITS };

/** A signed-in wallet the established rule counts (decision 013). */
async function establishedViewer(
  t: TestApp,
): Promise<{ id: string; headers: Record<string, string> }> {
  const viewer = await createSignedInUser(t.ctx);
  await makeEstablished(t.ctx, viewer.user.id);
  return { id: viewer.user.id, headers: viewer.headers };
}

async function forYou(t: TestApp, headers: Record<string, string>): Promise<FeedItem[]> {
  const res = await feedPage(t, '', headers);
  expect(res.statusCode).toBe(200);
  return feedPageSchema.parse(res.json()).items;
}

function sponsoredIn(items: FeedItem[]): FeedItem[] {
  return items.filter((item) => item.sponsored);
}

async function detail(t: TestApp, user: ChainUser, id: string): Promise<AdCampaignDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ads/campaigns/${id}`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return adCampaignDetailSchema.parse(res.json());
}

describe.each(testDatabaseKinds())('ads on %s', (kind) => {
  let t: TestApp;
  /** A second instance of the same deployment (same database, its own process state). */
  let t2: TestApp;
  let advertiser: ChainUser;
  let filler: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(kind, ENV, { localnet: true });
    t2 = await createTestApp(kind, ENV, { database: t.ctx.database });
    advertiser = await chainUser(t, 20n);
    // Enough posts for a For you page to carry its sponsored item.
    filler = await createSignedInUser(t.ctx);
    for (let i = 0; i < AD_FEED_EVERY + 2; i++) await createdPost(t, filler.headers, `post ${i}`);
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
  });

  it('tells the dashboard the treasury and the feed rate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ads/config' });
    expect(res.statusCode).toBe(200);
    expect(adConfigSchema.parse(res.json())).toEqual({
      enabled: true,
      treasury: treasuryOf(t),
      feedEvery: AD_FEED_EVERY,
      minBudgetLamports: '10000000',
      minCpmLamports: '1000',
    });
  });

  it('opens a campaign only for a verified transfer to the treasury, once per signature', async () => {
    await refreshHeaders(t, advertiser);
    const post = await createdPost(t, advertiser.headers, 'Buy my zine');
    const before = await countRows(t, 'select count(*) as n from ad_campaigns');
    const base = { postId: post.id, cpmLamports: '2000000', dailyLimitLamports: '100000000' };

    // The wrong amount, a transfer to someone else, bad terms, someone else's post: refused.
    const paid = await payTreasury(t, advertiser, SOL / 2n);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { ...base, budget: { transactionSignature: paid, amount: '0.4' } },
        422,
        'transfer_wrong_amount',
      ],
      [
        {
          ...base,
          budget: {
            transactionSignature: await transfer(
              t,
              advertiser.keypair,
              filler.user.solAddress,
              SOL / 10n,
            ),
            amount: '0.1',
          },
        },
        422,
        'ad_budget_wrong_recipient',
      ],
      [
        { ...base, cpmLamports: '1500', budget: { transactionSignature: paid, amount: '0.5' } },
        400,
        'ad_cpm_invalid',
      ],
      [
        { ...base, cpmLamports: '999', budget: { transactionSignature: paid, amount: '0.5' } },
        400,
        'ad_cpm_invalid',
      ],
      [
        {
          ...base,
          dailyLimitLamports: '1999',
          budget: { transactionSignature: paid, amount: '0.5' },
        },
        400,
        'ad_daily_limit_invalid',
      ],
      [
        {
          ...base,
          dailyLimitLamports: '-1',
          budget: { transactionSignature: paid, amount: '0.5' },
        },
        400,
        'ad_daily_limit_invalid',
      ],
      [
        { ...base, budget: { transactionSignature: paid, amount: '0.001' } },
        400,
        'ad_budget_below_minimum',
      ],
      [
        { ...base, budget: { transactionSignature: '', amount: '0.5' } },
        400,
        'ad_budget_missing_data',
      ],
      [
        { ...base, postId: 'x', budget: { transactionSignature: paid, amount: '0.5' } },
        400,
        'validation_failed',
      ],
      [
        { ...base, postId: '999999', budget: { transactionSignature: paid, amount: '0.5' } },
        404,
        'post_not_found',
      ],
      [{ postId: post.id }, 400, 'validation_failed'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await postCampaign(t, advertiser.headers, payload);
      expect([res.statusCode, errorOf(res).code]).toEqual([status, code]);
    }
    const notMine = await createdPost(t, filler.headers, 'not yours');
    const stolen = await postCampaign(t, advertiser.headers, {
      ...base,
      postId: notMine.id,
      budget: { transactionSignature: paid, amount: '0.5' },
    });
    expect([stolen.statusCode, errorOf(stolen).code]).toEqual([403, 'ad_post_not_yours']);
    expect(await countRows(t, 'select count(*) as n from ad_campaigns')).toBe(before);
    const signedOut = await postCampaign(
      t,
      {},
      { ...base, budget: { transactionSignature: paid, amount: '0.5' } },
    );
    expect(signedOut.statusCode).toBe(401);

    const good = { ...base, budget: { transactionSignature: paid, amount: '0.5' } };
    const res = await postCampaign(t, advertiser.headers, good);
    expect(res.statusCode).toBe(201);
    const campaign = adCampaignDetailSchema.parse(res.json());
    expect(campaign).toMatchObject({
      postId: post.id,
      postBody: 'Buy my zine',
      status: 'active',
      budgetLamports: '500000000',
      spentLamports: '0',
      impressions: 0,
      uniqueViewers: 0,
      clicks: 0,
      ctr: 0,
      effectiveCpmLamports: null,
      refund: null,
    });
    expect(campaign.days).toHaveLength(14);

    // The same call again answers the same campaign; the signature pays for nothing else.
    const again = await postCampaign(t, advertiser.headers, good);
    expect(adCampaignDetailSchema.parse(again.json()).id).toBe(campaign.id);
    const other = await chainUser(t);
    const otherPost = await createdPost(t, other.headers, 'mine');
    const replay = await postCampaign(t, other.headers, { ...good, postId: otherPost.id });
    expect(errorOf(replay).code).toBe('transaction_already_used');
    expect(await countRows(t, 'select count(*) as n from ad_campaigns')).toBe(before + 1);

    // A top-up by another verified transfer adds to the budget.
    const topUp = await payTreasury(t, advertiser, SOL / 10n);
    const topped = await t.app.inject({
      method: 'POST',
      url: `/api/ads/campaigns/${campaign.id}/budget`,
      headers: advertiser.headers,
      payload: { transactionSignature: topUp, amount: '0.1' },
    });
    expect(topped.statusCode).toBe(200);
    expect(adCampaignDetailSchema.parse(topped.json()).budgetLamports).toBe('600000000');
    const secondPost = await createdPost(t, advertiser.headers, 'Another');
    const reused = await postCampaign(t, advertiser.headers, {
      ...good,
      postId: secondPost.id,
      budget: { transactionSignature: topUp, amount: '0.1' },
    });
    expect(errorOf(reused).code).toBe('transaction_already_used');

    // Someone else's campaign does not exist for them.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/ads/campaigns/${campaign.id}`,
      headers: other.headers,
    });
    expect([foreign.statusCode, errorOf(foreign).code]).toEqual([404, 'ad_campaign_not_found']);
    expect(errorOf(await adCall(t, other.headers, campaign.id, 'end')).code).toBe(
      'ad_campaign_not_found',
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/ads/campaigns',
      headers: advertiser.headers,
    });
    expect(adCampaignListSchema.parse(list.json()).campaigns.map((c) => c.id)).toContain(
      campaign.id,
    );
    await adCall(t, advertiser.headers, campaign.id, 'end');
  });

  it('opens one campaign when the same budget is sent five times at once', async () => {
    await refreshHeaders(t, advertiser);
    const post = await createdPost(t, advertiser.headers, 'Once only');
    const signature = await payTreasury(t, advertiser, SOL / 50n);
    const before = await countRows(t, 'select count(*) as n from ad_campaigns');
    const payload = {
      postId: post.id,
      cpmLamports: '1000000',
      dailyLimitLamports: '1000000',
      budget: { transactionSignature: signature, amount: solText(SOL / 50n) },
    };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => postCampaign(t, advertiser.headers, payload)),
    );
    expect(results.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(results.map((res) => res.json<{ id: string }>().id));
    expect(ids.size).toBe(1);
    expect(await countRows(t, 'select count(*) as n from ad_campaigns')).toBe(before + 1);
    await adCall(t, advertiser.headers, [...ids][0]!, 'end');
  });

  it('shows the sponsored post in For you at position N, never to the advertiser or after Hide this ad', async () => {
    await refreshHeaders(t, advertiser);
    const post = await createdPost(t, advertiser.headers, 'Sponsored zine');
    const campaign = await createdCampaign(t, advertiser, { postId: post.id, budget: SOL / 10n });
    const viewer = await establishedViewer(t);

    const items = await forYou(t, viewer.headers);
    const sponsored = sponsoredIn(items);
    expect(sponsored).toHaveLength(1);
    expect(items[AD_FEED_EVERY - 1]).toMatchObject({
      id: post.id,
      sponsored: { campaignId: campaign.id },
    });
    // The page's organic posts are all still there, and the post is not there twice.
    expect(items.filter((item) => item.id === post.id)).toHaveLength(1);

    expect(sponsoredIn(await forYou(t, advertiser.headers))).toEqual([]);
    // Signed out: no ads.
    expect(sponsoredIn(await forYou(t, {}))).toEqual([]);
    // Another instance serves it too.
    expect(sponsoredIn(await forYou(t2, viewer.headers))).toHaveLength(1);

    expect((await adCall(t, viewer.headers, campaign.id, 'hide')).statusCode).toBe(200);
    expect(sponsoredIn(await forYou(t, viewer.headers))).toEqual([]);
    expect(errorOf(await adCall(t, viewer.headers, '424242', 'hide')).code).toBe(
      'ad_campaign_not_found',
    );

    // Paused: served to nobody; resumed: served again; ended: never again.
    const other = await establishedViewer(t);
    expect((await adCall(t, advertiser.headers, campaign.id, 'pause')).json()).toMatchObject({
      status: 'paused',
    });
    expect(sponsoredIn(await forYou(t, other.headers))).toEqual([]);
    expect((await adCall(t, other.headers, campaign.id, 'impression')).json()).toEqual({
      counted: false,
      chargedLamports: '0',
    });
    // Pausing a paused campaign is a no-op.
    expect((await adCall(t, advertiser.headers, campaign.id, 'pause')).statusCode).toBe(200);
    expect((await adCall(t, advertiser.headers, campaign.id, 'resume')).json()).toMatchObject({
      status: 'active',
    });
    expect(sponsoredIn(await forYou(t, other.headers))).toHaveLength(1);
    const resumeActive = await adCall(t, advertiser.headers, campaign.id, 'resume');
    expect(resumeActive.statusCode).toBe(200);
    await adCall(t, advertiser.headers, campaign.id, 'end');
    expect(sponsoredIn(await forYou(t, other.headers))).toEqual([]);
  });

  it('spends exactly the budget under concurrency on two instances, then stops serving everywhere', async () => {
    await refreshHeaders(t, advertiser);
    const post = await createdPost(t, advertiser.headers, 'Ten impressions');
    // 0.01 SOL at 1 SOL per thousand: exactly ten impressions. Daily limit above it.
    const campaign = await createdCampaign(t, advertiser, {
      postId: post.id,
      budget: SOL / 100n,
      cpm: SOL,
      dailyLimit: SOL,
    });
    const viewers = await Promise.all(Array.from({ length: 16 }, () => establishedViewer(t)));
    expect(sponsoredIn(await forYou(t2, viewers[0]!.headers))).toHaveLength(1);

    const results = await Promise.all(
      viewers.map((viewer, i) => adCall(i % 2 ? t2 : t, viewer.headers, campaign.id, 'impression')),
    );
    const counted = results.filter((res) => res.json<{ counted: boolean }>().counted);
    expect(counted).toHaveLength(10);
    const figures = await detail(t, advertiser, campaign.id);
    expect(figures).toMatchObject({
      status: 'out_of_budget',
      spentLamports: '10000000',
      budgetLamports: '10000000',
      impressions: 10,
      uniqueViewers: 10,
    });
    for (const app of [t, t2]) {
      expect(sponsoredIn(await forYou(app, viewers[15]!.headers))).toEqual([]);
    }
    // Out of budget: nothing to refund, and pausing is refused.
    expect(errorOf(await adCall(t, advertiser.headers, campaign.id, 'pause')).code).toBe(
      'ad_campaign_not_active',
    );
    const ended = adCampaignDetailSchema.parse(
      (await adCall(t, advertiser.headers, campaign.id, 'end')).json(),
    );
    expect(ended.refund).toEqual({ lamports: '0', signature: null });
  });

  it('stops for the day at the daily limit', async () => {
    await refreshHeaders(t, advertiser);
    const post = await createdPost(t, advertiser.headers, 'Two a day');
    const campaign = await createdCampaign(t, advertiser, {
      postId: post.id,
      budget: SOL / 10n,
      cpm: SOL,
      dailyLimit: 2_000_000n,
    });
    const viewers = await Promise.all(Array.from({ length: 3 }, () => establishedViewer(t)));
    const counted = [];
    for (const viewer of viewers) {
      counted.push(
        (await adCall(t, viewer.headers, campaign.id, 'impression')).json<{ counted: boolean }>()
          .counted,
      );
    }
    expect(counted).toEqual([true, true, false]);
    expect(sponsoredIn(await forYou(t, viewers[2]!.headers))).toEqual([]);
    expect((await detail(t, advertiser, campaign.id)).status).toBe('active');
    await adCall(t, advertiser.headers, campaign.id, 'end');
  });

  it('refunds the unspent budget with a real transfer from the treasury when it ends', async () => {
    await refreshHeaders(t, advertiser);
    const post = await createdPost(t, advertiser.headers, 'Refund me');
    const campaign = await createdCampaign(t, advertiser, {
      postId: post.id,
      budget: SOL / 5n,
      cpm: 5_000_000n,
    });
    const viewer = await establishedViewer(t);
    await adCall(t, viewer.headers, campaign.id, 'impression');
    const before = await t.ctx.chain.getSolBalance(advertiser.address);

    const res = await adCall(t, advertiser.headers, campaign.id, 'end');
    expect(res.statusCode).toBe(200);
    const ended = adCampaignDetailSchema.parse(res.json());
    const refund = SOL / 5n - 5000n;
    expect(ended).toMatchObject({ status: 'ended', refund: { lamports: refund.toString() } });
    expect(ended.endedAt).not.toBeNull();
    const signature = ended.refund?.signature;
    expect(signature).toBeTruthy();
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before + refund);
    const verified = await t.ctx.chain.verifyTransfer({
      signature: signature!,
      expectedSender: treasuryOf(t),
      expectedRecipient: advertiser.address,
      lamports: refund,
    });
    expect(verified.ok).toBe(true);

    // Ending again answers the same refund and sends nothing more.
    const again = adCampaignDetailSchema.parse(
      (await adCall(t, advertiser.headers, campaign.id, 'end')).json(),
    );
    expect(again.refund).toEqual(ended.refund);
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before + refund);
    // An ended campaign takes no impressions, top-ups, pauses or resumes.
    const other = await establishedViewer(t);
    expect((await adCall(t, other.headers, campaign.id, 'impression')).json()).toMatchObject({
      counted: false,
    });
    for (const action of ['pause', 'resume']) {
      const refused = await adCall(t, advertiser.headers, campaign.id, action);
      expect([refused.statusCode, errorOf(refused).code]).toEqual([409, 'ad_campaign_ended']);
    }
    const topUp = await t.app.inject({
      method: 'POST',
      url: `/api/ads/campaigns/${campaign.id}/budget`,
      headers: advertiser.headers,
      payload: {
        transactionSignature: await payTreasury(t, advertiser, SOL / 100n),
        amount: solText(SOL / 100n),
      },
    });
    expect(errorOf(topUp).code).toBe('ad_campaign_ended');
  });
  it('keeps an unsent refund and pays it once when ending again (the send failed, the blockhash expired)', async () => {
    await refreshHeaders(t, advertiser);
    const post = await createdPost(t, advertiser.headers, 'Flaky refund');
    const campaign = await createdCampaign(t, advertiser, { postId: post.id, budget: SOL / 10n });
    const viewer = { id: advertiser.id, solAddress: advertiser.address };
    const real = t.ctx.chain;
    // Fault injection on the real localnet: the first send never reaches it, and the cluster
    // then says the kept transaction's blockhash has expired (it can never land).
    let sends = 0;
    const flaky = {
      verifyTransfer: (input: Parameters<typeof real.verifyTransfer>[0]) =>
        real.verifyTransfer(input),
      rpc: {
        ...real.rpc,
        call: <T>(method: string, params: unknown[]): Promise<T> => {
          if (method === 'sendTransaction' && sends++ === 0) {
            return Promise.reject(new Error('connection reset'));
          }
          if (method === 'isBlockhashValid') return Promise.resolve({ value: false } as T);
          return real.rpc.call<T>(method, params);
        },
      },
    };
    const deps = { ...adsDepsOf(t.ctx, () => Promise.resolve([])), chain: flaky };
    const before = await t.ctx.chain.getSolBalance(advertiser.address);

    await expect(endCampaign(deps, viewer, BigInt(campaign.id))).rejects.toMatchObject({
      code: 'ad_refund_failed',
    });
    const pending = await detail(t, advertiser, campaign.id);
    expect(pending).toMatchObject({
      status: 'ended',
      refund: { lamports: (SOL / 10n).toString(), signature: null },
    });
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before);
    const kept = await t.ctx.database.pool.query<{ refund_signature: string }>(
      'select refund_signature from ad_campaigns where id = $1',
      [campaign.id],
    );

    // Ending again signs a new refund in place of the expired one and sends it, once.
    const again = await endCampaign(deps, viewer, BigInt(campaign.id));
    expect(again.refund?.signature).toBeTruthy();
    // A new transaction (it names the one it replaces), kept before it was sent.
    const stored = await t.ctx.database.pool.query<{ refund_signature: string }>(
      'select refund_signature from ad_campaigns where id = $1',
      [campaign.id],
    );
    expect(again.refund?.signature).toBe(stored.rows[0]!.refund_signature);
    expect(kept.rows[0]!.refund_signature).not.toBe(stored.rows[0]!.refund_signature);
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before + SOL / 10n);
    const third = adCampaignDetailSchema.parse(
      (await adCall(t, advertiser.headers, campaign.id, 'end')).json(),
    );
    expect(third.refund).toEqual(again.refund);
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before + SOL / 10n);
  });

  // Last: it moves the clocks a day on (the free posts of the feed expire).
  it('bills once per established viewer per day, never farming wallets, and counts clicks the same way', async () => {
    await refreshHeaders(t, advertiser);
    const post = await createdPost(t, advertiser.headers, 'Billing');
    const campaign = await createdCampaign(t, advertiser, {
      postId: post.id,
      budget: SOL / 10n,
      cpm: 3_000_000n,
    });
    const viewer = await establishedViewer(t);
    const farm = await createSignedInUser(t.ctx);

    const first = await adCall(t, viewer.headers, campaign.id, 'impression');
    expect(adEventResponseSchema.parse(first.json())).toEqual({
      counted: true,
      chargedLamports: '3000',
    });
    // Again the same day, on the other instance: not counted.
    expect((await adCall(t2, viewer.headers, campaign.id, 'impression')).json()).toEqual({
      counted: false,
      chargedLamports: '0',
    });
    // A fresh wallet (no age, no post, no vouch) is not billed.
    expect((await adCall(t, farm.headers, campaign.id, 'impression')).json()).toEqual({
      counted: false,
      chargedLamports: '0',
    });
    expect((await adCall(t, farm.headers, campaign.id, 'click')).json()).toMatchObject({
      counted: false,
    });
    // The advertiser's own views are not billed.
    await makeEstablished(t.ctx, advertiser.id);
    expect((await adCall(t, advertiser.headers, campaign.id, 'impression')).json()).toMatchObject({
      counted: false,
    });
    expect((await adCall(t, viewer.headers, campaign.id, 'click')).json()).toEqual({
      counted: true,
      chargedLamports: '0',
    });
    expect((await adCall(t, viewer.headers, campaign.id, 'click')).json()).toMatchObject({
      counted: false,
    });
    expect(errorOf(await adCall(t, viewer.headers, '424242', 'impression')).code).toBe(
      'ad_campaign_not_found',
    );
    expect(errorOf(await adCall(t, viewer.headers, 'abc', 'click')).code).toBe('validation_failed');

    let figures = await detail(t, advertiser, campaign.id);
    expect(figures).toMatchObject({
      spentLamports: '3000',
      spentTodayLamports: '3000',
      impressions: 1,
      uniqueViewers: 1,
      clicks: 1,
      ctr: 1,
      effectiveCpmLamports: '3000000',
    });

    // The next UTC day the same viewer counts again, still one unique viewer.
    t.clock.advance(86_400_000);
    t2.clock.advance(86_400_000);
    viewer.headers = (
      await createSignedInUser(
        t.ctx,
        (
          await t.ctx.database.pool.query<{ sol_address: string }>(
            'select sol_address from users where id = $1',
            [viewer.id],
          )
        ).rows[0]!.sol_address,
      )
    ).headers;
    await refreshHeaders(t, advertiser);
    expect((await adCall(t, viewer.headers, campaign.id, 'impression')).json()).toMatchObject({
      counted: true,
    });
    figures = await detail(t, advertiser, campaign.id);
    expect(figures).toMatchObject({
      impressions: 2,
      uniqueViewers: 1,
      spentLamports: '6000',
      spentTodayLamports: '3000',
    });
    expect(figures.days.slice(-2)).toEqual([
      { day: figures.days.at(-2)!.day, impressions: 1, clicks: 1, spentLamports: '3000' },
      { day: figures.days.at(-1)!.day, impressions: 1, clicks: 0, spentLamports: '3000' },
    ]);
    await adCall(t, advertiser.headers, campaign.id, 'end');
  });
});
