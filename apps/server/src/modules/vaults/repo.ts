import { randomBytes } from 'node:crypto';
import { MY_VAULTS_LIMIT, VAULT_SUPPORTS_SHOWN, type VaultStatus } from '@dum/core';
import type pg from 'pg';
import type { Queryable } from '../../db/prepared.ts';
import type { EscrowLeaderboardRow, VaultChainFacts } from '../escrow/index.ts';

/**
 * The vaults' SQL. Reads are single named statements on the pool; writes run inside the
 * caller's transaction. Amounts travel as text (bigint lamports) and become bigint in the
 * service.
 */

export interface VaultRow {
  id: string;
  post_id: string;
  status: VaultStatus;
  total: string;
  target: string;
  supporter_count: number;
  created_at: Date;
  ends_at: Date;
  unlocked_at: Date | null;
  creator_id: string;
  creator_wallet: string;
  creator_name: string;
  media_key: string;
  kind: 'direct' | 'escrow';
  /** The escrow_vaults columns (e_*): null for direct vaults. */
  e_state: 'pending' | 'live' | null;
  e_program_id: string | null;
  e_address: string | null;
  e_multiplier: number | null;
  e_duration_seconds: string | null;
  e_start_ts: string | null;
  e_end_ts: string | null;
  e_total_deposited: string | null;
  e_claimed_amount: string | null;
  e_participant_count: number | null;
  e_penalty_bps: number | null;
  e_rewards_per_sol: string | null;
  e_staking_rate_per_second: string | null;
  e_chain_status: string | null;
  e_content_hash: string | null;
  e_indexed_at: Date | null;
}

/** Every read of a vault's summary joins these (escrow_vaults: null columns for direct ones). */
const VAULT_FROM = `vaults v join users u on u.id = v.creator_id
  left join escrow_vaults e on e.vault_id = v.id`;

const VAULT_COLUMNS = `v.id::text as id, v.message_id::text as post_id, v.status,
  v.total::text as total, v.target::text as target, v.supporter_count, v.created_at, v.ends_at,
  v.unlocked_at, v.creator_id, u.sol_address as creator_wallet,
  coalesce(u.display_name, u.username, u.sol_address) as creator_name, v.media_key, v.kind,
  e.state as e_state, e.program_id as e_program_id, e.address as e_address,
  e.multiplier as e_multiplier, e.duration_seconds::text as e_duration_seconds,
  e.start_ts::text as e_start_ts, e.end_ts::text as e_end_ts,
  e.total_deposited::text as e_total_deposited, e.claimed_amount::text as e_claimed_amount,
  e.participant_count as e_participant_count, e.penalty_bps as e_penalty_bps,
  e.rewards_per_sol::text as e_rewards_per_sol,
  e.staking_rate_per_second::text as e_staking_rate_per_second,
  e.chain_status as e_chain_status, e.content_hash as e_content_hash,
  e.indexed_at as e_indexed_at`;

/**
 * A vault by id, with its post's expiry: moderation hides a post by moving its expiry to the
 * moment it is hidden, so a vault whose post has expired is hidden with it (reads.ts hiddenFrom).
 */
export async function readVault(
  pool: pg.Pool | pg.PoolClient,
  id: bigint,
): Promise<(VaultRow & { post_expires_at: Date | null }) | null> {
  const result = await pool.query<VaultRow & { post_expires_at: Date | null }>({
    name: 'vault_by_id',
    text: `select ${VAULT_COLUMNS}, m.expires_at as post_expires_at from ${VAULT_FROM}
      join messages m on m.id = v.message_id
      where v.id = $1`,
    values: [id.toString()],
  });
  return result.rows[0] ?? null;
}

/** The vaults of these posts (a feed page's vault posts), in one statement. */
export async function readVaultsOfPosts(pool: pg.Pool, postIds: string[]): Promise<VaultRow[]> {
  const result = await pool.query<VaultRow>({
    name: 'vaults_of_posts',
    text: `select ${VAULT_COLUMNS} from ${VAULT_FROM}
      where v.message_id = any($1::bigint[])`,
    values: [postIds],
  });
  return result.rows;
}

