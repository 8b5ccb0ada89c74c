import type { ChainClient } from '@dum/chain';
import {
  findVaultAddress,
  readVaultSnapshot,
  vaultProgramIsConfigured,
  type OnChainVault,
  type RpcCall,
  type VaultConfig,
  type VaultSnapshot,
} from '@dum/chain/vault-program';
import {
  AppError,
  checkEscrowTerms,
  ESCROW_SECONDS_PER_DAY,
  escrowTarget,
  escrowVaultStatus,
  VAULT_MIN_SUPPORT_LAMPORTS,
  type EscrowDeposit,
  type EscrowTerms,
  type RealtimeEvent,
  type VaultStatus,
} from '@dum/core';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { sliceBaseDepsOf, type SliceBaseDeps } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Queryable } from '../../db/prepared.ts';
import { announceAfterCommit, type EventBus } from '../../realtime/index.ts';
import { addToDay } from '../analytics/index.ts';
import {
  recordRewardedEvent,
  vaultUnlockedLine,
  writeActivity,
  type EmissionSequencer,
  type Tx,
} from '../emissions/index.ts';
import { checkSnapshot, type EscrowExpectation, type IndexedDeposit } from './checks.ts';
import {
  applyVault,
  claimDueVaults,
  insertEscrowVault,
  lockEscrowVault,
  readAuthor,
  readCreatorName,
  readEscrowLeaderboard,
  readEscrowTarget,
  readMyDeposits,
  readRecordedTotals,
  readVaultDeposits,
  touchIndexedAt,
  upsertDeposits,
  usersOfWallets,
  type DepositRow,
  type EscrowLeaderboardRow,
  type EscrowTargetRow,
  type LockedEscrow,
} from './repo.ts';

/** What escrow vaults need: built once per app context (createEscrowDeps), shared by its users. */
export interface EscrowDeps extends SliceBaseDeps {
  bus: EventBus;
  chain: ChainClient;
  enabled: boolean;
  programId: string;
  /** How often the indexer runs a pass (ESCROW_INDEX_INTERVAL_MS). */
  indexIntervalMs: number;
  /** Gives the events a sync queues their rewards (modules/emissions). */
  emissions: EmissionSequencer;
  /** The program's config once seen on chain (it never goes away), per instance. */
  config: { value: VaultConfig | null };
  /** Per vault id: the sync read under way and the one queued behind it (syncEscrowVault). */
  syncs: Map<string, SyncFlight>;
  applyVaultChainFacts: ApplyVaultChainFacts;
}

/**
 * Writes an escrow vault's chain facts onto its vault row in the indexer's transaction. The
 * vaults slice owns that row and imports this one, so the composition root hands it in.
 */
export type ApplyVaultChainFacts = (client: pg.PoolClient, facts: VaultChainFacts) => Promise<void>;

/** An escrow vault's facts as the chain tells them, for its vault row. */
export interface VaultChainFacts {
  vaultId: bigint;
  /** Lamports deposited in all. */
  total: bigint;
  supporterCount: number;
  status: VaultStatus;
  /** The program's end, in Unix seconds. */
  endTs: bigint;
  now: Date;
}

interface SyncFlight {
  running: Promise<void>;
  queued: Promise<void> | null;
}

/** The parts of the app context escrow vaults use. */
export interface EscrowParts {
  config: Pick<Config, 'vaults'>;
  database: Database;
  clock: Clock;
  bus: EventBus;
  chain: ChainClient;
  logger: FastifyBaseLogger;
  emissions: EmissionSequencer;
  applyVaultChainFacts: ApplyVaultChainFacts;
}

/** The escrow dependencies of one app context (its one cache of the program's config). */
export function createEscrowDeps(parts: EscrowParts): EscrowDeps {
  return {
    ...sliceBaseDepsOf(parts),
    bus: parts.bus,
    chain: parts.chain,
    enabled: parts.config.vaults.enabled,
    programId: parts.config.vaults.programId,
    indexIntervalMs: parts.config.vaults.escrowIndexIntervalMs,
    emissions: parts.emissions,
    config: { value: null },
    syncs: new Map(),
    applyVaultChainFacts: parts.applyVaultChainFacts,
  };
}

function rpcOf(deps: EscrowDeps): RpcCall {
  return (method, params) => deps.chain.rpc.call(method, params);
}

