import type { ChainClient, Signer } from '@dum/chain';
import {
  AD_CHART_DAYS,
  AD_FEED_EVERY,
  AD_MAX_BUDGET_LAMPORTS,
  AD_MIN_BUDGET_LAMPORTS,
  AD_MIN_CPM_LAMPORTS,
  adCpmProblem,
  adCtr,
  adEffectiveCpm,
  adImpressionPrice,
  AppError,
  checkVaultAmount,
  isEstablished,
  utcDay,
  type AdBudget,
  type AdCampaign,
  type AdCampaignDetail,
  type AdConfig,
  type AdEventResponse,
  type CreateCampaignRequest,
  type EstablishedRule,
  type ErrorCode,
  type FeedItem,
} from '@dum/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import { inTransaction, type Queryable } from '../../db/prepared.ts';
import { transferRejectionErrors } from '../../http/errors.ts';
import { assertNotSuspended } from '../moderation/index.ts';
import { purposeKey, signatureIsSpent, spendSignature, verifyPayment } from '../payments/index.ts';
import type { SignedRefund } from './refund.ts';
import {
  addBudget,
  countView,
  hideCampaign,
  insertBudgetTransfer,
  insertCampaign,
  insertView,
  lockCampaign,
  markEnded,
  readBudgetTransfer,
  readCampaign,
  readCampaigns,
  readDays,
  readLivePost,
  readServable,
  readSpentToday,
  readStanding,
  seenBefore,
  setStatus,
  type CampaignRow,
  type LockedCampaign,
} from './repo.ts';
import type { ServingProbe } from './serving.ts';
import { buildRefundFor, settleRefund } from './settle-refund.ts';

/** Posts by id as the feed shows them to the viewer (the feed slice's reader; slice-deps.ts wires it). */
export type AdPostReader = (ids: string[], viewerId: string | null) => Promise<FeedItem[]>;

/** What the ads' logic needs; built once from the app context. */
export interface AdsDeps {
  pool: pg.Pool;
  clock: Clock;
  chain: Pick<ChainClient, 'rpc' | 'verifyTransfer'>;
  logger: FastifyBaseLogger;
  /** The treasury's key (budgets go to it, refunds come from it); null: ads are off here. */
  treasury: Signer | null;
  established: EstablishedRule;
  readPosts: AdPostReader;
  /** Whether any campaign is being served (serving.ts). */
  serving: ServingProbe;
}

export interface AdsViewer {
  id: string;
  solAddress: string;
}

/** Campaigns a dashboard lists at most. */
const CAMPAIGNS_LISTED = 100;

export function adConfig(deps: AdsDeps): AdConfig {
  return {
    enabled: deps.treasury !== null,
    treasury: deps.treasury?.address ?? null,
    feedEvery: AD_FEED_EVERY,
    minBudgetLamports: AD_MIN_BUDGET_LAMPORTS.toString(),
    minCpmLamports: AD_MIN_CPM_LAMPORTS.toString(),
  };
}

function requireTreasury(deps: AdsDeps): Signer {
  if (!deps.treasury) throw new AppError('ads_disabled');
  return deps.treasury;
}

// ---- Input ------------------------------------------------------------------------------------

function parseLamports(text: string, field: string, code: ErrorCode): bigint {
  const trimmed = text.trim();
  if (!/^\d{1,19}$/.test(trimmed)) {
    throw new AppError(code, { details: [{ path: field, message: 'whole lamports' }] });
  }
  return BigInt(trimmed);
}

function parsePostId(text: string): bigint {
  if (!/^[1-9]\d{0,18}$/.test(text.trim()) || BigInt(text.trim()) > 2n ** 63n - 1n) {
    throw new AppError('validation_failed', {
      details: [{ path: 'postId', message: 'must be a post id (a positive integer)' }],
    });
  }
  return BigInt(text.trim());
}

function checkBudget(budget: AdBudget): { signature: string; amount: bigint } {
  const signature = budget.transactionSignature.trim();
  const amountText = budget.amount.trim();
  if (!signature || !amountText) throw new AppError('ad_budget_missing_data');
  const checked = checkVaultAmount(amountText, { max: AD_MAX_BUDGET_LAMPORTS });
  if (!checked.ok) {
    throw new AppError(
      checked.reason === 'below_minimum' ? 'ad_budget_below_minimum' : 'invalid_amount',
    );
  }
  if (checked.lamports < AD_MIN_BUDGET_LAMPORTS) throw new AppError('ad_budget_below_minimum');
  return { signature, amount: checked.lamports };
}

