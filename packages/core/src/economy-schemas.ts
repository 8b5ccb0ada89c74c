import { z } from 'zod';
import { meResponseSchema } from './auth.ts';

/**
 * The token economy's payloads (docs/api.md): accounts, rewards, referrals and Live Activity.
 * DUM amounts are base-unit integer strings.
 */

/** A wallet's DUM account as the users, staking and rewards calls answer it. */
export const dumAccountSchema = z.object({
  balance: z.string(),
  staked: z.string(),
  /** Accrued and not yet claimed, up to now. */
  stakingRewards: z.string(),
  totalEarned: z.string(),
});
export type DumAccount = z.infer<typeof dumAccountSchema>;

/** GET /api/users/{address}: the wallet's public record with its DUM. */
export const userRecordSchema = meResponseSchema
  .omit({ referralCode: true })
  .extend({ createdAt: z.string(), ...dumAccountSchema.shape });
export type UserRecord = z.infer<typeof userRecordSchema>;

/** GET /api/rewards/summary: the account and its earnings by ledger kind. */
export const rewardsSummarySchema = z.object({
  account: dumAccountSchema,
  stakingAprBps: z.number().int().nonnegative(),
  byKind: z.array(z.object({ kind: z.string(), amount: z.string(), count: z.number().int() })),
});
export type RewardsSummary = z.infer<typeof rewardsSummarySchema>;

/** One entry of GET /api/rewards/history, newest first. */
export const rewardsHistoryItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  amount: z.string(),
  eventIndex: z.string().nullable(),
  epoch: z.number().int().nullable(),
  createdAt: z.string(),
});
export type RewardsHistoryItem = z.infer<typeof rewardsHistoryItemSchema>;

export const rewardsHistoryPageSchema = z.object({
  items: z.array(rewardsHistoryItemSchema),
  nextCursor: z.string().nullable(),
});
export type RewardsHistoryPage = z.infer<typeof rewardsHistoryPageSchema>;

/** GET /api/referrals/code */
export const referralCodeSchema = z.object({ code: z.string(), link: z.string() });
export type ReferralCode = z.infer<typeof referralCodeSchema>;

/** GET /api/referrals/stats */
export const referralStatsSchema = z.object({
  total_referrals: z.number().int().nonnegative(),
  total_earnings: z.string(),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

/** GET /api/activity/recent: Live Activity lines, newest first. */
export const activityItemSchema = z.object({
  id: z.string(),
  /** One of ACTIVITY_TYPES; the web app shows an unknown type with a plain icon. */
  type: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = z.object({ items: z.array(activityItemSchema) });
export type ActivityPage = z.infer<typeof activityPageSchema>;
