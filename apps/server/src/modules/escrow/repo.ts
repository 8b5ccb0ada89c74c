import { ESCROW_DEPOSITS_SHOWN, MY_VAULTS_LIMIT, type VaultStatus } from '@dum/core';
import type { OnChainVault } from '@dum/chain/vault-program';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Tx } from '../emissions/index.ts';
import type { IndexedDeposit } from './checks.ts';

/**
 * Escrow vaults' SQL (decision 009). Reads are statements on the pool; writes run inside the
 * caller's transaction, under the vaults row's lock.
 */

export interface EscrowTargetRow {
  vault_id: string;
  post_id: string;
  creator_id: string;
  state: 'pending' | 'live';
  program_id: string;
  address: string;
  creator_wallet: string;
  multiplier: number;
  duration_seconds: string;
  target: string;
  content_hash: string | null;
}

/** What an escrow vault must be on chain (null: no such vault, or a direct one). */
export async function readEscrowTarget(
  pool: pg.Pool,
  vaultId: bigint,
): Promise<EscrowTargetRow | null> {
  const result = await pool.query<EscrowTargetRow>({
    name: 'escrow_target',
    text: `select v.id::text as vault_id, v.message_id::text as post_id, v.creator_id, e.state,
        e.program_id, e.address, e.creator_wallet, e.multiplier,
        e.duration_seconds::text as duration_seconds, v.target::text as target, e.content_hash
      from vaults v join escrow_vaults e on e.vault_id = v.id
      where v.id = $1`,
    values: [vaultId.toString()],
  });
  return result.rows[0] ?? null;
}