const REJECTION_ERROR = transferRejectionErrors({
  no_system_transfer: 'ad_budget_wrong_recipient',
  transfer_not_top_level: 'ad_budget_wrong_recipient',
  wrong_recipient: 'ad_budget_wrong_recipient',
  too_early: 'transaction_not_found',
});

/**
 * Verifies a budget transfer (advertiser → treasury, of `amount`) on the cluster, as a vault
 * support is verified. Answers 'spent' when the signature already paid for something.
 */
async function verifyBudget(
  deps: AdsDeps,
  viewer: AdsViewer,
  treasury: Signer,
  budget: { signature: string; amount: bigint },
  campaignId: bigint | null,
): Promise<'ok' | 'spent'> {
  const verified = await verifyPayment(deps, {
    signature: budget.signature,
    purpose: { kind: 'ad_budget', campaignId },
    recipient: treasury.address,
    lamports: budget.amount,
    report: { by: 'payer', payer: viewer.solAddress },
  });
  if (verified.ok) return 'ok';
  if (await signatureIsSpent(deps.pool, budget.signature)) return 'spent';
  throw new AppError(REJECTION_ERROR[verified.reason]);
}

/** Thrown to roll a new campaign back when its budget's signature paid for something already. */
class BudgetSpent extends Error {}

/** Takes a budget's signature for its campaign, in the caller's transaction. */
function spendBudget(
  client: Queryable,
  signature: string,
  campaignId: bigint,
  now: Date,
): Promise<boolean> {
  return spendSignature(client, {
    signature,
    spentOn: 'ad_budget',
    purpose: purposeKey({ kind: 'ad_budget', campaignId }),
    now,
  });
}

/** A budget signature sent again: the same answer for the same caller and amount, else 409. */
async function existingBudget(
  deps: AdsDeps,
  viewer: AdsViewer,
  budget: { signature: string; amount: bigint },
  /** The top-up's campaign, or the new campaign's post. */
  target: { campaignId: bigint } | { postId: bigint },
): Promise<AdCampaignDetail> {
  const recorded = await readBudgetTransfer(deps.pool, budget.signature);
  if (
    !recorded ||
    recorded.advertiser_id !== viewer.id ||
    BigInt(recorded.amount) !== budget.amount ||
    ('campaignId' in target
      ? BigInt(recorded.campaign_id) !== target.campaignId
      : BigInt(recorded.post_id) !== target.postId)
  ) {
    throw new AppError('transaction_already_used');
  }
  return getCampaign(deps, viewer, BigInt(recorded.campaign_id));
}

// ---- Answers ----------------------------------------------------------------------------------

function toCampaign(row: CampaignRow): AdCampaign {
  const spent = BigInt(row.spent);
  const effective = adEffectiveCpm(spent, row.impressions);
  return {
    id: row.id,
    postId: row.post_id,
    postBody: row.post_body,
    status: row.status,
    cpmLamports: row.cpm,
    dailyLimitLamports: row.daily_limit,
    budgetLamports: row.budget,
    spentLamports: row.spent,
    spentTodayLamports: row.spent_today,
    impressions: row.impressions,
    uniqueViewers: row.unique_viewers,
    clicks: row.clicks,
    ctr: adCtr(row.clicks, row.impressions),
    effectiveCpmLamports: effective === null ? null : effective.toString(),
    createdAt: row.created_at.toISOString(),
    endedAt: row.ended_at?.toISOString() ?? null,
    refund:
      row.refund_lamports === null
        ? null
        : {
            lamports: row.refund_lamports,
            signature: row.refund_confirmed_at ? row.refund_signature : null,
          },
  };
}

/** The last AD_CHART_DAYS UTC days, oldest first, with zeros on days without figures. */
function chartDays(
  today: Date,
  rows: { day: string; impressions: number; clicks: number; spent: string }[],
): AdCampaignDetail['days'] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: AdCampaignDetail['days'] = [];
  for (let back = AD_CHART_DAYS - 1; back >= 0; back--) {
    const day = utcDay(new Date(today.getTime() - back * 86_400_000));
    const row = byDay.get(day);
    days.push({
      day,
      impressions: row?.impressions ?? 0,
      clicks: row?.clicks ?? 0,
      spentLamports: row?.spent ?? '0',
    });
  }
  return days;
}

/** GET /api/ads/campaigns/{id}: the advertiser's own campaign (anyone else's is a 404). */
export async function getCampaign(
  deps: AdsDeps,
  viewer: AdsViewer,
  id: bigint,
): Promise<AdCampaignDetail> {
  const now = deps.clock.now();
  const row = await readCampaign(deps.pool, id, utcDay(now));
  if (!row || row.advertiser_id !== viewer.id) throw new AppError('ad_campaign_not_found');
  const from = utcDay(new Date(now.getTime() - (AD_CHART_DAYS - 1) * 86_400_000));
  const days = await readDays(deps.pool, id, from);
  return { ...toCampaign(row), days: chartDays(now, days) };
}