// ---- Creation (checked before, written inside the feed's post transaction) ---------------------

export interface EscrowPlan {
  terms: EscrowTerms;
  target: bigint;
  /** The terms' duration: the program's, and the vault row's end until the chain says when. */
  durationSeconds: bigint;
  config: VaultConfig;
  /** The vault program the vault is created under. */
  programId: string;
}

/**
 * The escrow part of a new vault post, or the error to answer: vaults off (403), a target sent
 * (the multiplier sets it), bad terms (400), or the program not set up on the cluster (403).
 */
export async function planEscrowVault(
  deps: EscrowDeps,
  input: {
    escrow: { multiplier?: unknown; durationDays?: unknown; contentHash?: unknown };
    targetAmount: string | null | undefined;
    hasMedia: boolean;
  },
): Promise<EscrowPlan> {
  if (!deps.enabled) throw new AppError('vaults_disabled');
  if (input.targetAmount !== undefined && input.targetAmount !== null) {
    throw new AppError('validation_failed', {
      details: [
        {
          path: 'targetAmount',
          message: 'An escrow vault has no targetAmount: its target is 0.1 SOL × multiplier',
        },
      ],
    });
  }
  const checked = checkEscrowTerms(input.escrow, input.hasMedia);
  if (!checked.ok) throw new AppError(checked.code, { message: checked.message });
  const config = await programConfig(deps);
  if (!config) throw new AppError('escrow_unavailable');
  return {
    terms: checked.terms,
    target: escrowTarget(checked.terms.multiplier),
    durationSeconds: BigInt(checked.terms.durationDays * ESCROW_SECONDS_PER_DAY),
    config,
    programId: deps.programId,
  };
}

async function programConfig(deps: EscrowDeps): Promise<VaultConfig | null> {
  if (deps.config.value) return deps.config.value;
  const config = await vaultProgramIsConfigured(rpcOf(deps), deps.programId);
  if (config) deps.config.value = config;
  return config;
}

/**
 * The escrow row of a new vault post, in the post's transaction, right after the vaults slice
 * wrote the vault row (kind escrow): pending, with the terms the program's config offers now.
 * No rewarded event yet: vault_created is recorded when the vault is found on chain.
 */
export async function createEscrowVaultForPost(
  client: pg.PoolClient,
  args: { vaultId: bigint; postId: bigint; creatorWallet: string; plan: EscrowPlan },
): Promise<void> {
  const { plan, vaultId } = args;
  // The repo writes through Drizzle on the caller's connection (its transaction).
  const tx = drizzle(client);
  const address = (await findVaultAddress(args.postId, args.creatorWallet, plan.programId)).address;
  await insertEscrowVault(tx, {
    vaultId,
    programId: plan.programId,
    address,
    creatorWallet: args.creatorWallet,
    multiplier: plan.terms.multiplier,
    durationSeconds: plan.durationSeconds,
    contentHash: plan.terms.contentHash,
    penaltyBps: plan.config.penaltyBps,
    rewardsPerSol: plan.config.rewardsPerSol,
    stakingRatePerSecond: plan.config.stakingRatePerSecond,
  });
}

// ---- Indexing -----------------------------------------------------------------------------------

function expectationOf(row: EscrowTargetRow): EscrowExpectation {
  return {
    programId: row.program_id,
    address: row.address,
    postId: BigInt(row.post_id),
    creatorWallet: row.creator_wallet,
    multiplier: row.multiplier,
    target: BigInt(row.target),
    durationSeconds: BigInt(row.duration_seconds),
    contentHash: row.content_hash,
  };
}

interface Announcement {
  audience: string[];
  events: RealtimeEvent[];
  /** A pending vault went live: its post appears in everyone's feed now. */
  newPost: RealtimeEvent | null;
}

/** A deposit whose `totalDeposited` grew since the last recorded read, by `added` lamports. */
interface GrownDeposit extends IndexedDeposit {
  added: bigint;
}

/** A checked read of a vault from the chain, about to be recorded. */
interface CheckedRead {
  vaultId: bigint;
  target: EscrowTargetRow;
  snapshot: VaultSnapshot;
  chainVault: OnChainVault;
  deposits: IndexedDeposit[];
  now: Date;
}

