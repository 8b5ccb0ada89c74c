import { z } from 'zod';
import { ESCROW_STATES, VAULT_KINDS } from './escrow.ts';
import { VAULT_STATUSES } from './vaults.ts';

/**
 * The vaults' wire shapes (docs/api.md "Vaults"), apart from the rules in vaults.ts so that the
 * web app can use the rules without bundling zod.
 */

export const vaultCreatorSchema = z.object({ walletAddress: z.string() });

/**
 * An escrow vault's chain facts as the server last indexed them (docs/decisions/009-escrow-vaults.md). Lamport and DUM
 * amounts are decimal strings of base units; timestamps are unix seconds as strings.
 */
export const escrowSummarySchema = z.object({
  /** pending: the post exists, the vault was not found on chain yet (shown to its creator only). */
  state: z.enum(ESCROW_STATES),
  programId: z.string(),
  /** The vault account (PDA of post id + creator wallet). */
  address: z.string(),
  /** The post id as the program's u64. */
  postId: z.string(),
  multiplier: z.number().int(),
  durationSeconds: z.string(),
  startTs: z.string().nullable(),
  endTs: z.string().nullable(),
  totalDeposited: z.string(),
  claimedAmount: z.string(),
  participantCount: z.number().int().nonnegative(),
  penaltyBps: z.number().int().nonnegative(),
  rewardsPerSol: z.string(),
  stakingRatePerSecond: z.string(),
  /** The program's status name ('active' or 'paid_out'). */
  chainStatus: z.string(),
  contentHash: z.string().nullable(),
  /** When the server last read the vault from the chain; null while pending and never read. */
  indexedAt: z.string().nullable(),
});
export type EscrowSummary = z.infer<typeof escrowSummarySchema>;

/** The vault summary a vault post carries in the feed (docs/api.md "Vaults"). */
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
  /** direct: supports are transfers to the creator; escrow: held by the vault program. */
  kind: z.enum(VAULT_KINDS),
  escrow: escrowSummarySchema.nullable(),
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

/** One participant's deposit in an escrow vault (GET /api/vaults/{id}, My Vaults deposits). */
export const escrowDepositSchema = z.object({
  /** The deposit account. */
  address: z.string(),
  /** The participant's wallet. */
  participant: z.string(),
  /** The user signed in with that wallet, if any. */
  supporterId: z.string().nullable(),
  username: z.string().nullable(),
  /** Lamports locked now. */
  amount: z.string(),
  /** Lamports ever deposited (it only grows). */
  totalDeposited: z.string(),
  accruedReward: z.string(),
  rewardMinted: z.string(),
  penaltyPaid: z.string(),
  firstDepositTs: z.string(),
  lastUpdateTs: z.string(),
  rewarded: z.boolean(),
  refunded: z.boolean(),
  claimed: z.boolean(),
});
export type EscrowDeposit = z.infer<typeof escrowDepositSchema>;

/** POST /api/vaults/{id}/escrow/sync: the transaction just sent, as a hint only (optional). */
export const escrowSyncRequestSchema = z
  .object({ signature: z.string().max(200).optional() })
  .strict();
export type EscrowSyncRequest = z.input<typeof escrowSyncRequestSchema>;

export const escrowSyncResponseSchema = z.object({ vault: vaultSummarySchema });
export type EscrowSyncResponse = z.infer<typeof escrowSyncResponseSchema>;

/** GET /api/vaults?mine=deposits: a My Vaults item plus the viewer's deposit in it. */
export const myDepositItemSchema = myVaultItemSchema.extend({ myDeposit: escrowDepositSchema });
export type MyDepositItem = z.infer<typeof myDepositItemSchema>;

export const myDepositsResponseSchema = z.object({
  items: z.array(myDepositItemSchema),
  totals: z.object({
    vaults: z.number().int().nonnegative(),
    /** Lamports the viewer has locked in them now. */
    amount: z.string(),
    unlocked: z.number().int().nonnegative(),
  }),
});
export type MyDepositsResponse = z.infer<typeof myDepositsResponseSchema>;
