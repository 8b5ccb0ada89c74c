import { MY_VAULTS_LIMIT, VAULT_SUPPORTS_SHOWN, type VaultStatus } from '@dum/core';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Tx } from '../emissions/ledger.ts';

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
}

const VAULT_COLUMNS = `v.id::text as id, v.message_id::text as post_id, v.status,
  v.total::text as total, v.target::text as target, v.supporter_count, v.created_at, v.ends_at,
  v.unlocked_at, v.creator_id, u.sol_address as creator_wallet,
  coalesce(u.display_name, u.username, u.sol_address) as creator_name, v.media_key`;

export async function readVault(
  pool: pg.Pool | pg.PoolClient,
  id: bigint,
): Promise<VaultRow | null> {
  const result = await pool.query<VaultRow>({
    name: 'vault_by_id',
    text: `select ${VAULT_COLUMNS} from vaults v join users u on u.id = v.creator_id
      where v.id = $1`,
    values: [id.toString()],
  });
  return result.rows[0] ?? null;
}

/** The vaults of these posts (a feed page's vault posts), in one statement. */
export async function readVaultsOfPosts(pool: pg.Pool, postIds: string[]): Promise<VaultRow[]> {
  const result = await pool.query<VaultRow>({
    name: 'vaults_of_posts',
    text: `select ${VAULT_COLUMNS} from vaults v join users u on u.id = v.creator_id
      where v.message_id = any($1::bigint[])`,
    values: [postIds],
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
  db: pg.Pool | Tx,
  signature: string,
): Promise<SupportRow | null> {
  if ('execute' in db) {
    const result = await db.execute<SupportRow & Record<string, unknown>>(
      sql`select ${sql.raw(SUPPORT_COLUMNS)} from vault_supports s
          join users u on u.id = s.supporter_id where s.signature = ${signature}`,
    );
    return result.rows[0] ?? null;
  }
  const result = await db.query<SupportRow>({
    name: 'vault_support_by_signature',
    text: `select ${SUPPORT_COLUMNS} from vault_supports s join users u on u.id = s.supporter_id
      where s.signature = $1`,
    values: [signature],
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

export interface LeaderboardRow {
  supporter_id: string;
  username: string | null;
  display_name: string | null;
  sol_address: string;
  total: string;
  supports: number;
}

/** Supporters ranked by total given; ties go to whoever reached that total first. */
export async function readLeaderboard(pool: pg.Pool, vaultId: bigint): Promise<LeaderboardRow[]> {
  const result = await pool.query<LeaderboardRow>({
    name: 'vault_leaderboard',
    text: `select g.supporter_id, u.username, u.display_name, u.sol_address, g.total::text as total,
        g.supports
      from (
        select supporter_id, sum(amount) as total, count(*)::int as supports,
          max(id) as last_id
        from vault_supports where vault_id = $1 group by supporter_id
      ) g join users u on u.id = g.supporter_id
      order by g.total desc, g.last_id asc`,
    values: [vaultId.toString()],
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
        from vaults v join users u on u.id = v.creator_id join messages m on m.id = v.message_id
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
      text: `select ${VAULT_COLUMNS}, m.body, g.given::text as given
        from (
          select vault_id, sum(amount) as given, max(created_at) as last_at
          from vault_supports where supporter_id = $1 and vault_id is not null
          group by vault_id
        ) g
        join vaults v on v.id = g.vault_id
        join users u on u.id = v.creator_id
        join messages m on m.id = v.message_id
        order by g.last_at desc, v.id desc limit ${MY_VAULTS_LIMIT}`,
      values: [userId],
    }),
    pool.query<{ count: number; amount: string; unlocked: number }>({
      name: 'my_vaults_supported_totals',
      text: `select count(distinct s.vault_id)::int as count,
          coalesce(sum(s.amount), 0)::text as amount,
          count(distinct s.vault_id) filter (where v.status <> 'active')::int as unlocked
        from vault_supports s join vaults v on v.id = s.vault_id
        where s.supporter_id = $1`,
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

/** Everyone who supported a vault (the audience of its real-time events, with the creator). */
export async function readSupporterIds(pool: pg.Pool, vaultId: bigint): Promise<string[]> {
  const result = await pool.query<{ supporter_id: string }>({
    name: 'vault_supporter_ids',
    text: `select distinct supporter_id from vault_supports where vault_id = $1`,
    values: [vaultId.toString()],
  });
  return result.rows.map((row) => row.supporter_id);
}

// ---- Writes (inside the caller's transaction) -----------------------------------------------

export interface LockedVault {
  status: VaultStatus;
  total: bigint;
  target: bigint;
  endsAt: Date;
  creatorId: string;
}

/** Locks a vault row for a support: supports of one vault take turns. */
export async function lockVault(tx: Tx, id: bigint): Promise<LockedVault | null> {
  const result = await tx.execute<{
    status: VaultStatus;
    total: string;
    target: string;
    ends_at: Date | string;
    creator_id: string;
  }>(
    sql`select status, total::text as total, target::text as target, ends_at, creator_id
        from vaults where id = ${id} for no key update`,
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    status: row.status,
    total: BigInt(row.total),
    target: BigInt(row.target),
    endsAt: new Date(row.ends_at),
    creatorId: row.creator_id,
  };
}