/**
 * Reads an escrow vault from the chain (at `confirmed`, outside any transaction), checks every
 * account against its post (checks.ts) and records it:
 *
 * - Under the vaults row's lock, the recorded deposits are compared with the chain's: each
 *   deposit whose `totalDeposited` grew is announced (`vault_support`, the lamports added) and,
 *   unless the lamports added are below the vaults' minimum support, rewarded
 *   (`vault_supported`, reference "<deposit address>:<totalDeposited>", unique in the ledger),
 *   once, however many syncs run at once on however many instances.
 * - A read older than the one applied (its slot) changes nothing.
 * - pending → live once the account exists (`vault_created` is recorded then, and `new_post`
 *   goes out); active → unlocked once the chain's clock is past the end with the target held
 *   (`vault_completed`; never on a total that touches the target before the end, which early
 *   withdrawals can take back: escrowVaultStatus), → paid_out when claimed.
 *
 * Throws vault_not_found, escrow_not_on_chain, escrow_mismatch (nothing recorded), or
 * chain_unavailable. The vault's summary after it is the vaults slice's to read.
 */
export function syncEscrowVault(deps: EscrowDeps, vaultId: bigint): Promise<void> {
  // Calls for one vault share reads (finding 10: sync spammed into RPC calls): with a read
  // under way, a caller waits for the one queued behind it, which starts when that ends, so
  // it still sees the chain as it was after its call; however many callers, an instance
  // makes at most one read of a vault at a time and queues at most one more.
  const key = vaultId.toString();
  const flight = deps.syncs.get(key);
  if (!flight) return startSync(deps, key, vaultId);
  flight.queued ??= flight.running.then(
    () => startSync(deps, key, vaultId),
    () => startSync(deps, key, vaultId),
  );
  return flight.queued;
}

function startSync(deps: EscrowDeps, key: string, vaultId: bigint): Promise<void> {
  const flight: SyncFlight = { running: readAndRecord(deps, vaultId), queued: null };
  deps.syncs.set(key, flight);
  const settled = (): void => {
    // A queued read replaces this flight itself; otherwise the vault has none left.
    if (deps.syncs.get(key) === flight && !flight.queued) deps.syncs.delete(key);
  };
  flight.running.then(settled, settled);
  return flight.running;
}

async function readAndRecord(deps: EscrowDeps, vaultId: bigint): Promise<void> {
  const read = await readCheckedVault(deps, vaultId);
  const announcement = await inTransaction(deps, (client) => recordRead(deps, client, read));
  if (announcement) {
    await deps.emissions.settle();
    for (const event of announcement.events) {
      await announceAfterCommit(deps, { kind: 'users', userIds: announcement.audience }, event);
    }
    if (announcement.newPost)
      await announceAfterCommit(deps, { kind: 'all' }, announcement.newPost);
  } else {
    await touchIndexedAt(deps.pool, vaultId, read.now);
  }
}

/** The vault and its deposits as the chain holds them, checked against the post. */
async function readCheckedVault(deps: EscrowDeps, vaultId: bigint): Promise<CheckedRead> {
  const target = await readEscrowTarget(deps.pool, vaultId);
  if (!target) throw new AppError('vault_not_found');
  const expected = expectationOf(target);
  const snapshot = await readVaultSnapshot(rpcOf(deps), {
    programId: expected.programId,
    vault: expected.address,
  });
  const checked = await checkSnapshot(expected, snapshot);
  if (!checked.ok) {
    if (checked.reason === 'not_on_chain') throw new AppError('escrow_not_on_chain');
    deps.logger.warn({ vaultId: vaultId.toString(), field: checked.field }, 'escrow mismatch');
    throw new AppError('escrow_mismatch', { details: { field: checked.field } });
  }
  return {
    vaultId,
    target,
    snapshot,
    chainVault: checked.vault,
    deposits: checked.deposits,
    now: deps.clock.now(),
  };
}

/**
 * Records a checked read under the vault's row lock, in the caller's transaction: the chain's
 * facts, the unlock line, the rewarded events; answers what to announce after commit, or null
 * when a newer read was applied already.
 */
