/**
 * The vaults feature's face: direct and escrow vaults: panels, support, leaderboards, history and
 * the user's vaults.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export type { EscrowView, MyDepositsView } from './escrow-types.ts';
export { SolAmountDialog } from './sol-amount-dialog.tsx';
export { useOpenDialogSolBalance } from './sol-balance-label.tsx';
export { runVaultSupport, supportFailureMessage } from './support-flow.ts';
export { LockedMediaNotice, ViewVaultLink } from './vault-blocks.tsx';
export {
  explorerAddressUrl,
  explorerTxUrl,
  lamportsOf,
  percentReached,
  shortSignature,
  solText,
  supporterCountText,
  vaultEnd,
} from './vault-display.ts';
export { LeaderboardHeading, LeaderboardList, SupportHistory } from './vault-history.tsx';
export { VaultPanel } from './vault-panel.tsx';
export {
  VAULTS_ROOT,
  useLeaderboard,
  useMyVaults,
  useVault,
  vaultsEnabledIn,
} from './vault-queries.ts';
export type { MyVaultItemView, MyVaultsView, VaultDetailView } from './vault-types.ts';