/** These vaults with their posts' text (My Vaults' deposits), in no particular order. */
export async function readVaultsWithBody(pool: pg.Pool, ids: bigint[]): Promise<MyVaultRow[]> {
  if (ids.length === 0) return [];
  const result = await pool.query<MyVaultRow>({
    name: 'vaults_with_body',
    text: `select ${VAULT_COLUMNS}, m.body, '0' as given
      from ${VAULT_FROM} join messages m on m.id = v.message_id
      where v.id = any($1::bigint[])`,
    values: [ids.map(String)],
  });
  return result.rows;
}

export interface SupportRow {
  id: string;
  vault_id: string | null;
  supporter_id: string;
  username: string | null;
  display_name: string | null;
  sol_address: string;
  signature: string;
  amount: string;
  slot: string;
  /** A Date from the pool; Drizzle's transaction hands timestamps over as text. */
  created_at: Date | string;
}

const SUPPORT_COLUMNS = `s.id::text as id, s.vault_id::text as vault_id, s.supporter_id,
  u.username, u.display_name, u.sol_address, s.signature, s.amount::text as amount,
  s.slot::text as slot, s.created_at`;

export async function readSupportBySignature(
  pool: pg.Pool,
  signature: string,
): Promise<SupportRow | null> {
  const result = await pool.query<SupportRow>({
    name: 'vault_support_by_signature',
    text: `select ${SUPPORT_COLUMNS} from vault_supports s join users u on u.id = s.supporter_id
      where s.signature = $1`,
    values: [signature],
  });
  return result.rows[0] ?? null;
}

/** What never changes about a vault (safe to keep in memory on any instance). */
export interface VaultFactsRow {
  creator_id: string;
  creator_wallet: string;
  created_at: Date;
  ends_at: Date;
  target: string;
  kind: 'direct' | 'escrow';
}

export async function readVaultFacts(pool: pg.Pool, id: bigint): Promise<VaultFactsRow | null> {
  const result = await pool.query<VaultFactsRow>({
    name: 'vault_facts',
    text: `select v.creator_id, u.sol_address as creator_wallet, v.created_at, v.ends_at,
        v.target::text as target, v.kind
      from vaults v join users u on u.id = v.creator_id
      where v.id = $1`,
    values: [id.toString()],
  });
  return result.rows[0] ?? null;
}

/** A vault's latest supports, newest first. */
export async function readRecentSupports(pool: pg.Pool, vaultId: bigint): Promise<SupportRow[]> {
  const result = await pool.query<SupportRow>({
    name: 'vault_recent_supports',
    text: `select ${SUPPORT_COLUMNS} from vault_supports s join users u on u.id = s.supporter_id
      where s.vault_id = $1 order by s.created_at desc, s.id desc limit ${VAULT_SUPPORTS_SHOWN}`,
    values: [vaultId.toString()],
  });
  return result.rows;
}

/** A supporter on a vault's leaderboard: the same row for direct and escrow vaults. */
export type LeaderboardRow = EscrowLeaderboardRow;

/** Supporters ranked by total given; ties go to whoever reached that total first. */
export async function readLeaderboard(
  pool: pg.Pool,
  vaultId: bigint,
  limit: number,
): Promise<LeaderboardRow[]> {
  const result = await pool.query<LeaderboardRow>({
    name: 'vault_leaderboard',
    text: `select g.supporter_id, u.username, u.display_name, u.sol_address,
        g.total::text as total, g.supports
      from vault_supporters g join users u on u.id = g.supporter_id
      where g.vault_id = $1
      order by g.total desc, g.last_at asc
      limit $2`,
    values: [vaultId.toString(), limit],
  });
  return result.rows;
}

export interface MyVaultRow extends VaultRow {
  body: string;
  given: string;
}

/** The viewer's own vaults, newest first, with the totals over all of them. */
export async function readCreatedVaults(
  pool: pg.Pool,
  userId: string,
): Promise<{ rows: MyVaultRow[]; count: number; amount: string; unlocked: number }> {
  const [list, totals] = await Promise.all([
    pool.query<MyVaultRow>({
      name: 'my_vaults_created',
      text: `select ${VAULT_COLUMNS}, m.body, '0' as given
        from ${VAULT_FROM} join messages m on m.id = v.message_id
        where v.creator_id = $1
        order by v.created_at desc, v.id desc limit ${MY_VAULTS_LIMIT}`,
      values: [userId],
    }),
    pool.query<{ count: number; amount: string; unlocked: number }>({
      name: 'my_vaults_created_totals',
      text: `select count(*)::int as count, coalesce(sum(total), 0)::text as amount,
          (count(*) filter (where status <> 'active'))::int as unlocked
        from vaults where creator_id = $1`,
      values: [userId],
    }),
  ]);
  const sums = totals.rows[0] ?? { count: 0, amount: '0', unlocked: 0 };
  return { rows: list.rows, ...sums };
}