/** GET /api/ads/campaigns: the advertiser's campaigns, newest first. */
export async function listCampaigns(deps: AdsDeps, viewer: AdsViewer): Promise<AdCampaign[]> {
  const rows = await readCampaigns(
    deps.pool,
    viewer.id,
    utcDay(deps.clock.now()),
    CAMPAIGNS_LISTED,
  );
  return rows.map(toCampaign);
}

// ---- Create, top up, pause, resume ------------------------------------------------------------

/**
 * POST /api/ads/campaigns. The advertiser has sent `budget.amount` SOL to the treasury and
 * waited for confirmation; this checks the terms and the post (their own, still live), verifies
 * the transfer on the cluster and opens the campaign with it, once: the signature pays once
 * (spent_transfer_signatures), and a retry with it answers the same campaign.
 */
export async function createCampaign(
  deps: AdsDeps,
  viewer: AdsViewer,
  input: CreateCampaignRequest,
): Promise<AdCampaignDetail> {
  await assertNotSuspended(deps, viewer.id);
  const treasury = requireTreasury(deps);
  const postId = parsePostId(input.postId);
  const cpm = parseLamports(input.cpmLamports, 'cpmLamports', 'ad_cpm_invalid');
  if (adCpmProblem(cpm) !== null) throw new AppError('ad_cpm_invalid');
  const dailyLimit = parseLamports(
    input.dailyLimitLamports,
    'dailyLimitLamports',
    'ad_daily_limit_invalid',
  );
  if (dailyLimit < adImpressionPrice(cpm)) throw new AppError('ad_daily_limit_invalid');
  const budget = checkBudget(input.budget);
  const now = deps.clock.now();
  const post = await readLivePost(deps.pool, postId, now);
  if (!post) throw new AppError('post_not_found');
  if (post.author_id !== viewer.id) throw new AppError('ad_post_not_yours');

  if ((await verifyBudget(deps, viewer, treasury, budget, null)) === 'spent') {
    return existingBudget(deps, viewer, budget, { postId });
  }
  const id = await inTransaction(deps, async (client) => {
    const campaignId = await insertCampaign(client, {
      advertiserId: viewer.id,
      postId,
      cpm,
      dailyLimit,
      budget: budget.amount,
      now,
    });
    // Spent once the campaign has its id (the purpose names it); taken already, and the
    // campaign's row goes with the rollback.
    if (!(await spendBudget(client, budget.signature, campaignId, now))) throw new BudgetSpent();
    await insertBudgetTransfer(client, {
      signature: budget.signature,
      campaignId,
      amount: budget.amount,
      now,
    });
    return campaignId;
  }).catch((error: unknown) => {
    if (error instanceof BudgetSpent) return null;
    throw error;
  });
  if (id === null) return existingBudget(deps, viewer, budget, { postId });
  return getCampaign(deps, viewer, id);
}

/** Locks the viewer's own campaign (anyone else's is a 404), in the caller's transaction. */
async function lockOwn(
  client: pg.PoolClient,
  viewer: AdsViewer,
  id: bigint,
): Promise<LockedCampaign> {
  const locked = await lockCampaign(client, id);
  if (!locked || locked.advertiser_id !== viewer.id) throw new AppError('ad_campaign_not_found');
  return locked;
}

/** POST /api/ads/campaigns/{id}/budget: more budget, by the same verified transfer. */
export async function topUpCampaign(
  deps: AdsDeps,
  viewer: AdsViewer,
  id: bigint,
  input: AdBudget,
): Promise<AdCampaignDetail> {
  await assertNotSuspended(deps, viewer.id);
  const treasury = requireTreasury(deps);
  const budget = checkBudget(input);
  const current = await readCampaign(deps.pool, id, utcDay(deps.clock.now()));
  if (!current || current.advertiser_id !== viewer.id) throw new AppError('ad_campaign_not_found');
  if (current.status === 'ended') throw new AppError('ad_campaign_ended');
  if ((await verifyBudget(deps, viewer, treasury, budget, id)) === 'spent') {
    return existingBudget(deps, viewer, budget, { campaignId: id });
  }
  const now = deps.clock.now();
  const added = await inTransaction(deps, async (client) => {
    const locked = await lockOwn(client, viewer, id);
    if (locked.status === 'ended') throw new AppError('ad_campaign_ended');
    if (!(await spendBudget(client, budget.signature, id, now))) return false;
    await insertBudgetTransfer(client, {
      signature: budget.signature,
      campaignId: id,
      amount: budget.amount,
      now,
    });
    await addBudget(client, id, budget.amount);
    return true;
  });
  if (!added) return existingBudget(deps, viewer, budget, { campaignId: id });
  return getCampaign(deps, viewer, id);
}

