/**
 * The vaults slice's public face: vault posts (direct vaults credited by verified transfers,
 * and escrow vaults through modules/escrow), their summaries on feed items, who may see a
 * locked vault's media, and the vault routes. It owns the vault row, its read and its summary
 * for both kinds; escrow depends on none of it. Nothing else in this folder is imported from
 * outside it.
 */
export {
  createVaultForPost,
  planVault,
  vaultRequestOf,
  type EscrowTermsInput,
  type VaultPlan,
  type VaultRequest,
} from './creation.ts';
export {
  attributeAnonymousSupport,
  supportVaultAnonymously,
  type AnonymousSupport,
} from './anonymous-support.ts';
export { vaultDepsOf, vaultRoutes } from './routes.ts';
export type { VaultDeps } from './deps.ts';
// Handed to escrow by the composition root: the indexer's chain facts onto the vault row.
export { applyEscrowChainFacts } from './repo.ts';
export { vaultMediaAccess } from './media-access.ts';
export { presentVault, readPageVaults, withVaults, type PageVaults } from './presentation.ts';
export { getVaultDetail, type PostReader } from './reads.ts';
export {
  checkSupportInput,
  supportVault,
  transferRejectionError,
  verifySupportPayment,
} from './service.ts';
