import { z } from 'zod';
import { feedItemSchema } from './feed.ts';
import { escrowDepositSchema, vaultSummarySchema, vaultSupportSchema } from './vault-schemas.ts';

/** GET /api/vaults/{id}: the vault, its post (media withheld as in the feed), recent supports. */
export const vaultDetailSchema = vaultSummarySchema.extend({
  postId: z.string(),
  unlockedAt: z.string().nullable(),
  post: feedItemSchema,
  /** Newest first, at most VAULT_SUPPORTS_SHOWN. */
  supports: z.array(vaultSupportSchema),
  /** Escrow vaults only: the latest deposits indexed from the chain, largest first. */
  deposits: z.array(escrowDepositSchema).optional(),
});
export type VaultDetail = z.infer<typeof vaultDetailSchema>;