/** POST /api/ads/campaigns/{id}/pause: an active campaign stops serving (a paused one stays). */
export async function pauseCampaign(
  deps: AdsDeps,
  viewer: AdsViewer,
  id: bigint,
): Promise<AdCampaignDetail> {
  return switchOwnCampaign(deps, viewer, id, {
    from: 'active',
    to: 'paused',
    notFrom: 'ad_campaign_not_active',
    next: () => 'paused',
  });
}

/** POST /api/ads/campaigns/{id}/resume: a paused campaign serves again (an active one stays). */
export async function resumeCampaign(
  deps: AdsDeps,
  viewer: AdsViewer,
  id: bigint,
): Promise<AdCampaignDetail> {
  return switchOwnCampaign(deps, viewer, id, {
    from: 'paused',
    to: 'active',
    notFrom: 'ad_campaign_not_paused',
    // One whose budget cannot pay for an impression any more does not serve.
    next: (locked) => {
      const left = BigInt(locked.budget) - BigInt(locked.spent);
      return left >= adImpressionPrice(BigInt(locked.cpm)) ? 'active' : 'out_of_budget';
    },
  });
}

/**
 * Under the lock of the viewer's own campaign: one in `from` takes the status `next` gives;
 * one in `to` already stays as it is; an ended one is 409 `ad_campaign_ended`, any other
 * `notFrom`. Answers the campaign as it is after.
 */
async function switchOwnCampaign(
  deps: AdsDeps,
  viewer: AdsViewer,
  id: bigint,
  move: {
    from: 'active' | 'paused';
    to: 'active' | 'paused';
    notFrom: ErrorCode;
    next: (locked: LockedCampaign) => 'active' | 'paused' | 'out_of_budget';
  },
): Promise<AdCampaignDetail> {
  await inTransaction(deps, async (client) => {
    const locked = await lockOwn(client, viewer, id);
    if (locked.status === move.to) return;
    if (locked.status === 'ended') throw new AppError('ad_campaign_ended');
    if (locked.status !== move.from) throw new AppError(move.notFrom);
    await setStatus(client, id, move.next(locked));
  });
  return getCampaign(deps, viewer, id);
}

// ---- End and refund ---------------------------------------------------------------------------

/**
 * POST /api/ads/campaigns/{id}/end. Under the campaign's lock: it stops serving for good, and
 * the unspent budget (budget − spent, exact) is owed back; the refund transfer from the treasury
 * to the advertiser's wallet is signed and kept with it in the same commit. Then it is sent and
 * confirmed, and its signature is in the answer. Should the send fail, the campaign is ended
 * and ending it again asks the cluster what became of the kept transaction: landed, it is
 * recorded as paid; while it may still land, the same bytes are sent again; only once it failed,
 * or is unknown with an expired blockhash, is a new one signed in its place (settle-refund.ts). So
 * the refund is paid exactly once, however late the first lands and on any number of instances.
 */
export async function endCampaign(
  deps: AdsDeps,
  viewer: AdsViewer,
  id: bigint,
): Promise<AdCampaignDetail> {
  const treasury = requireTreasury(deps);
  const current = await readCampaign(deps.pool, id, utcDay(deps.clock.now()));
  if (!current || current.advertiser_id !== viewer.id) throw new AppError('ad_campaign_not_found');

  const terms = { treasury, to: viewer.solAddress, campaignId: id };
  if (current.status !== 'ended') {
    // The refund's blockhash is read before the lock (a network call); the amount under it.
    const left = BigInt(current.budget) - BigInt(current.spent);
    let prepared: SignedRefund | null = left > 0n ? await buildRefundFor(deps, terms, left) : null;
    await inTransaction(deps, async (client) => {
      const locked = await lockOwn(client, viewer, id);
      if (locked.status === 'ended') return;
      const refund = BigInt(locked.budget) - BigInt(locked.spent);
      if (refund !== left) {
        // Spent in between: sign for what is left now (still under the lock).
        prepared = refund > 0n ? await buildRefundFor(deps, terms, refund) : null;
      }
      await markEnded(client, {
        id,
        now: deps.clock.now(),
        refund,
        signature: prepared?.signature ?? null,
        transaction: prepared?.transaction ?? null,
      });
    });
  }
  await settleRefund(deps, terms);
  return getCampaign(deps, viewer, id);
}

