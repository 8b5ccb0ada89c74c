import { z } from 'zod';
import { AD_CAMPAIGN_STATUSES } from './ads-limits.ts';

/**
 * The advertiser dashboard's contracts (docs/api.md "Ads"). Amounts are lamports as decimal
 * strings (bigint base units), except the budget's `amount`, which is SOL as typed, like a vault
 * support's.
 */

const lamportsText = z.string().max(40);

/** The budget: a confirmed System transfer from the advertiser to the platform treasury. */
export const adBudgetSchema = z.object({
  transactionSignature: z.string().max(200),
  /** SOL, as a decimal string ('0.5'). */
  amount: z.string().max(64),
});
export type AdBudget = z.infer<typeof adBudgetSchema>;

/** POST /api/ads/campaigns */
export const createCampaignRequestSchema = z.object({
  postId: z.string().max(40),
  cpmLamports: lamportsText,
  dailyLimitLamports: lamportsText,
  budget: adBudgetSchema,
});
export type CreateCampaignRequest = z.infer<typeof createCampaignRequestSchema>;

/** POST /api/ads/campaigns/{id}/budget */
export const topUpCampaignRequestSchema = adBudgetSchema;

export const adCampaignSchema = z.object({
  id: z.string(),
  postId: z.string(),
  /** The promoted post's text (the start of it), or null once the post is gone. */
  postBody: z.string().nullable(),
  status: z.enum(AD_CAMPAIGN_STATUSES),
  cpmLamports: z.string(),
  dailyLimitLamports: z.string(),
  budgetLamports: z.string(),
  spentLamports: z.string(),
  /** Spent today (UTC): the campaign pauses itself for the day at the daily limit. */
  spentTodayLamports: z.string(),
  /** Billed impressions: one per established viewer per UTC day. */
  impressions: z.number().int().nonnegative(),
  uniqueViewers: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  /** clicks / impressions (0 before the first impression). */
  ctr: z.number().nonnegative(),
  /** spent × 1000 / impressions, in lamports; null before the first impression. */
  effectiveCpmLamports: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** The unspent budget sent back when the campaign ended (null before). */
  refund: z
    .object({
      lamports: z.string(),
      /** Null when nothing was left to send back. */
      signature: z.string().nullable(),
    })
    .nullable(),
});
export type AdCampaign = z.infer<typeof adCampaignSchema>;

export const adCampaignDaySchema = z.object({
  /** 'YYYY-MM-DD' (UTC). */
  day: z.string(),
  impressions: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  spentLamports: z.string(),
});
export type AdCampaignDay = z.infer<typeof adCampaignDaySchema>;

/** GET /api/ads/campaigns/{id}: the campaign and its figures per day, oldest first. */
export const adCampaignDetailSchema = adCampaignSchema.extend({
  days: z.array(adCampaignDaySchema),
});
export type AdCampaignDetail = z.infer<typeof adCampaignDetailSchema>;

/** GET /api/ads/campaigns */
export const adCampaignListSchema = z.object({ campaigns: z.array(adCampaignSchema) });
export type AdCampaignList = z.infer<typeof adCampaignListSchema>;

/** GET /api/ads/config: where budgets go and the feed's rate. */
export const adConfigSchema = z.object({
  /** Whether campaigns can be made here (the server holds the treasury's key). */
  enabled: z.boolean(),
  /** The platform treasury that budgets are sent to; null when disabled. */
  treasury: z.string().nullable(),
  /** At most one sponsored item in every `feedEvery` items of the For you feed. */
  feedEvery: z.number().int().positive(),
  minBudgetLamports: z.string(),
  minCpmLamports: z.string(),
});
export type AdConfig = z.infer<typeof adConfigSchema>;

/** POST /api/ads/campaigns/{id}/impression and /click */
export const adEventResponseSchema = z.object({
  /** Whether this view (or click) was counted: the first today by an established viewer. */
  counted: z.boolean(),
  /** Lamports charged for it ('0' for clicks and views that were not counted). */
  chargedLamports: z.string(),
});
export type AdEventResponse = z.infer<typeof adEventResponseSchema>;

/** A feed item's sponsored marker (a post promoted by a campaign). */
export const sponsoredMarkerSchema = z.object({ campaignId: z.string() });
export type SponsoredMarker = z.infer<typeof sponsoredMarkerSchema>;