async function recordRead(
  deps: EscrowDeps,
  client: pg.PoolClient,
  read: CheckedRead,
): Promise<Announcement | null> {
  const { vaultId, snapshot, chainVault, deposits, now } = read;
  // The repo's helpers write through Drizzle on this connection; events go on it directly.
  const tx = drizzle(client);
  const locked = await lockEscrowVault(tx, vaultId);
  if (!locked) throw new AppError('vault_not_found');
  if (locked.indexed_slot !== null && snapshot.slot < BigInt(locked.indexed_slot)) return null;

  const recorded = await readRecordedTotals(tx, vaultId);
  const grown = deposits.flatMap(({ address, deposit }): GrownDeposit[] => {
    const added = deposit.totalDeposited - (recorded.get(address) ?? 0n);
    return added > 0n ? [{ address, deposit, added }] : [];
  });
  const wentLive = locked.state === 'pending';
  const status = escrowVaultStatus(
    locked.status,
    {
      totalDeposited: chainVault.totalDeposited,
      targetAmount: chainVault.targetAmount,
      endTs: chainVault.endTs,
      paidOut: chainVault.status === 'paid_out',
    },
    snapshot.clockUnixTs,
  );
  await applyVault(tx, { vaultId, vault: chainVault, slot: snapshot.slot, now });
  await deps.applyVaultChainFacts(client, {
    vaultId,
    total: chainVault.totalDeposited,
    supporterCount: Number(chainVault.participantCount),
    status,
    endTs: chainVault.endTs,
    now,
  });
  await upsertDeposits(tx, { vaultId, slot: snapshot.slot, now, deposits });

  const unlocked = locked.status === 'active' && status !== 'active';
  if (unlocked) {
    await writeActivity(tx, now, {
      type: 'vault_unlocked',
      ...vaultUnlockedLine(await readCreatorName(tx, locked.creator_id), chainVault.totalDeposited),
      userId: locked.creator_id,
      reference: vaultId.toString(),
    });
  }
  await rewardRead(client, tx, { read, locked, grown, wentLive });
  // The creator's SOL raised that day (modules/analytics): the deposits' growth this read saw.
  const raised = grown.reduce((sum, g) => sum + g.added, 0n);
  if (raised > 0n) {
    await addToDay(client, {
      userId: locked.creator_id,
      at: now,
      counter: 'sol_raised',
      amount: raised,
    });
  }
  return announcementOf(tx, { read, locked, grown, wentLive, unlocked });
}

/**
 * Whether a deposit's growth earns its supporter DUM: not below the vaults' minimum support. The
 * program takes any amount, and a reward per lamport-sized join would mint DUM for dust; such a
 * deposit is still recorded and counts toward the vault's total, as the money did move.
 */
function growthIsRewarded(added: bigint): boolean {
  return added >= VAULT_MIN_SUPPORT_LAMPORTS;
}

/**
 * vault_created when the vault went live; vault_supported for each grown deposit's user, where
 * the growth is not dust (growthIsRewarded).
 */
async function rewardRead(
  client: Queryable,
  tx: Tx,
  args: { read: CheckedRead; locked: LockedEscrow; grown: GrownDeposit[]; wentLive: boolean },
): Promise<void> {
  const { read, locked, wentLive } = args;
  const grown = args.grown.filter((g) => growthIsRewarded(g.added));
  const rewardedUsers = await usersOfWallets(tx, [
    ...new Set([
      ...grown.map((g) => g.deposit.participant),
      ...(wentLive ? [read.target.creator_wallet] : []),
    ]),
  ]);
  if (wentLive) {
    await recordRewardedEvent(
      client,
      { kind: 'vault_created', actorId: locked.creator_id, reference: locked.post_id },
      read.now,
    );
  }
  for (const g of grown) {
    const userId = rewardedUsers.get(g.deposit.participant);
    if (!userId) continue;
    await recordRewardedEvent(
      client,
      {
        kind: 'vault_supported',
        actorId: userId,
        subjectOwnerId: locked.creator_id,
        reference: `${g.address}:${g.deposit.totalDeposited}`,
      },
      read.now,
    );
  }
}

