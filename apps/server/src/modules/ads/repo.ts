import type pg from 'pg';
import type { Queryable } from '../../db/prepared.ts';

/**
 * The ads slice's SQL. Reads are named statements; writes run inside the caller's transaction
 * (service.ts), most under the campaign row's lock. Amounts travel as text (bigint lamports).
 */

export interface CampaignRow {
  id: string;
  advertiser_id: string;
  advertiser_wallet: string;
  post_id: string;
  post_body: string | null;
  status: 'active' | 'paused' | 'out_of_budget' | 'ended';
  cpm: string;
  daily_limit: string;
  budget: string;
  spent: string;
  spent_today: string;
  impressions: number;
  unique_viewers: number;
  clicks: number;
  created_at: Date;
  ended_at: Date | null;
  refund_lamports: string | null;
  refund_signature: string | null;
  refund_transaction: string | null;
  refund_confirmed_at: Date | null;
}

/** $1 is today's UTC day in every read. */
const COLUMNS = `c.id::text as id, c.advertiser_id, u.sol_address as advertiser_wallet,
  c.post_id::text as post_id, left(m.body, 280) as post_body, c.status, c.cpm::text as cpm,
  c.daily_limit::text as daily_limit, c.budget::text as budget, c.spent::text as spent,
  coalesce(d.spent, 0)::text as spent_today, c.impressions, c.unique_viewers, c.clicks,
  c.created_at, c.ended_at, c.refund_lamports::text as refund_lamports, c.refund_signature,
  c.refund_transaction, c.refund_confirmed_at`;
const FROM = `ad_campaigns c join users u on u.id = c.advertiser_id
  left join messages m on m.id = c.post_id
  left join ad_campaign_days d on d.campaign_id = c.id and d.day = $1::date`;

export async function readCampaign(
  db: Queryable,
  id: bigint,
  today: string,
): Promise<CampaignRow | null> {
  const result = await db.query<CampaignRow>({
    name: 'ads_campaign_by_id',
    text: `select ${COLUMNS} from ${FROM} where c.id = $2`,
    values: [today, id.toString()],
  });
  return result.rows[0] ?? null;
}

/** An advertiser's campaigns, newest first. */
export async function readCampaigns(
  db: Queryable,
  advertiserId: string,
  today: string,
  limit: number,
): Promise<CampaignRow[]> {
  const result = await db.query<CampaignRow>({
    name: 'ads_campaigns_of',
    text: `select ${COLUMNS} from ${FROM} where c.advertiser_id = $2 order by c.id desc limit $3`,
    values: [today, advertiserId, limit],
  });
  return result.rows;
}

export interface DayRow {
  day: string;
  impressions: number;
  clicks: number;
  spent: string;
}

export async function readDays(db: Queryable, campaignId: bigint, from: string): Promise<DayRow[]> {
  const result = await db.query<DayRow>({
    name: 'ads_campaign_days',
    text: `select to_char(day, 'YYYY-MM-DD') as day, impressions, clicks, spent::text as spent
      from ad_campaign_days where campaign_id = $1 and day >= $2::date order by day`,
    values: [campaignId.toString(), from],
  });
  return result.rows;
}

/** A post that may be promoted: live (not expired), with its author. */
export async function readLivePost(
  db: Queryable,
  postId: bigint,
  now: Date,
): Promise<{ author_id: string } | null> {
  const result = await db.query<{ author_id: string }>({
    name: 'ads_live_post',
    text: `select author_id from messages
      where id = $1 and (expires_at is null or expires_at > $2)`,
    values: [postId.toString(), now],
  });
  return result.rows[0] ?? null;
}

// ---- Budget -----------------------------------------------------------------------------------

export interface BudgetTransferRow {
  campaign_id: string;
  amount: string;
  advertiser_id: string;
  post_id: string;
}

/** The budget transfer this signature recorded, if one did. */
export async function readBudgetTransfer(
  db: Queryable,
  signature: string,
): Promise<BudgetTransferRow | null> {
  const result = await db.query<BudgetTransferRow>({
    name: 'ads_budget_transfer',
    text: `select t.campaign_id::text as campaign_id, t.amount::text as amount, c.advertiser_id,
        c.post_id::text as post_id
      from ad_budget_transfers t join ad_campaigns c on c.id = t.campaign_id
      where t.signature = $1`,
    values: [signature],
  });
  return result.rows[0] ?? null;
}