// ---- Serving, impressions, clicks, hiding -----------------------------------------------------

/**
 * A signed-in viewer's For you page with at most one sponsored item: at position AD_FEED_EVERY
 * (after AD_FEED_EVERY − 1 posts), only on a page with that many posts, never the viewer's own
 * campaign or one they hid. Should the promoted post be on the page already, it moves to the
 * sponsored place (shown once). A failure here leaves the page as it was.
 */
export async function withSponsored(
  deps: AdsDeps,
  items: FeedItem[],
  viewerId: string,
): Promise<FeedItem[]> {
  if (items.length < AD_FEED_EVERY - 1) return items;
  try {
    const today = utcDay(deps.clock.now());
    const candidates = await readServable(deps.pool, { viewerId, today, limit: 3 });
    for (const candidate of candidates) {
      // The promoted post is shown once on the page: as the sponsored item.
      const page = items.filter((item) => item.id !== candidate.post_id);
      if (page.length < AD_FEED_EVERY - 1) continue;
      const [post] = await deps.readPosts([candidate.post_id], viewerId);
      if (!post) continue;
      page.splice(AD_FEED_EVERY - 1, 0, { ...post, sponsored: { campaignId: candidate.id } });
      return page;
    }
  } catch (error) {
    deps.logger.warn({ err: error }, 'sponsored item skipped');
  }
  return items;
}

const NOT_COUNTED: AdEventResponse = { counted: false, chargedLamports: '0' };

/**
 * POST /api/ads/campaigns/{id}/impression and /click. Counted once per viewer per campaign per
 * UTC day, only for a viewer the economy considers established (decision 013), never for the
 * advertiser. An impression is billed the CPM's thousandth under the campaign's row lock, only
 * while it is active, has that much budget left and is under today's limit; the impression that
 * leaves less than one impression's price marks it out of budget in the same commit, so every
 * instance stops serving it at once. Clicks are counted, not billed.
 */
export async function recordAdEvent(
  deps: AdsDeps,
  viewer: AdsViewer,
  id: bigint,
  kind: 'impression' | 'click',
): Promise<AdEventResponse> {
  const now = deps.clock.now();
  const day = utcDay(now);
  const standing = await readStanding(deps.pool, viewer.id);
  const established =
    standing !== null &&
    isEstablished(
      {
        solAddress: standing.sol_address,
        createdAt: standing.created_at,
        firstPostAt: standing.first_post_at,
        vouchedAt: standing.vouched_at,
      },
      deps.established,
      now,
    );
  if (!established) {
    if (!(await readCampaign(deps.pool, id, day))) throw new AppError('ad_campaign_not_found');
    return NOT_COUNTED;
  }
  return inTransaction(deps, async (client) => {
    const locked = await lockCampaign(client, id);
    if (!locked) throw new AppError('ad_campaign_not_found');
    if (locked.advertiser_id === viewer.id) return NOT_COUNTED;
    const base = { campaignId: id, viewerId: viewer.id, day, kind, now };
    if (kind === 'click') {
      if (locked.status === 'ended') return NOT_COUNTED;
      if (!(await insertView(client, { ...base, charged: 0n }))) return NOT_COUNTED;
      await countView(client, { ...base, charged: 0n, newViewer: false, status: locked.status });
      return { counted: true, chargedLamports: '0' };
    }
    if (locked.status !== 'active') return NOT_COUNTED;
    const price = adImpressionPrice(BigInt(locked.cpm));
    const left = BigInt(locked.budget) - BigInt(locked.spent);
    if (left < price) {
      await setStatus(client, id, 'out_of_budget');
      return NOT_COUNTED;
    }
    if ((await readSpentToday(client, id, day)) + price > BigInt(locked.daily_limit)) {
      return NOT_COUNTED;
    }
    if (!(await insertView(client, { ...base, charged: price }))) return NOT_COUNTED;
    const newViewer = !(await seenBefore(client, base));
    await countView(client, {
      ...base,
      charged: price,
      newViewer,
      status: left - price < price ? 'out_of_budget' : 'active',
    });
    return { counted: true, chargedLamports: price.toString() };
  });
}

/** POST /api/ads/campaigns/{id}/hide: 'Hide this ad' for this viewer, for good. */
export async function hideAd(deps: AdsDeps, viewer: AdsViewer, id: bigint): Promise<void> {
  const now = deps.clock.now();
  if (!(await readCampaign(deps.pool, id, utcDay(now)))) {
    throw new AppError('ad_campaign_not_found');
  }
  await hideCampaign(deps.pool, { viewerId: viewer.id, campaignId: id, now });
}