/** The events a recorded read sends after commit, to the creator and the participants. */
async function announcementOf(
  tx: Tx,
  args: {
    read: CheckedRead;
    locked: LockedEscrow;
    grown: GrownDeposit[];
    wentLive: boolean;
    unlocked: boolean;
  },
): Promise<Announcement> {
  const { read, locked, grown } = args;
  const vaultKey = read.vaultId.toString();
  const participants = await usersOfWallets(
    tx,
    read.deposits.map((d) => d.deposit.participant),
  );
  const audience = [...new Set([locked.creator_id, ...participants.values()])];
  const events: RealtimeEvent[] = grown.map((g) => ({
    type: 'vault_support',
    data: {
      vaultId: vaultKey,
      support: {
        supporterId: participants.get(g.deposit.participant) ?? null,
        amount: g.added.toString(),
      },
    },
  }));
  if (args.unlocked) events.push({ type: 'vault_completed', data: { vaultId: vaultKey } });
  const newPost: RealtimeEvent | null = args.wentLive
    ? {
        type: 'new_post',
        data: { postId: locked.post_id, author: await readAuthor(tx, locked.creator_id) },
      }
    : null;
  return { audience, events, newPost };
}

// ---- The timer ---------------------------------------------------------------------------------

/** Vaults this long past their end are no longer re-indexed by the timer (sync still works). */
const INDEX_AFTER_END_SECONDS = 30n * 86_400n;

export interface IndexPassResult {
  claimed: number;
  synced: number;
  failed: number;
}

/**
 * One pass of the timer: claims a batch of due escrow vaults (a lease, taken with SKIP LOCKED,
 * so instances running passes at the same time take different vaults) and syncs each. A
 * vault's failure (not on chain yet, mismatch, the cluster down) is logged and the vault waits
 * for the next pass.
 */
export async function runEscrowIndexPass(
  deps: EscrowDeps,
  options: { batchSize?: number; leaseMs?: number } = {},
): Promise<IndexPassResult> {
  const now = deps.clock.now();
  const ids = await claimDueVaults(deps.pool, {
    now,
    leaseUntil: new Date(now.getTime() + (options.leaseMs ?? 60_000)),
    limit: options.batchSize ?? 50,
    endedBefore: BigInt(Math.floor(now.getTime() / 1000)) - INDEX_AFTER_END_SECONDS,
  });
  const result: IndexPassResult = { claimed: ids.length, synced: 0, failed: 0 };
  for (const id of ids) {
    try {
      await syncEscrowVault(deps, id);
      result.synced += 1;
    } catch (error) {
      result.failed += 1;
      await touchIndexedAt(deps.pool, id, deps.clock.now()).catch(() => undefined);
      if (!(error instanceof AppError) || error.status >= 500) {
        deps.logger.error({ err: error, vaultId: id.toString() }, 'escrow index failed');
      }
    }
  }
  return result;
}

// ---- Reads --------------------------------------------------------------------------------------

export function toEscrowDeposit(row: DepositRow): EscrowDeposit {
  return {
    address: row.address,
    participant: row.participant,
    supporterId: row.supporter_id,
    username: row.username,
    amount: row.amount,
    totalDeposited: row.total_deposited,
    accruedReward: row.accrued_reward,
    rewardMinted: row.reward_minted,
    penaltyPaid: row.penalty_paid,
    firstDepositTs: row.first_deposit_ts,
    lastUpdateTs: row.last_update_ts,
    rewarded: row.rewarded,
    refunded: row.refunded,
    claimed: row.claimed,
  };
}

export async function getVaultDeposits(pool: pg.Pool, vaultId: bigint): Promise<EscrowDeposit[]> {
  return (await readVaultDeposits(pool, vaultId)).map(toEscrowDeposit);
}

/** A wallet's deposit in a live escrow vault, with the vault it belongs to. */
export interface MyDeposit {
  vaultId: bigint;
  deposit: EscrowDeposit;
}

/**
 * My Vaults' deposits (most recent first) with their totals; the vaults slice puts each on its
 * vault's summary.
 */
export async function getMyDeposits(
  pool: pg.Pool,
  wallet: string,
): Promise<{
  deposits: MyDeposit[];
  totals: { vaults: number; amount: string; unlocked: number };
}> {
  const result = await readMyDeposits(pool, wallet);
  return {
    deposits: result.rows.map((row) => ({
      vaultId: BigInt(row.vault_id),
      deposit: toEscrowDeposit(row),
    })),
    totals: { vaults: result.count, amount: result.amount, unlocked: result.unlocked },
  };
}

/** An escrow vault's supporters with a user, ranked by lamports locked now. */
export async function getEscrowLeaderboard(
  pool: pg.Pool,
  vaultId: bigint,
  limit: number,
): Promise<EscrowLeaderboardRow[]> {
  return readEscrowLeaderboard(pool, vaultId, limit);
}