export async function insertCampaign(
  db: Queryable,
  args: {
    advertiserId: string;
    postId: bigint;
    cpm: bigint;
    dailyLimit: bigint;
    budget: bigint;
    now: Date;
  },
): Promise<bigint> {
  const result = await db.query<{ id: string }>({
    name: 'ads_insert_campaign',
    text: `insert into ad_campaigns (advertiser_id, post_id, cpm, daily_limit, budget, created_at)
      values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
    values: [
      args.advertiserId,
      args.postId.toString(),
      args.cpm.toString(),
      args.dailyLimit.toString(),
      args.budget.toString(),
      args.now,
    ],
  });
  return BigInt(result.rows[0]?.id ?? '0');
}

export async function insertBudgetTransfer(
  db: Queryable,
  args: { signature: string; campaignId: bigint; amount: bigint; now: Date },
): Promise<void> {
  await db.query({
    name: 'ads_insert_budget_transfer',
    text: `insert into ad_budget_transfers (signature, campaign_id, amount, created_at)
      values ($1, $2, $3, $4)`,
    values: [args.signature, args.campaignId.toString(), args.amount.toString(), args.now],
  });
}

export interface LockedCampaign {
  advertiser_id: string;
  status: CampaignRow['status'];
  cpm: string;
  daily_limit: string;
  budget: string;
  spent: string;
  refund_signature: string | null;
  refund_transaction: string | null;
  refund_lamports: string | null;
  refund_confirmed_at: Date | null;
}

/** Takes the campaign's row lock (held to commit). */
export async function lockCampaign(db: Queryable, id: bigint): Promise<LockedCampaign | null> {
  const result = await db.query<LockedCampaign>({
    name: 'ads_lock_campaign',
    text: `select advertiser_id, status, cpm::text as cpm, daily_limit::text as daily_limit,
        budget::text as budget, spent::text as spent, refund_signature, refund_transaction,
        refund_lamports::text as refund_lamports, refund_confirmed_at
      from ad_campaigns where id = $1 for update`,
    values: [id.toString()],
  });
  return result.rows[0] ?? null;
}

/** A top-up: more budget, and an out-of-budget campaign serves again. */
export async function addBudget(db: Queryable, id: bigint, amount: bigint): Promise<void> {
  await db.query({
    name: 'ads_add_budget',
    text: `update ad_campaigns set budget = budget + $2,
        status = case when status = 'out_of_budget' and budget + $2 - spent >= cpm / 1000
          then 'active' else status end
      where id = $1`,
    values: [id.toString(), amount.toString()],
  });
}

export async function setStatus(
  db: Queryable,
  id: bigint,
  status: 'active' | 'paused' | 'out_of_budget',
): Promise<void> {
  await db.query({
    name: 'ads_set_status',
    text: `update ad_campaigns set status = $2 where id = $1`,
    values: [id.toString(), status],
  });
}

/** Ends a campaign, owing `refund` back (signature and signed bytes kept before it is sent). */
export async function markEnded(
  db: Queryable,
  args: {
    id: bigint;
    now: Date;
    refund: bigint;
    signature: string | null;
    transaction: string | null;
  },
): Promise<void> {
  await db.query({
    name: 'ads_mark_ended',
    text: `update ad_campaigns set status = 'ended', ended_at = $2, refund_lamports = $3,
        refund_signature = $4, refund_transaction = $5,
        refund_confirmed_at = case when $4::text is null then $2::timestamptz else null end
      where id = $1`,
    values: [
      args.id.toString(),
      args.now,
      args.refund.toString(),
      args.signature,
      args.transaction,
    ],
  });
}

/**
 * A refund signed in place of one that never landed and never will (under the campaign's lock):
 * only while that one is still the kept refund and nothing is recorded paid.
 */
export async function replaceRefund(
  db: Queryable,
  args: { id: bigint; replaced: string; signature: string; transaction: string },
): Promise<void> {
  await db.query({
    name: 'ads_replace_refund',
    text: `update ad_campaigns set refund_signature = $3, refund_transaction = $4
      where id = $1 and refund_signature = $2 and refund_confirmed_at is null`,
    values: [args.id.toString(), args.replaced, args.signature, args.transaction],
  });
}

/**
 * The kept refund landed: the campaign's one paid refund. Only the kept signature is recorded,
 * once; a refund that is no longer the kept one is never recorded as paid.
 */
export async function markRefundPaid(
  db: Queryable,
  args: { id: bigint; signature: string; now: Date },
): Promise<void> {
  await db.query({
    name: 'ads_refund_paid',
    text: `update ad_campaigns set refund_confirmed_at = $3
      where id = $1 and refund_signature = $2 and refund_confirmed_at is null`,
    values: [args.id.toString(), args.signature, args.now],
  });
}

// ---- Serving and billing ----------------------------------------------------------------------

/**
 * Campaigns that may be shown to this viewer now: active, with budget for one more impression
 * today (overall and under the daily limit), not the viewer's own, not hidden by the viewer, and
 * not between wallets that blocked each other. Ones the viewer has not seen today come first,
 * then the highest CPM.
 */
export async function readServable(
  pool: pg.Pool,
  args: { viewerId: string; today: string; limit: number },
): Promise<{ id: string; post_id: string }[]> {
  const result = await pool.query<{ id: string; post_id: string }>({
    name: 'ads_servable',
    text: `select c.id::text as id, c.post_id::text as post_id
      from ad_campaigns c
      left join ad_campaign_days d on d.campaign_id = c.id and d.day = $2::date
      where c.status = 'active' and c.advertiser_id <> $1
        and c.budget - c.spent >= c.cpm / 1000
        and coalesce(d.spent, 0) + c.cpm / 1000 <= c.daily_limit
        and not exists (select 1 from ad_hidden h where h.viewer_id = $1 and h.campaign_id = c.id)
        and not exists (select 1 from blocks b
          where (b.blocker_id = $1 and b.blocked_id = c.advertiser_id)
             or (b.blocker_id = c.advertiser_id and b.blocked_id = $1))
      order by exists (select 1 from ad_views v where v.campaign_id = c.id
          and v.viewer_id = $1 and v.day = $2::date and v.kind = 'impression'),
        c.cpm desc, c.id
      limit $3`,
    values: [args.viewerId, args.today, args.limit],
  });
  return result.rows;
}

export interface StandingRow {
  sol_address: string;
  created_at: Date;
  first_post_at: Date | null;
  vouched_at: Date | null;
}

/** The facts the established-wallet rule reads (decision 013). */
export async function readStanding(db: Queryable, userId: string): Promise<StandingRow | null> {
  const result = await db.query<StandingRow>({
    name: 'ads_standing',
    text: `select u.sol_address, u.created_at, w.first_post_at, w.vouched_at
      from users u left join wallet_standing w on w.user_id = u.id where u.id = $1`,
    values: [userId],
  });
  return result.rows[0] ?? null;
}

/** Records one view or click for the day; false when this viewer already had it today. */
export async function insertView(
  db: Queryable,
  args: {
    campaignId: bigint;
    viewerId: string;
    day: string;
    kind: 'impression' | 'click';
    charged: bigint;
    now: Date;
  },
): Promise<boolean> {
  const result = await db.query({
    name: 'ads_insert_view',
    text: `insert into ad_views (campaign_id, viewer_id, day, kind, charged, created_at)
      values ($1, $2, $3::date, $4, $5, $6) on conflict do nothing`,
    values: [
      args.campaignId.toString(),
      args.viewerId,
      args.day,
      args.kind,
      args.charged.toString(),
      args.now,
    ],
  });
  return (result.rowCount ?? 0) > 0;
}

/** Whether the viewer was billed for this campaign on a day before `day`. */
export async function seenBefore(
  db: Queryable,
  args: { campaignId: bigint; viewerId: string; day: string },
): Promise<boolean> {
  const result = await db.query({
    name: 'ads_seen_before',
    text: `select 1 from ad_views where campaign_id = $1 and viewer_id = $2
      and kind = 'impression' and day <> $3::date limit 1`,
    values: [args.campaignId.toString(), args.viewerId, args.day],
  });
  return (result.rowCount ?? 0) > 0;
}

export async function readSpentToday(
  db: Queryable,
  campaignId: bigint,
  day: string,
): Promise<bigint> {
  const result = await db.query<{ spent: string }>({
    name: 'ads_spent_today',
    text: `select spent::text as spent from ad_campaign_days where campaign_id = $1 and day = $2::date`,
    values: [campaignId.toString(), day],
  });
  return BigInt(result.rows[0]?.spent ?? '0');
}

/** Adds a counted impression or click to the campaign and its day (under the row lock). */
export async function countView(
  db: Queryable,
  args: {
    campaignId: bigint;
    day: string;
    kind: 'impression' | 'click';
    charged: bigint;
    newViewer: boolean;
    status: 'active' | 'paused' | 'out_of_budget' | 'ended';
  },
): Promise<void> {
  const impression = args.kind === 'impression' ? 1 : 0;
  await db.query({
    name: 'ads_count_view_day',
    text: `insert into ad_campaign_days (campaign_id, day, impressions, clicks, spent)
      values ($1, $2::date, $3, $4, $5)
      on conflict (campaign_id, day) do update set
        impressions = ad_campaign_days.impressions + excluded.impressions,
        clicks = ad_campaign_days.clicks + excluded.clicks,
        spent = ad_campaign_days.spent + excluded.spent`,
    values: [
      args.campaignId.toString(),
      args.day,
      impression,
      1 - impression,
      args.charged.toString(),
    ],
  });
  await db.query({
    name: 'ads_count_view',
    text: `update ad_campaigns set spent = spent + $2, impressions = impressions + $3,
        clicks = clicks + $4, unique_viewers = unique_viewers + $5, status = $6
      where id = $1`,
    values: [
      args.campaignId.toString(),
      args.charged.toString(),
      impression,
      1 - impression,
      args.newViewer ? 1 : 0,
      args.status,
    ],
  });
}

/** 'Hide this ad' (idempotent). */
export async function hideCampaign(
  db: Queryable,
  args: { viewerId: string; campaignId: bigint; now: Date },
): Promise<void> {
  await db.query({
    name: 'ads_hide',
    text: `insert into ad_hidden (viewer_id, campaign_id, created_at) values ($1, $2, $3)
      on conflict do nothing`,
    values: [args.viewerId, args.campaignId.toString(), args.now],
  });
}

/** Whether any campaign is active (the feed's hook asks through serving.ts). */
export async function anyCampaignActive(pool: pg.Pool): Promise<boolean> {
  const result = await pool.query<{ active: boolean }>({
    name: 'ads_any_active',
    text: `select exists (select 1 from ad_campaigns where status = 'active') as active`,
  });
  return result.rows[0]?.active ?? false;
}
