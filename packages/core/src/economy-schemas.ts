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

/**
 * What a Live Activity line says, as data, so each reader's app can word it in their language.
 * Amounts are base units as decimal strings (DUM whole units are shown, SOL with four decimals);
 * `name` is the public name the line was written with (a chosen name or a shortened wallet).
 */
export const activityParamsSchema = z.discriminatedUnion('kind', [
  /** Someone did a rewarded action (a RewardedEventKind); `dum` when it minted any. */
  z.object({
    kind: z.literal('action'),
    name: z.string(),
    action: z.string(),
    dum: z.string().optional(),
  }),
  /** Someone joined through a referral; `dum` went to the friend who referred them. */
  z.object({ kind: z.literal('referral'), name: z.string(), dum: z.string() }),
  /** A halving: epoch `epoch` begins, paying `dum` per event. */
  z.object({ kind: z.literal('halving'), epoch: z.string(), dum: z.string() }),
  /** `count` rewarded events mined in all. */
  z.object({ kind: z.literal('events_milestone'), count: z.string() }),
  /** `millions` million DUM minted in all. */
  z.object({ kind: z.literal('supply_milestone'), millions: z.string() }),
  /** A creator's vault unlocked holding `lamports`. */
  z.object({ kind: z.literal('vault_unlocked'), name: z.string(), lamports: z.string() }),
  /** A creator's mystery vault titled `title` opened. */
  z.object({ kind: z.literal('mystery_opened'), name: z.string(), title: z.string() }),
]);
export type ActivityParams = z.infer<typeof activityParamsSchema>;

/** GET /api/activity/recent: Live Activity lines, newest first. */
export const activityItemSchema = z.object({
  id: z.string(),
  /** One of ACTIVITY_TYPES; the web app shows an unknown type with a plain icon. */
  type: z.string(),
  /** The line in English, as the spec's client shows it. */
  message: z.string(),
  /** The line as data (null on lines older than it); the web app words it from these. */
  params: activityParamsSchema.nullable(),
  created_at: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = z.object({ items: z.array(activityItemSchema) });
export type ActivityPage = z.infer<typeof activityPageSchema>;