/** Vaults the viewer supported, most recently supported first, with what they gave. */
export async function readSupportedVaults(
  pool: pg.Pool,
  userId: string,
): Promise<{ rows: MyVaultRow[]; count: number; amount: string; unlocked: number }> {
  const [list, totals] = await Promise.all([
    pool.query<MyVaultRow>({
      name: 'my_vaults_supported',
      text: `select ${VAULT_COLUMNS}, m.body, g.total::text as given
        from vault_supporters g
        join vaults v on v.id = g.vault_id
        join users u on u.id = v.creator_id
        left join escrow_vaults e on e.vault_id = v.id
        join messages m on m.id = v.message_id
        where g.supporter_id = $1
        order by g.last_at desc, v.id desc limit ${MY_VAULTS_LIMIT}`,
      values: [userId],
    }),
    pool.query<{ count: number; amount: string; unlocked: number }>({
      name: 'my_vaults_supported_totals',
      text: `select count(*)::int as count, coalesce(sum(g.total), 0)::text as amount,
          (count(*) filter (where v.status <> 'active'))::int as unlocked
        from vault_supporters g join vaults v on v.id = g.vault_id
        where g.supporter_id = $1`,
      values: [userId],
    }),
  ]);
  const sums = totals.rows[0] ?? { count: 0, amount: '0', unlocked: 0 };
  return { rows: list.rows, ...sums };
}

/** Whose vault, if any, a stored media file belongs to (for GET /media/<name>). */
export async function readMediaVault(
  pool: pg.Pool,
  storageKey: string,
): Promise<{ status: VaultStatus; creator_id: string; media_key: string } | null> {
  const result = await pool.query<{ status: VaultStatus; creator_id: string; media_key: string }>({
    name: 'media_vault',
    text: `select v.status, v.creator_id, v.media_key
        from media m join vaults v on v.message_id = m.message_id
        where m.storage_key = $1`,
    values: [storageKey],
  });
  return result.rows[0] ?? null;
}

// ---- Writes (inside the caller's transaction) -----------------------------------------------

/**
 * The vault row of a post the caller has just inserted, with its secret media key: a direct
 * vault, or an escrow vault's (the program's target; it ends after the duration until the
 * chain says when). Answers its id.
 */
export async function insertVaultRow(
  db: Queryable,
  row: {
    postId: bigint;
    creatorId: string;
    kind: 'direct' | 'escrow';
    target: bigint;
    createdAt: Date;
    endsAt: Date;
  },
): Promise<bigint> {
  const { rows } = await db.query<{ id: string }>({
    name: 'vaults_insert',
    text: `insert into vaults (message_id, creator_id, kind, target, media_key, created_at, ends_at)
      values ($1, $2, $3, $4, $5, $6, $7)
      returning id`,
    values: [
      row.postId.toString(),
      row.creatorId,
      row.kind,
      row.target.toString(),
      randomBytes(18).toString('base64url'),
      row.createdAt,
      row.endsAt,
    ],
  });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('vault insert returned nothing');
  return BigInt(id);
}

/**
 * An escrow vault's chain facts onto its vault row (total, supporters, status, end), written
 * by escrow's indexer under the row's lock, in its transaction.
 */
export async function applyEscrowChainFacts(db: Queryable, facts: VaultChainFacts): Promise<void> {
  await db.query({
    name: 'vaults_apply_escrow_chain_facts',
    text: `update vaults set total = $2, supporter_count = $3, status = $4,
        unlocked_at = case when $4 = 'active' then null else coalesce(unlocked_at, $5) end,
        ends_at = to_timestamp($6::bigint)
      where id = $1`,
    values: [
      facts.vaultId.toString(),
      facts.total.toString(),
      facts.supporterCount,
      facts.status,
      facts.now,
      facts.endTs.toString(),
    ],
  });
}

