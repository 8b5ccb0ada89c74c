/**
 * The advertiser dashboard's numbers (docs/api.md "Ads"), zod-free so the web's feed can read
 * them without pulling in zod. The server enforces them; the dashboard's form uses the same.
 */

/**
 * N: at most one sponsored item in every N items of a signed-in viewer's For you feed. A page
 * gets at most one, at position N (after N - 1 posts), and only when it has that many posts,
 * so a sponsored item is never first on a page and never next to another.
 */
export const AD_FEED_EVERY = 10;

/** The price per thousand impressions is whole lamports per impression: a multiple of 1000. */
export const AD_CPM_STEP_LAMPORTS = 1000n;
/** The smallest price per thousand impressions (1 lamport an impression). */
export const AD_MIN_CPM_LAMPORTS = 1000n;
/** The smallest budget (and top-up): 0.01 SOL. */
export const AD_MIN_BUDGET_LAMPORTS = 10_000_000n;
export const AD_MIN_BUDGET_SOL = '0.01';
/** The largest budget a campaign may hold: 1,000,000 SOL. */
export const AD_MAX_BUDGET_LAMPORTS = 1_000_000n * 1_000_000_000n;

/** Days of figures the campaign's chart shows (today and the days before it). */
export const AD_CHART_DAYS = 14;

/** How much of a sponsored card must be on screen for it to count as seen. */
export const AD_SEEN_RATIO = 0.5;

export const AD_CAMPAIGN_STATUSES = ['active', 'paused', 'out_of_budget', 'ended'] as const;
export type AdCampaignStatus = (typeof AD_CAMPAIGN_STATUSES)[number];

/** What one impression costs: the CPM over a thousand (exact: the CPM is a multiple of 1000). */
export function adImpressionPrice(cpmLamports: bigint): bigint {
  return cpmLamports / 1000n;
}

/** Why a CPM is refused, or null when it is fine. */
export function adCpmProblem(cpmLamports: bigint): 'too_low' | 'not_multiple' | null {
  if (cpmLamports < AD_MIN_CPM_LAMPORTS) return 'too_low';
  if (cpmLamports % AD_CPM_STEP_LAMPORTS !== 0n) return 'not_multiple';
  return null;
}

/** Effective CPM: what a thousand impressions actually cost (null before the first one). */
export function adEffectiveCpm(spentLamports: bigint, impressions: number): bigint | null {
  return impressions > 0 ? (spentLamports * 1000n) / BigInt(impressions) : null;
}

/** Click-through rate as a fraction (0 before the first impression). */
export function adCtr(clicks: number, impressions: number): number {
  return impressions > 0 ? clicks / impressions : 0;
}

/** The UTC day of a moment, 'YYYY-MM-DD' (impressions count once per viewer per day). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
