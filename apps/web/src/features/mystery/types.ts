/**
 * The mystery vaults' wire shapes (packages/core/src/capsule-mystery.ts), imported as types only
 * so zod stays out of the bundle; the server validates, the client trusts.
 */
import type { MysteryVault } from '@dum/core';

export type { CreateMysteryRequest, MysteryPage, MysteryScope, MysteryVault } from '@dum/core';

/** POST /api/mystery-vaults/{id}/join's answer. */
export interface JoinMysteryResult {
  vault: MysteryVault;
  amount: string;
}
