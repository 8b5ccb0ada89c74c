import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { timestampMs, userRef } from './columns.ts';

// ---------------------------------------------------------------------------------------------
// Ads (docs/api.md "Ads"): campaigns that promote an advertiser's own post in the For you feed,
// paid from a SOL budget sent to the treasury, billed per impression of an established viewer
// (once per viewer per campaign per UTC day). Owned by modules/ads. Amounts are lamports.
// ---------------------------------------------------------------------------------------------

/**
 * One per campaign. `spent`, the counters and `status` change only under this row's lock, in
 * the transaction that records the impression, so spend is exact on any number of instances
 * and a campaign whose budget runs out stops at once (its status is read by every serve).
 * `postId` has no foreign key: a campaign and its money outlive a post that expired.
 */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    advertiserId: userRef('advertiser_id'),
    postId: bigint('post_id', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('active'),
    cpm: bigint('cpm', { mode: 'bigint' }).notNull(),
    dailyLimit: bigint('daily_limit', { mode: 'bigint' }).notNull(),
    budget: bigint('budget', { mode: 'bigint' }).notNull(),
    spent: bigint('spent', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    impressions: integer('impressions').notNull().default(0),
    uniqueViewers: integer('unique_viewers').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    createdAt: timestampMs('created_at').notNull(),
    endedAt: timestampMs('ended_at'),
    /** The unspent budget owed back at the end (set with ended_at). */
    refundLamports: bigint('refund_lamports', { mode: 'bigint' }),
    /** The refund transfer: its signature and signed bytes (base64), kept before it is sent. */
    refundSignature: text('refund_signature'),
    refundTransaction: text('refund_transaction'),
    refundConfirmedAt: timestampMs('refund_confirmed_at'),
  },
  (t) => [
    check(
      'ad_campaigns_status',
      sql`${t.status} in ('active', 'paused', 'out_of_budget', 'ended')`,
    ),
    check('ad_campaigns_cpm', sql`${t.cpm} >= 1000 and ${t.cpm} % 1000 = 0`),
    check('ad_campaigns_spend', sql`${t.spent} >= 0 and ${t.spent} <= ${t.budget}`),
    check('ad_campaigns_ended', sql`(${t.status} = 'ended') = (${t.endedAt} is not null)`),
    index('ad_campaigns_advertiser').on(t.advertiserId, t.id),
    // The feed's pick reads only the serving ones.
    index('ad_campaigns_active')
      .on(t.id)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Each budget transfer credited to a campaign (its creation's and its top-ups). */
export const adBudgetTransfers = pgTable(
  'ad_budget_transfers',
  {
    signature: text('signature').primaryKey(),
    campaignId: bigint('campaign_id', { mode: 'bigint' })
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [index('ad_budget_transfers_campaign').on(t.campaignId)],
);

/** A campaign's figures per UTC day (the chart, and the daily limit's spend). */
export const adCampaignDays = pgTable(
  'ad_campaign_days',
  {
    campaignId: bigint('campaign_id', { mode: 'bigint' })
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    spent: bigint('spent', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

/**
 * What was counted: one row per campaign, viewer, UTC day and kind ('impression' or 'click').
 * The key makes the second view of a day a no-op on every instance.
 */
export const adViews = pgTable(
  'ad_views',
  {
    campaignId: bigint('campaign_id', { mode: 'bigint' })
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    viewerId: userRef('viewer_id'),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    charged: bigint('charged', { mode: 'bigint' }).notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.viewerId, t.day, t.kind] }),
    check('ad_views_kind', sql`${t.kind} in ('impression', 'click')`),
  ],
);

/** 'Hide this ad': the campaign is never served to this viewer again. */
export const adHidden = pgTable(
  'ad_hidden',
  {
    viewerId: userRef('viewer_id'),
    campaignId: bigint('campaign_id', { mode: 'bigint' })
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.viewerId, t.campaignId] })],
);
