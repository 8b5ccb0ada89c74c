/**
 * The vaults' wire shapes (docs/api.md "Vaults"), as hand-written interfaces so zod stays out
 * of the feed's chunk; the server validates, the client trusts.
 */
import type { FeedPost, PostVault } from '../feed/types.ts';
import type { EscrowDepositView } from './escrow-types.ts';

export interface VaultUserView {
  id: string;
  username: string | null;
  displayName: string | null;
  walletAddress: string;
}

export interface LeaderboardEntryView {
  id: string;
  supporter: VaultUserView;
  total: string;
  supports: number;
}

export interface VaultSupportView {
  id: string;
  vaultId: string;
  supporter: VaultUserView;
  amount: string;
  transactionSignature: string;
  slot: number;
  createdAt: string;
}

export interface VaultDetailView extends PostVault {
  endsAt: string;
  postId: string;
  unlockedAt: string | null;
  post: FeedPost;
  supports: VaultSupportView[];
  /** Escrow vaults: the deposits the server indexed (latest 100 by amount). */
  deposits?: EscrowDepositView[];
}

export interface SupportVaultResult {
  support: VaultSupportView;
  vault: PostVault;
}

export interface MyVaultItemView extends PostVault {
  endsAt: string;
  postId: string;
  body: string;
  unlockedAt: string | null;
  given: string;
}

export interface MyVaultsView {
  items: MyVaultItemView[];
  totals: { vaults: number; amount: string; unlocked: number };
}
