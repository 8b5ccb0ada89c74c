import { timingSafeEqual } from 'node:crypto';
import type { ChainClient, TransferRejection } from '@dum/chain';
import {
  AppError,
  checkVaultAmount,
  LEADERBOARD_LIMIT_MAX,
  supportRefusal,
  VAULT_SUPPORT_CLOCK_MARGIN_SECONDS,
  type ErrorCode,
  type EscrowSummary,
  type FeedItem,
  type LeaderboardEntry,
  type MyDepositsResponse,
  type MyVaultItem,
  type MyVaultsResponse,
  type SupportRefusal,
  type SupportVaultRequest,
  type SupportVaultResponse,
  type VaultDetail,
  type VaultSummary,
  type VaultSupport,
} from '@dum/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { announceAfterCommit, type EventBus } from '../../realtime/index.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import {
  getEscrowLeaderboard,
  getMyDeposits as getMyEscrowDeposits,
  getVaultDeposits,
} from '../escrow/index.ts';
import { MEDIA_URL_PREFIX, type MediaAccess, type MediaAccessCheck } from '../media/index.ts';
import {
  settleIntent,
  signatureIsSpent,
  verifyPayment,
  type PaymentReport,
} from '../payments/index.ts';
import { isBlockedEitherWay } from '../people/index.ts';
import {
  readCreatedVaults,
  readLeaderboard,
  readMediaVault,
  readRecentSupports,
  readSupportBySignature,
  readSupporterIds,
  readSupportedVaults,
  readVault,
  readVaultFacts,
  readVaultsOfPosts,
  readVaultsWithBody,
  type LeaderboardRow,
  type MyVaultRow,
  type RecordedSupport,
  type SupportRow,
  type VaultFactsRow,
  type VaultRow,
} from './repo.ts';
import type { SupportWriter } from './support-writer.ts';

/** What the vaults' logic needs; built once from the app context (routes.ts). */
export interface VaultDeps {
  db: Db;
  pool: pg.Pool;
  clock: Clock;
  bus: EventBus;
  chain: ChainClient;
  logger: FastifyBaseLogger;
  enabled: boolean;
  /** Gives the events a support queues their rewards (modules/emissions). */
  emissions: EmissionSequencer;
  /** Immutable vault facts by id (creator, end, target), so a support reads none of them. */
  facts: Map<string, VaultFactsRow>;
  /**
   * Each vault's supporters as this instance last knew them (the real-time audience of its
   * supports). A vault's supporters only grow, so the copy is current when its size matches
   * the supporter count a support answers; otherwise it is read again.
   */
  supporters: Map<string, Set<string>>;
  /** Records supports, together when they arrive together (group commit). */
  supports: SupportWriter;
}

const FACTS_CACHE_SIZE = 10_000;

export interface VaultViewer {
  id: string;
  solAddress: string;
}

// ---- Presentation -----------------------------------------------------------------------------

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

