import {
  AppError,
  LEADERBOARD_LIMIT_MAX,
  type FeedItem,
  type LeaderboardEntry,
  type MyDepositsResponse,
  type MyVaultsResponse,
  type VaultDetail,
  type VaultSummary,
} from '@dum/core';
import {
  getEscrowLeaderboard,
  getMyDeposits as getMyEscrowDeposits,
  getVaultDeposits,
} from '../escrow/index.ts';
import type { VaultDeps } from './deps.ts';
import { presentVaultPost, toMyVaultItem, toSupport, toVaultSummary } from './presentation.ts';
import {
  readCreatedVaults,
  readLeaderboard,
  readRecentSupports,
  readSupportedVaults,
  readVault,
  readVaultsWithBody,
  type LeaderboardRow,
  type VaultRow,
} from './repo.ts';

/** Reads the post of a vault as the feed shows it (the feed slice answers it; slice-deps.ts wires it). */
export type PostReader = (postId: bigint, viewerId: string | null) => Promise<FeedItem | null>;

/**
 * Whether the viewer may not see this vault: a pending escrow vault (not found on chain yet) is
 * its creator's alone; a vault whose post is gone from every reader (expired, or hidden by
 * moderation, which moves the post's expiry to the moment it hides it) is no one's, its
 * creator's included, as the post itself answers post_not_found to everyone.
 */
export function hiddenFrom(
  row: VaultRow & { post_expires_at: Date | null },
  viewerId: string | null,
  now: Date,
): boolean {
  if (row.post_expires_at !== null && row.post_expires_at.getTime() <= now.getTime()) return true;
  return row.kind === 'escrow' && row.e_state !== 'live' && row.creator_id !== viewerId;
}

export async function getVaultDetail(
  deps: VaultDeps,
  vaultId: bigint,
  viewerId: string | null,
  readPost: PostReader,
): Promise<VaultDetail> {
  const vault = await readVault(deps.pool, vaultId);
  if (!vault || hiddenFrom(vault, viewerId, deps.clock.now()))
    throw new AppError('vault_not_found');
  const escrow = vault.kind === 'escrow';
  const [post, supports, deposits] = await Promise.all([
    readPost(BigInt(vault.post_id), viewerId),
    escrow ? Promise.resolve([]) : readRecentSupports(deps.pool, vaultId),
    escrow ? getVaultDeposits(deps.pool, vaultId) : Promise.resolve(null),
  ]);
  if (!post) throw new AppError('vault_not_found');
  return {
    ...toVaultSummary(vault),
    postId: vault.post_id,
    unlockedAt: vault.unlocked_at ? vault.unlocked_at.toISOString() : null,
    post: presentVaultPost(post, vault, viewerId),
    supports: supports.map(toSupport),
    ...(deposits ? { deposits } : {}),
  };
}

/**
 * The vault, or vault_not_found when there is none or the viewer may not see it (a pending
 * escrow vault of someone else): both answer the same.
 */
export async function requireVisibleVault(
  deps: Pick<VaultDeps, 'pool' | 'clock'>,
  vaultId: bigint,
  viewerId: string | null,
): Promise<void> {
  const vault = await readVault(deps.pool, vaultId);
  if (!vault || hiddenFrom(vault, viewerId, deps.clock.now()))
    throw new AppError('vault_not_found');
}

/** A vault's summary as it stands (after an escrow sync, for one). */
export async function getVaultSummary(deps: VaultDeps, vaultId: bigint): Promise<VaultSummary> {
  const row = await readVault(deps.pool, vaultId);
  if (!row) throw new AppError('vault_not_found');
  return toVaultSummary(row);
}

function toLeaderboardEntry(row: LeaderboardRow): LeaderboardEntry {
  return {
    id: row.supporter_id,
    supporter: {
      id: row.supporter_id,
      username: row.username,
      displayName: row.display_name,
      walletAddress: row.sol_address,
    },
    total: row.total,
    supports: row.supports,
  };
}

/**
 * Supporters ranked by what they gave: for direct vaults their transfers' total, for escrow
 * vaults the lamports they have locked now (participants signed in with their wallet).
 */
export async function getLeaderboard(
  deps: VaultDeps,
  vaultId: bigint,
  viewerId: string | null = null,
  limit: number = LEADERBOARD_LIMIT_MAX,
): Promise<LeaderboardEntry[]> {
  const vault = await readVault(deps.pool, vaultId);
  if (!vault || hiddenFrom(vault, viewerId, deps.clock.now()))
    throw new AppError('vault_not_found');
  const rows =
    vault.kind === 'escrow'
      ? await getEscrowLeaderboard(deps.pool, vaultId, limit)
      : await readLeaderboard(deps.pool, vaultId, limit);
  return rows.map(toLeaderboardEntry);
}

export async function getMyVaults(
  deps: VaultDeps,
  userId: string,
  mine: 'created' | 'supported',
): Promise<MyVaultsResponse> {
  const result =
    mine === 'created'
      ? await readCreatedVaults(deps.pool, userId)
      : await readSupportedVaults(deps.pool, userId);
  return {
    items: result.rows.map(toMyVaultItem),
    totals: { vaults: result.count, amount: result.amount, unlocked: result.unlocked },
  };
}

/** My Vaults' deposits: each of the wallet's escrow deposits on its vault's summary. */
export async function getMyDeposits(deps: VaultDeps, wallet: string): Promise<MyDepositsResponse> {
  const { deposits, totals } = await getMyEscrowDeposits(deps.pool, wallet);
  const rows = await readVaultsWithBody(
    deps.pool,
    deposits.map((d) => d.vaultId),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    items: deposits.flatMap(({ vaultId, deposit }) => {
      const row = byId.get(vaultId.toString());
      if (!row) return [];
      return [
        {
          ...toVaultSummary(row),
          postId: row.post_id,
          body: row.body,
          unlockedAt: row.unlocked_at ? new Date(row.unlocked_at).toISOString() : null,
          given: deposit.claimed || deposit.refunded ? '0' : deposit.amount,
          myDeposit: deposit,
        },
      ];
    }),
    totals,
  };
}
