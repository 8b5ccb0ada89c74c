/**
 * The escrow slice's public face: escrow vaults held by the vault program on chain (decision
 * 009). Planning and creating one with its post, indexing it from the chain (on request and on
 * a timer), and reading its deposits. The vaults slice presents escrow vaults beside direct
 * ones; nothing else in this folder is imported from outside it.
 */
export { startEscrowIndexer, type EscrowIndexer } from './indexer.ts';
// The expiry sweep locks stale pending vaults in its own transaction, before deleting their posts.
export { lockStalePendingVaultPosts, type EscrowLeaderboardRow } from './repo.ts';
export {
  createEscrowDeps,
  createEscrowVaultForPost,
  getEscrowLeaderboard,
  getMyDeposits,
  getVaultDeposits,
  planEscrowVault,
  runEscrowIndexPass,
  syncEscrowVault,
  type EscrowDeps,
  type EscrowParts,
  type EscrowPlan,
  type IndexPassResult,
  type MyDeposit,
  type VaultChainFacts,
} from './service.ts';