export async function insertEscrowVault(
  tx: Pick<Tx, 'execute'>,
  row: {
    vaultId: bigint;
    programId: string;
    address: string;
    creatorWallet: string;
    multiplier: number;
    durationSeconds: bigint;
    contentHash: string | null;
    penaltyBps: number;
    rewardsPerSol: bigint;
    stakingRatePerSecond: bigint;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into escrow_vaults (vault_id, state, program_id, address, creator_wallet, multiplier,
      duration_seconds, content_hash, penalty_bps, rewards_per_sol, staking_rate_per_second)
    values (${row.vaultId}, 'pending', ${row.programId}, ${row.address}, ${row.creatorWallet},
      ${row.multiplier}, ${row.durationSeconds}, ${row.contentHash}, ${row.penaltyBps},
      ${row.rewardsPerSol.toString()}, ${row.stakingRatePerSecond.toString()})`);
}

export type LockedEscrow = {
  status: VaultStatus;
  creator_id: string;
  post_id: string;
  state: 'pending' | 'live';
  indexed_slot: string | null;
};

/**
 * Locks the vault's row (and its escrow row) until commit: every sync of one vault takes turns
 * from here, so each deposit increase is seen by exactly one of them. A statement of its own,
 * so the following statements' snapshots see what the previous holder committed.
 */
export async function lockEscrowVault(tx: Tx, vaultId: bigint): Promise<LockedEscrow | null> {
  const result = await tx.execute<LockedEscrow>(sql`
    select v.status, v.creator_id, v.message_id::text as post_id, e.state,
      e.indexed_slot::text as indexed_slot
    from vaults v join escrow_vaults e on e.vault_id = v.id
    where v.id = ${vaultId}
    for update`);
  return result.rows[0] ?? null;
}

/** The deposits recorded so far: address → lamports ever deposited. */
export async function readRecordedTotals(tx: Tx, vaultId: bigint): Promise<Map<string, bigint>> {
  const result = await tx.execute<{ address: string; total_deposited: string }>(sql`
    select address, total_deposited::text as total_deposited from escrow_deposits
    where vault_id = ${vaultId}`);
  return new Map(result.rows.map((row) => [row.address, BigInt(row.total_deposited)]));
}

/** The users (if any) of these wallets, unlocked (the real-time audience). */
export async function usersOfWallets(tx: Tx, wallets: string[]): Promise<Map<string, string>> {
  if (wallets.length === 0) return new Map();
  const result = await tx.execute<{ id: string; sol_address: string }>(sql`
    select id, sol_address from users
    where sol_address = any(${`{${wallets.join(',')}}`}::text[])`);
  return new Map(result.rows.map((row) => [row.sol_address, row.id]));
}

/**
 * Writes the chain's deposits. `total_deposited` only grows on chain, and an older read never
 * replaces a newer one (the slot), so a row never goes back.
 */
export async function upsertDeposits(
  tx: Tx,
  args: { vaultId: bigint; slot: bigint; now: Date; deposits: IndexedDeposit[] },
): Promise<void> {
  for (const { address, deposit: d } of args.deposits) {
    await tx.execute(sql`
      insert into escrow_deposits (address, vault_id, participant, amount, total_deposited,
        accrued_reward, reward_minted, penalty_paid, first_deposit_ts, last_update_ts, rewarded,
        refunded, claimed, slot, indexed_at)
      values (${address}, ${args.vaultId}, ${d.participant}, ${d.amount}, ${d.totalDeposited},
        ${d.accruedReward.toString()}, ${d.rewardMinted.toString()}, ${d.penaltyPaid},
        ${d.firstDepositTs}, ${d.lastUpdateTs}, ${d.rewarded}, ${d.refunded}, ${d.claimed},
        ${args.slot}, ${args.now})
      on conflict (address) do update set
        amount = excluded.amount, total_deposited = excluded.total_deposited,
        accrued_reward = excluded.accrued_reward, reward_minted = excluded.reward_minted,
        penalty_paid = excluded.penalty_paid, last_update_ts = excluded.last_update_ts,
        rewarded = excluded.rewarded, refunded = excluded.refunded, claimed = excluded.claimed,
        slot = excluded.slot, indexed_at = excluded.indexed_at
      where escrow_deposits.slot <= excluded.slot
        and escrow_deposits.total_deposited <= excluded.total_deposited`);
  }
}

/** The vault's chain facts onto its escrow row (the vaults slice writes them onto the vault row). */
export async function applyVault(
  tx: Tx,
  args: { vaultId: bigint; vault: OnChainVault; slot: bigint; now: Date },
): Promise<void> {
  const { vault: c, vaultId, now } = args;
  await tx.execute(sql`
    update escrow_vaults set state = 'live', start_ts = ${c.startTs}, end_ts = ${c.endTs},
      total_deposited = ${c.totalDeposited}, claimed_amount = ${c.claimedAmount},
      participant_count = ${Number(c.participantCount)}, penalty_bps = ${c.penaltyBps},
      rewards_per_sol = ${c.rewardsPerSol.toString()},
      staking_rate_per_second = ${c.stakingRatePerSecond.toString()},
      chain_status = ${c.status}, indexed_at = ${now}, indexed_slot = ${args.slot},
      lease_until = null
    where vault_id = ${vaultId}`);
}

/** A read that was not applied still counts as a look (the timer orders by it). */
export async function touchIndexedAt(pool: pg.Pool, vaultId: bigint, now: Date): Promise<void> {
  await pool.query({
    name: 'escrow_touch',
    text: `update escrow_vaults set indexed_at = $2, lease_until = null where vault_id = $1`,
    values: [vaultId.toString(), now],
  });
}

/**
 * The timer's batch: escrow vaults nobody holds a lease on, least recently indexed first (never
 * indexed first), skipping rows another instance is claiming right now (SKIP LOCKED). Pending
 * vaults are included (a creator may never call sync); live ones until 30 days past their end.
 */
export async function claimDueVaults(
  pool: pg.Pool,
  args: { now: Date; leaseUntil: Date; limit: number; endedBefore: bigint },
): Promise<bigint[]> {
  const result = await pool.query<{ vault_id: string }>({
    name: 'escrow_claim_due',
    text: `update escrow_vaults set lease_until = $2
      where vault_id in (
        select vault_id from escrow_vaults
        where (lease_until is null or lease_until < $1)
          and (state = 'pending' or end_ts is null or end_ts > $4)
        order by indexed_at nulls first, vault_id
        limit $3
        for update skip locked)
      returning vault_id::text as vault_id`,
    values: [args.now, args.leaseUntil, args.limit, args.endedBefore.toString()],
  });
  return result.rows.map((row) => BigInt(row.vault_id));
}

export interface DepositRow {
  address: string;
  participant: string;
  supporter_id: string | null;
  username: string | null;
  amount: string;
  total_deposited: string;
  accrued_reward: string;
  reward_minted: string;
  penalty_paid: string;
  first_deposit_ts: string;
  last_update_ts: string;
  rewarded: boolean;
  refunded: boolean;
  claimed: boolean;
}

const DEPOSIT_COLUMNS = `d.address, d.participant, du.id as supporter_id, du.username,
  d.amount::text as amount, d.total_deposited::text as total_deposited,
  d.accrued_reward::text as accrued_reward, d.reward_minted::text as reward_minted,
  d.penalty_paid::text as penalty_paid, d.first_deposit_ts::text as first_deposit_ts,
  d.last_update_ts::text as last_update_ts, d.rewarded, d.refunded, d.claimed`;

/** An escrow vault's page: its largest deposits (locked now, then ever deposited). */
export async function readVaultDeposits(pool: pg.Pool, vaultId: bigint): Promise<DepositRow[]> {
  const result = await pool.query<DepositRow>({
    name: 'escrow_vault_deposits',
    text: `select ${DEPOSIT_COLUMNS}
      from escrow_deposits d left join users du on du.sol_address = d.participant
      where d.vault_id = $1
      order by d.amount desc, d.total_deposited desc, d.address
      limit ${ESCROW_DEPOSITS_SHOWN}`,
    values: [vaultId.toString()],
  });
  return result.rows;
}

/** A supporter of an escrow vault on its leaderboard (one deposit: `supports` is always 1). */
export interface EscrowLeaderboardRow {
  supporter_id: string;
  username: string | null;
  display_name: string | null;
  sol_address: string;
  total: string;
  supports: number;
}

/** Supporters of an escrow vault with a user, ranked by lamports locked now (the leaderboard). */
export async function readEscrowLeaderboard(
  pool: pg.Pool,
  vaultId: bigint,
  limit: number,
): Promise<EscrowLeaderboardRow[]> {
  const result = await pool.query<EscrowLeaderboardRow>({
    name: 'escrow_leaderboard',
    text: `select u.id as supporter_id, u.username, u.display_name, u.sol_address,
        d.amount::text as total, 1 as supports
      from escrow_deposits d join users u on u.sol_address = d.participant
      where d.vault_id = $1 and d.amount > 0
      order by d.amount desc, d.first_deposit_ts, d.address
      limit $2`,
    values: [vaultId.toString(), limit],
  });
  return result.rows;
}

export type MyDepositRow = DepositRow & { vault_id: string };

/** My Vaults' deposits: the wallet's deposits in live escrow vaults, most recent first. */
export async function readMyDeposits(
  pool: pg.Pool,
  wallet: string,
): Promise<{ rows: MyDepositRow[]; count: number; amount: string; unlocked: number }> {
  const [list, totals] = await Promise.all([
    pool.query<MyDepositRow>({
      name: 'my_vaults_deposits',
      text: `select d.vault_id::text as vault_id, ${DEPOSIT_COLUMNS}
        from escrow_deposits d
        join escrow_vaults e on e.vault_id = d.vault_id
        left join users du on du.sol_address = d.participant
        where d.participant = $1 and e.state = 'live'
        order by d.last_update_ts desc, d.address
        limit ${MY_VAULTS_LIMIT}`,
      values: [wallet],
    }),
    pool.query<{ count: number; amount: string; unlocked: number }>({
      name: 'my_vaults_deposits_totals',
      // Locked now: a claimed (paid to the creator) or refunded deposit keeps its `amount` on
      // chain, but its lamports have left the escrow.
      text: `select count(*)::int as count,
          coalesce(sum(d.amount) filter (where not d.claimed and not d.refunded), 0)::text as amount,
          (count(*) filter (where v.status <> 'active'))::int as unlocked
        from escrow_deposits d join vaults v on v.id = d.vault_id
        join escrow_vaults e on e.vault_id = v.id
        where d.participant = $1 and e.state = 'live'`,
      values: [wallet],
    }),
  ]);
  const sums = totals.rows[0] ?? { count: 0, amount: '0', unlocked: 0 };
  return { rows: list.rows, ...sums };
}

/**
 * The expiry sweep's part: the posts of escrow vaults still pending after
 * ESCROW_PENDING_TTL_MS. The vault rows are locked with SKIP LOCKED until the caller's commit (a
 * sync holding one is skipped, and a row a sync has just made live no longer matches); the
 * caller deletes the posts (cascading to the vaults) in the same transaction.
 */
export async function lockStalePendingVaultPosts(
  tx: Pick<Tx, 'execute'>,
  args: { createdBefore: Date; limit: number },
): Promise<string[]> {
  const due = await tx.execute<{ message_id: string }>(sql`
    select v.message_id::text as message_id
    from vaults v join escrow_vaults e on e.vault_id = v.id
    where v.kind = 'escrow' and e.state = 'pending' and v.created_at <= ${args.createdBefore}
    order by v.created_at
    limit ${args.limit}
    for update of v, e skip locked`);
  return due.rows.map((row) => row.message_id);
}

/** The creator's name as the Live Activity line shows it (long wallet addresses shortened). */
export async function readCreatorName(tx: Pick<Tx, 'execute'>, creatorId: string): Promise<string> {
  const result = await tx.execute<{ name: string }>(
    sql`select coalesce(display_name, username, sol_address) as name from users
        where id = ${creatorId}`,
  );
  const name = result.rows[0]?.name ?? 'A creator';
  return name.length > 32 ? `${name.slice(0, 4)}...${name.slice(-4)}` : name;
}

/** The author of a post that just went live, as new_post names them. */
export async function readAuthor(
  tx: Pick<Tx, 'execute'>,
  userId: string,
): Promise<{ id: string; username: string | null }> {
  const result = await tx.execute<{ username: string | null }>(
    sql`select username from users where id = ${userId}`,
  );
  return { id: userId, username: result.rows[0]?.username ?? null };
}