export type RecordedSupport =
  /** The vault is not active, has ended, or is gone: nothing was written. */
  | { kind: 'vault_closed' }
  /** The signature was recorded before (for this vault or another): nothing was written. */
  | { kind: 'signature_taken' }
  /** The supporter or the creator blocked the other: nothing was written. */
  | { kind: 'blocked' }
  | {
      kind: 'recorded';
      id: string;
      createdAt: Date;
      total: bigint;
      target: bigint;
      supporterCount: number;
      status: VaultStatus;
      /** This support crossed the target (the vault_unlocked activity was written). */
      unlocked: boolean;
      supporter: { username: string | null; displayName: string | null; walletAddress: string };
    };

export interface SupportToRecord {
  vaultId: bigint;
  supporterId: string;
  signature: string;
  amount: bigint;
  slot: number;
  now: Date;
}

/** What record_vault_support answers (migrations 0010 and 0011), as JSON. */
type RecordSupportResult =
  | { outcome: 'vault_closed' | 'signature_taken' | 'blocked' }
  | {
      outcome: 'recorded';
      id: string;
      createdAt: string;
      total: string;
      target: string;
      supporterCount: number;
      status: VaultStatus;
      unlocked: boolean;
      supporter: { username: string | null; displayName: string | null; walletAddress: string };
    };

function toRecordedSupport(result: RecordSupportResult | undefined): RecordedSupport {
  if (!result) throw new Error('record_vault_support returned nothing');
  if (result.outcome !== 'recorded') return { kind: result.outcome };
  return {
    kind: 'recorded',
    id: result.id,
    createdAt: new Date(result.createdAt),
    total: BigInt(result.total),
    target: BigInt(result.target),
    supporterCount: result.supporterCount,
    status: result.status,
    unlocked: result.unlocked,
    supporter: result.supporter,
  };
}

/**
 * Records a support in one statement, on its own (no transaction around it):
 * record_vault_support (migrations 0010 and 0011) takes the vault's row lock, so supports of
 * one vault take turns until its commit, and then, only while the vault is active and not
 * ended: records the support under its unique signature, adds it to the supporter's running
 * total (a first support counts a new supporter), moves the vault's total, unlocks it at the
 * target with its Live Activity line, and queues the `vault_supported` rewarded event.
 */
export async function recordSupport(
  db: Pick<pg.Pool, 'query'>,
  support: SupportToRecord,
): Promise<RecordedSupport> {
  const { rows } = await db.query<{ result: RecordSupportResult }>({
    name: 'vaults_record_support',
    text: 'select record_vault_support($1, $2, $3, $4, $5, $6) as result',
    values: [
      support.vaultId.toString(),
      support.supporterId,
      support.signature,
      support.amount.toString(),
      support.slot,
      support.now,
    ],
  });
  return toRecordedSupport(rows[0]?.result);
}

/**
 * Records several supports in one statement and one commit (record_vault_supports, migration
 * 0012), each as recordSupport would, in the order given; answers one result per support. All
 * or nothing: if it throws, none was recorded.
 */
export async function recordSupports(
  db: Pick<pg.Pool, 'query'>,
  supports: readonly SupportToRecord[],
): Promise<RecordedSupport[]> {
  const { rows } = await db.query<{ results: RecordSupportResult[] }>({
    name: 'vaults_record_supports',
    text: 'select record_vault_supports($1::jsonb) as results',
    values: [
      JSON.stringify(
        supports.map((support) => ({
          vaultId: support.vaultId.toString(),
          supporterId: support.supporterId,
          signature: support.signature,
          amount: support.amount.toString(),
          slot: support.slot,
          now: support.now.toISOString(),
        })),
      ),
    ],
  });
  const results = rows[0]?.results ?? [];
  if (results.length !== supports.length) {
    throw new Error(`record_vault_supports answered ${results.length} of ${supports.length}`);
  }
  return results.map(toRecordedSupport);
}

/** Everyone who supported a vault (its real-time audience, with the creator). */
export async function readSupporterIds(
  db: Pick<pg.Pool, 'query'>,
  vaultId: bigint,
): Promise<string[]> {
  const { rows } = await db.query<{ supporter_id: string }>({
    name: 'vaults_supporter_ids',
    text: 'select supporter_id from vault_supporters where vault_id = $1',
    values: [vaultId.toString()],
  });
  return rows.map((row) => row.supporter_id);
}
