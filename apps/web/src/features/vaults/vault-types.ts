/**
 * The vaults' wire shapes under the web app's names: the types of their zod schemas in
 * @dum/core (vault-schemas.ts, vault-detail.ts), imported as types only so zod stays out of the
 * bundle; the server validates, the client trusts.
 */
export type {
  LeaderboardEntry as LeaderboardEntryView,
  MyVaultItem as MyVaultItemView,
  MyVaultsResponse as MyVaultsView,
  SupportVaultResponse as SupportVaultResult,
  VaultDetail as VaultDetailView,
  VaultSupport as VaultSupportView,
  VaultUser as VaultUserView,
} from '@dum/core';
