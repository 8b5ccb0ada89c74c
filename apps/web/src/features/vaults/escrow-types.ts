/**
 * Escrow vaults' wire shapes (/tmp/shared/escrow-contract.md, issue 9): a vault post whose SOL
 * is held by our vault program. Lamport and DUM amounts are decimal strings of base units,
 * timestamps unix seconds as strings.
 */
import type { PostVault } from '../feed/types.ts';

export interface EscrowView {
  /** Pending until the server finds the vault account on chain (shown to its creator only). */
  state: 'pending' | 'live';
  programId: string;
  /** The vault PDA (post id + creator). */
  address: string;
  /** The post id as the program's u64, decimal. */
  postId: string;
  multiplier: number;
  durationSeconds: string;
  startTs: string | null;
  endTs: string | null;
  totalDeposited: string;
  claimedAmount: string;
  participantCount: number;
  penaltyBps: number;
  rewardsPerSol: string;
  stakingRatePerSecond: string;
  /** The program's own status name ('active' or 'paid_out'). */
  chainStatus: string;
  /** SHA-256 of the media bytes committed on chain, hex; null without media. */
  contentHash: string | null;
  indexedAt: string | null;
}

export interface EscrowDepositView {
  /** The deposit account. */
  address: string;
  /** The participant's wallet. */
  participant: string;
  supporterId: string | null;
  username: string | null;
  /** Lamports locked now. */
  amount: string;
  totalDeposited: string;
  accruedReward: string;
  rewardMinted: string;
  penaltyPaid: string;
  firstDepositTs: string;
  lastUpdateTs: string;
  rewarded: boolean;
  refunded: boolean;
  claimed: boolean;
}

/** A vault known to be an escrow one (kind 'escrow' with its chain facts). */
export type EscrowVault = PostVault & { kind: 'escrow'; escrow: EscrowView };

export function isEscrowVault(vault: PostVault | null | undefined): vault is EscrowVault {
  return vault?.kind === 'escrow' && vault.escrow != null;
}

/** GET /api/vaults?mine=deposits: a vault summary plus my deposit in it. */
export interface MyDepositItemView extends PostVault {
  endsAt: string;
  postId: string;
  body: string;
  unlockedAt: string | null;
  myDeposit: EscrowDepositView;
}

export interface MyDepositsView {
  items: MyDepositItemView[];
  totals: { vaults: number; amount: string; unlocked: number };
}
