import type {
  EscrowSummary,
  FeedItem,
  MyVaultItem,
  QuotedPost,
  VaultSummary,
  VaultSupport,
} from '@dum/core';
import type pg from 'pg';
import { MEDIA_URL_PREFIX } from '../media/index.ts';
import { readVaultsOfPosts, type MyVaultRow, type SupportRow, type VaultRow } from './repo.ts';

/**
 * How a vault reads in answers: its summary, its supports, and on a feed item, where a locked
 * vault's media is withheld from everyone but its creator.
 */

export function toVaultSummary(row: VaultRow): VaultSummary {
  return {
    id: row.id,
    status: row.status,
    currentAmount: row.total,
    targetAmount: row.target,
    supporterCount: row.supporter_count,
    createdAt: row.created_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    creator: { walletAddress: row.creator_wallet },
    kind: row.kind,
    escrow: toEscrowSummary(row),
  };
}

function toEscrowSummary(row: VaultRow): EscrowSummary | null {
  if (row.kind !== 'escrow' || row.e_state === null) return null;
  return {
    state: row.e_state,
    programId: row.e_program_id ?? '',
    address: row.e_address ?? '',
    postId: row.post_id,
    multiplier: row.e_multiplier ?? 0,
    durationSeconds: row.e_duration_seconds ?? '0',
    startTs: row.e_start_ts,
    endTs: row.e_end_ts,
    totalDeposited: row.e_total_deposited ?? '0',
    claimedAmount: row.e_claimed_amount ?? '0',
    participantCount: row.e_participant_count ?? 0,
    penaltyBps: row.e_penalty_bps ?? 0,
    rewardsPerSol: row.e_rewards_per_sol ?? '0',
    stakingRatePerSecond: row.e_staking_rate_per_second ?? '0',
    chainStatus: row.e_chain_status ?? 'active',
    contentHash: row.e_content_hash,
    indexedAt: row.e_indexed_at ? new Date(row.e_indexed_at).toISOString() : null,
  };
}

export function toSupport(row: SupportRow): VaultSupport {
  return {
    id: row.id,
    vaultId: row.vault_id ?? '',
    supporter: {
      id: row.supporter_id,
      username: row.username,
      displayName: row.display_name,
      walletAddress: row.sol_address,
    },
    amount: row.amount,
    transactionSignature: row.signature,
    slot: Number(row.slot),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function toMyVaultItem(row: MyVaultRow): MyVaultItem {
  return {
    ...toVaultSummary(row),
    postId: row.post_id,
    body: row.body,
    unlockedAt: row.unlocked_at ? row.unlocked_at.toISOString() : null,
    given: row.given,
  };
}

/**
 * Puts each vault post's summary on its feed item, and withholds the media of a vault that is
 * still locked from everyone but its creator: their URLs become null and `locked` true. The
 * creator's URLs carry the vault's media key, which lets their browser load the files (an
 * <img> sends no bearer token). One statement for the whole page, only when it has vault posts.
 */
export async function withVaults(
  pool: pg.Pool,
  items: FeedItem[],
  viewerId: string | null,
): Promise<FeedItem[]> {
  const vaults = await readPageVaults(pool, items);
  return items.map((item) => presentVault(item, vaults, viewerId));
}

/**
 * The vaults of a page's vault posts, read once (one statement, none without vault posts) so
 * that the feed's page cache can present the page to any viewer (presentVault) without asking
 * again.
 */
export interface PageVaults {
  /** The vault's creator, by post id: the one viewer who sees a locked vault's media. */
  creatorOf(postId: string): string | null;
  readonly byPost: ReadonlyMap<string, VaultRow>;
}

export async function readPageVaults(
  pool: pg.Pool,
  items: readonly { id: string; kind: string; quoted?: { id: string; kind: string } | null }[],
): Promise<PageVaults> {
  const vaultPostIds = items.filter((item) => item.kind === 'vault').map((item) => item.id);
  // A quote of a vault shows the vault's progress (and its Support button) too.
  for (const item of items) {
    if (item.quoted?.kind === 'vault') vaultPostIds.push(item.quoted.id);
  }
  const rows = vaultPostIds.length === 0 ? [] : await readVaultsOfPosts(pool, vaultPostIds);
  const byPost = new Map(rows.map((row) => [row.post_id, row]));
  return { byPost, creatorOf: (postId) => byPost.get(postId)?.creator_id ?? null };
}

/** The item with its vault's summary (and its media withheld while locked) for this viewer. */
export function presentVault(
  item: FeedItem,
  vaults: PageVaults,
  viewerId: string | null,
): FeedItem {
  const row = vaults.byPost.get(item.id);
  const presented = row ? presentVaultPost(item, row, viewerId) : item;
  return presented.quoted
    ? { ...presented, quoted: withQuotedVault(presented.quoted, vaults) }
    : presented;
}

/**
 * A quoted vault's progress. Its lock and media were decided where the quote was read (the
 * feed's quoted summary carries a locked vault's media for nobody), so only the summary is put on.
 */
function withQuotedVault(quoted: QuotedPost, vaults: PageVaults): QuotedPost {
  if (quoted.kind !== 'vault') return quoted;
  const row = vaults.byPost.get(quoted.id);
  return row ? { ...quoted, vault: toVaultSummary(row) } : quoted;
}

export function presentVaultPost(item: FeedItem, row: VaultRow, viewerId: string | null): FeedItem {
  const hasMedia = item.imageUrl !== null || item.audioUrl !== null;
  const locked = row.status === 'active';
  const withKey = (url: string | null) =>
    url && url.startsWith(MEDIA_URL_PREFIX)
      ? `${url}?key=${encodeURIComponent(row.media_key)}`
      : url;
  if (!locked || !hasMedia) return { ...item, vault: toVaultSummary(row), locked: false };
  if (viewerId === row.creator_id) {
    return {
      ...item,
      imageUrl: withKey(item.imageUrl),
      audioUrl: withKey(item.audioUrl),
      vault: toVaultSummary(row),
      locked: false,
    };
  }
  // The alt text describes the withheld image, so it is withheld with it.
  return {
    ...item,
    imageUrl: null,
    altText: null,
    audioUrl: null,
    vault: toVaultSummary(row),
    locked: true,
  };
}