function toSupport(row: SupportRow): VaultSupport {
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

function toMyVaultItem(row: MyVaultRow): MyVaultItem {
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
  items: readonly { id: string; kind: string }[],
): Promise<PageVaults> {
  const vaultPostIds = items.filter((item) => item.kind === 'vault').map((item) => item.id);
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
  return row ? presentVaultPost(item, row, viewerId) : item;
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

/**
 * GET /media/<name>: whether a stored file may be served to this request. Files of a locked
 * vault are 'hidden' (404) from everyone but the creator, who is recognised by their bearer
 * token or by the vault's media key in `?key=`; those answers are 'private' (not cached by
 * shared caches). Everything else is 'public'.
 */
export async function mediaAccess(
  pool: pg.Pool,
  args: { name: string; key: string | undefined; viewerId: string | null },
): Promise<MediaAccess> {
  const vault = await readMediaVault(pool, args.name);
  if (!vault || vault.status !== 'active') return 'public';
  if (args.viewerId === vault.creator_id) return 'private';
  if (args.key && sameSecret(args.key, vault.media_key)) return 'private';
  return 'hidden';
}

/** The media slice's access check, answered by locked vaults (app.ts wires it). */
export function vaultMediaAccess(pool: pg.Pool): MediaAccessCheck {
  return (args) => mediaAccess(pool, args);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// ---- Support ----------------------------------------------------------------------------------

const REFUSAL_ERROR: Record<SupportRefusal, ErrorCode> = {
  own_vault: 'vault_own_support',
  not_active: 'vault_not_active',
  ended: 'vault_ended',
};

const REJECTION_ERROR: Record<TransferRejection, ErrorCode> = {
  invalid_signature: 'transaction_signature_invalid',
  unknown_signature: 'transaction_not_found',
  failed: 'transaction_failed',
  no_system_transfer: 'transfer_not_found',
  transfer_not_top_level: 'transfer_not_found',
  wrong_sender: 'transfer_wrong_sender',
  wrong_recipient: 'transfer_wrong_recipient',
  wrong_amount: 'transfer_wrong_amount',
  too_early: 'transfer_before_vault',
};

/** The error a transfer that did not verify answers (a support's, a mystery join's). */
export function transferRejectionError(reason: TransferRejection): ErrorCode {
  return REJECTION_ERROR[reason];
}

/** The immutable facts of a vault, from memory (or read once). */
async function vaultFacts(deps: VaultDeps, vaultId: bigint): Promise<VaultFactsRow | null> {
  const key = vaultId.toString();
  const cached = deps.facts.get(key);
  if (cached) return cached;
  const facts = await readVaultFacts(deps.pool, vaultId);
  if (facts) {
    if (deps.facts.size >= FACTS_CACHE_SIZE) deps.facts.clear();
    deps.facts.set(key, facts);
  }
  return facts;
}

/**
 * POST /api/vaults/{id}/support. The client has sent `amount` SOL from the caller's wallet to
 * the creator's and waited for confirmation; this verifies the transfer on the cluster and
 * credits it, once:
 *
 * - The signature pays once, for a support or a tip (spent_transfer_signatures). A retry (same
 *   caller, vault and amount) answers the recorded support again; a signature recorded for
 *   anything else is refused (409). 50
 *   parallel calls with one signature take turns on the vault's row lock, and all but the first
 *   find it recorded.
 * - One call records it (record_vault_support, repo.ts recordSupport; supports that arrive
 *   together are recorded in one call and one commit, support-writer.ts): it takes the vault's
 *   row lock, held to commit, so concurrent supports take turns, the total is exact, and active →
 *   unlocked happens in exactly one of them (with the vault_unlocked activity). Ended and
 *   unlocked vaults refuse.
 * - The `vault_supported` rewarded event is queued in that call and sequenced before the answer
 *   (decision 010).
 */
export async function supportVault(
  deps: VaultDeps,
  viewer: VaultViewer,
  vaultId: bigint,
  input: SupportVaultRequest,
  /** Who reports the transfer: the signed-in supporter, or a holder of its intent's reference. */
  report: PaymentReport = { by: 'payer', payer: viewer.solAddress },
): Promise<SupportVaultResponse> {
  const { signature, amount } = checkSupportInput(input);
  if (!deps.enabled) throw new AppError('vaults_disabled');

  const facts = await vaultFacts(deps, vaultId);
  if (!facts) throw new AppError('vault_not_found');
  // Escrow vaults take SOL through the vault program only (the indexer records it); a pending
  // one is its creator's alone, so to anyone else it does not exist.
  if (facts.kind === 'escrow') {
    await requireVisibleVault(deps, vaultId, viewer.id);
    throw new AppError('vault_escrow_support');
  }
  if (facts.creator_id === viewer.id) throw new AppError('vault_own_support');
  if (await isBlockedEitherWay(deps.db, viewer.id, facts.creator_id)) {
    throw new AppError('blocked');
  }

  const checked = await verifyPayment(deps, {
    signature,
    purpose: { kind: 'vault_support', vaultId },
    recipient: facts.creator_wallet,
    lamports: amount,
    // A transfer made before the vault existed (an old payment between the same wallets) is
    // not a support of it: its block time must be at or after the vault's creation, less a
    // small margin for the cluster's clock.
    notBefore: Math.floor(facts.created_at.getTime() / 1000) - VAULT_SUPPORT_CLOCK_MARGIN_SECONDS,
    report,
  });
  const verified = checked.ok ? { ok: true as const, slot: checked.payment.slot } : checked;
  if (!verified.ok) {
    // A recorded signature sent again for something else is a replay, whatever else is wrong.
    if (await signatureIsSpent(deps.pool, signature)) {
      return answerExisting(deps, signature, viewer, vaultId, amount);
    }
    throw new AppError(REJECTION_ERROR[verified.reason]);
  }

  const now = deps.clock.now();
  const row = await deps.supports.record({
    vaultId,
    supporterId: viewer.id,
    signature,
    amount,
    slot: verified.slot,
    now,
  });
  // Nothing was written: the same answer again for a retry of a recorded support, else 409.
  if (row.kind === 'signature_taken')
    return answerExisting(deps, signature, viewer, vaultId, amount);
  if (row.kind === 'vault_closed') {
    // Nothing was written. A retry of a support recorded before the vault closed gets its
    // answer again; otherwise say which refusal: gone, unlocked, or ended.
    if (await signatureIsSpent(deps.pool, signature)) {
      return answerExisting(deps, signature, viewer, vaultId, amount);
    }
    const vault = await readVault(deps.pool, vaultId);
    if (!vault) throw new AppError('vault_not_found');
    const refusal = supportRefusal(
      { status: vault.status, endsAt: vault.ends_at, creatorId: vault.creator_id },
      viewer.id,
      now,
    );
    throw new AppError(REFUSAL_ERROR[refusal ?? 'not_active']);
  }
  if (checked.ok) await settleIntent(deps, checked.payment);
  await deps.emissions.settle();
  const audience = [facts.creator_id, ...(await supportersOf(deps, vaultId, viewer.id, row))];
  await announceAfterCommit(
    deps,
    { kind: 'users', userIds: audience },
    {
      type: 'vault_support',
      data: {
        vaultId: vaultId.toString(),
        support: { supporterId: viewer.id, amount: amount.toString() },
      },
    },
  );
  if (row.unlocked) {
    await announceAfterCommit(
      deps,
      { kind: 'users', userIds: audience },
      {
        type: 'vault_completed',
        data: { vaultId: vaultId.toString() },
      },
    );
  }
  return supportAnswer({ vaultId, viewer, signature, amount, slot: verified.slot, facts, row });
}

/**
 * The signature and amount of a support (or a mystery join: the same rules), or the error to
 * answer.
 */
export function checkSupportInput(input: SupportVaultRequest): {
  signature: string;
  amount: bigint;
} {
  const signature = input.transactionSignature?.trim() ?? '';
  const amountText = input.amount?.trim() ?? '';
  if (!signature || !amountText) throw new AppError('vault_support_missing_data');
  const amountCheck = checkVaultAmount(amountText);
  if (!amountCheck.ok) {
    throw new AppError(
      amountCheck.reason === 'below_minimum' ? 'vault_amount_below_minimum' : 'invalid_amount',
    );
  }
  return { signature, amount: amountCheck.lamports };
}

/** A recorded support and the vault after it, from the write's answer and the vault's facts. */
function supportAnswer(args: {
  vaultId: bigint;
  viewer: VaultViewer;
  signature: string;
  amount: bigint;
  slot: number;
  facts: VaultFactsRow;
  row: Extract<RecordedSupport, { kind: 'recorded' }>;
}): SupportVaultResponse {
  const { vaultId, facts, row } = args;
  return {
    support: {
      id: row.id,
      vaultId: vaultId.toString(),
      supporter: { id: args.viewer.id, ...row.supporter },
      amount: args.amount.toString(),
      transactionSignature: args.signature,
      slot: args.slot,
      createdAt: row.createdAt.toISOString(),
    },
    vault: {
      id: vaultId.toString(),
      status: row.status,
      currentAmount: row.total.toString(),
      targetAmount: row.target.toString(),
      supporterCount: row.supporterCount,
      createdAt: new Date(facts.created_at).toISOString(),
      endsAt: new Date(facts.ends_at).toISOString(),
      creator: { walletAddress: facts.creator_wallet },
      kind: 'direct',
      escrow: null,
    },
  };
}

/**
 * The vault's supporters after a recorded support: the cached set with the caller added while
 * its size matches the vault's supporter count (the usual case: one instance, or no new
 * supporter elsewhere), else read again (another instance counted a new supporter, or a
 * supporter's account was deleted).
 */
async function supportersOf(
  deps: VaultDeps,
  vaultId: bigint,
  supporterId: string,
  recorded: { supporterCount: number },
): Promise<Set<string>> {
  const key = vaultId.toString();
  let supporters = deps.supporters.get(key);
  supporters?.add(supporterId);
  if (!supporters || supporters.size !== recorded.supporterCount) {
    supporters = new Set(await readSupporterIds(deps.pool, vaultId));
    supporters.add(supporterId);
    if (deps.supporters.size >= FACTS_CACHE_SIZE) deps.supporters.clear();
    deps.supporters.set(key, supporters);
  }
  return supporters;
}

/**
 * A signature that was spent before: the same answer for the same call, 409 otherwise (another
 * support, or a tip).
 */
async function answerExisting(
  deps: VaultDeps,
  signature: string,
  viewer: VaultViewer,
  vaultId: bigint,
  amount: bigint,
): Promise<SupportVaultResponse> {
  const [existing, vault] = await Promise.all([
    readSupportBySignature(deps.pool, signature),
    readVault(deps.pool, vaultId),
  ]);
  // No support has it: a tip spent it (or its supporter's account is gone).
  const sameCall =
    existing !== null &&
    existing.supporter_id === viewer.id &&
    existing.vault_id === vaultId.toString() &&
    BigInt(existing.amount) === amount;
  if (!sameCall) throw new AppError('transaction_already_used');
  if (!vault) throw new AppError('vault_not_found');
  return { support: toSupport(existing), vault: toVaultSummary(vault) };
}

// ---- Reads ------------------------------------------------------------------------------------

/** Reads the post of a vault as the feed shows it (the feed slice answers it; app.ts wires it). */
export type PostReader = (postId: bigint, viewerId: string | null) => Promise<FeedItem | null>;

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
