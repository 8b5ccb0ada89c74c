import { z } from 'zod';
import { VAULT_STATUSES } from './vaults.ts';

/**
 * The vaults' wire shapes (docs/api.md "Vaults"), apart from the rules in vaults.ts so that the
 * web app can use the rules without bundling zod.
 */

export const vaultCreatorSchema = z.object({ walletAddress: z.string() });

/** The vault summary a vault post carries in the feed (spec section 3, plus endsAt). */
export const vaultSummarySchema = z.object({
  id: z.string(),
  status: z.enum(VAULT_STATUSES),
  /** Lamports supported so far, an integer string. */
  currentAmount: z.string(),
  /** Lamports to reach, an integer string. */
  targetAmount: z.string(),
  supporterCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  endsAt: z.string(),
  creator: vaultCreatorSchema,
});
export type VaultSummary = z.infer<typeof vaultSummarySchema>;

export const vaultUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  walletAddress: z.string(),
});
export type VaultUser = z.infer<typeof vaultUserSchema>;

/** GET /api/vaults/{id}/leaderboard: supporters ranked by total given. */
export const leaderboardEntrySchema = z.object({
  /** The supporter's user id (one entry per supporter). */
  id: z.string(),
  supporter: vaultUserSchema,
  /** Lamports given in all, an integer string. */
  total: z.string(),
  /** How many supports. */
  supports: z.number().int().positive(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const vaultSupportSchema = z.object({
  id: z.string(),
  vaultId: z.string(),
  supporter: vaultUserSchema,
  amount: z.string(),
  transactionSignature: z.string(),
  slot: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type VaultSupport = z.infer<typeof vaultSupportSchema>;

/** POST /api/vaults/{id}/support. Both fields are checked by the service (missing → 400). */
export const supportVaultRequestSchema = z.object({
  transactionSignature: z.string().max(200).optional(),
  amount: z.string().max(64).optional(),
});
export type SupportVaultRequest = z.input<typeof supportVaultRequestSchema>;

/** The answer to a support, the same for a retry with the same signature. */
export const supportVaultResponseSchema = z.object({
  support: vaultSupportSchema,
  vault: vaultSummarySchema,
});
export type SupportVaultResponse = z.infer<typeof supportVaultResponseSchema>;

/** One of /my-vaults' lists: the vault, its post's text, and what the viewer gave. */
export const myVaultItemSchema = vaultSummarySchema.extend({
  postId: z.string(),
  body: z.string(),
  unlockedAt: z.string().nullable(),
  /** Lamports the viewer gave to this vault (0 for their own vaults). */
  given: z.string(),
});
export type MyVaultItem = z.infer<typeof myVaultItemSchema>;

export const myVaultsResponseSchema = z.object({
  items: z.array(myVaultItemSchema),
  totals: z.object({
    /** Vaults in the list (all of them, not only the ones returned). */
    vaults: z.number().int().nonnegative(),
    /** 'created': lamports raised by all of them; 'supported': lamports the viewer gave. */
    amount: z.string(),
    unlocked: z.number().int().nonnegative(),
  }),
});
export type MyVaultsResponse = z.infer<typeof myVaultsResponseSchema>;
