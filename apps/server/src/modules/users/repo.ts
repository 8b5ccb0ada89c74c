import type pg from 'pg';
import type { Queryable } from '../../db/prepared.ts';
import { USER_SUMMARY_COLUMNS, type UserSummaryRow } from '../../db/user-summary.ts';
import { notBlockedEitherWay } from '../people/index.ts';

/** The users slice's SQL: a wallet's public record, profile changes, name checks and search. */

export interface PublicUserRow {
  id: string;
  solAddress: string;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  isVerified: boolean;
  createdAt: Date;
}

const PUBLIC_COLUMNS = `id, sol_address as "solAddress", username, display_name as "displayName",
  avatar_url as "avatarUrl", bio, is_verified as "isVerified", created_at as "createdAt"`;

/** The public columns of the user with this wallet, or undefined. */
export async function readPublicUser(
  db: Queryable,
  solAddress: string,
): Promise<PublicUserRow | undefined> {
  const { rows } = await db.query<PublicUserRow>({
    name: 'users_public_by_address',
    text: `select ${PUBLIC_COLUMNS} from users where sol_address = $1`,
    values: [solAddress],
  });
  return rows[0];
}

export async function readPublicUserById(
  db: Queryable,
  id: string,
): Promise<PublicUserRow | undefined> {
  const { rows } = await db.query<PublicUserRow>({
    name: 'users_public_by_id',
    text: `select ${PUBLIC_COLUMNS} from users where id = $1`,
    values: [id],
  });
  return rows[0];
}

/** The profile fields a PATCH sets; a field left out keeps its value. */
export interface ProfileChange {
  username?: string;
  displayName?: string | null;
  bio?: string | null;
  avatarUrl?: string | null;
}

/**
 * Writes the changed profile fields in one statement. A username another wallet holds (in any
 * case) fails on the unique indexes with PostgreSQL's 23505, which the caller answers as 409.
 */
export async function updateProfile(
  db: Queryable,
  userId: string,
  change: ProfileChange,
): Promise<void> {
  await db.query({
    name: 'users_update_profile',
    text: `update users set
        username = case when $2 then $3 else username end,
        display_name = case when $4 then $5 else display_name end,
        bio = case when $6 then $7 else bio end,
        avatar_url = case when $8 then $9 else avatar_url end
      where id = $1`,
    values: [
      userId,
      change.username !== undefined,
      change.username ?? null,
      change.displayName !== undefined,
      change.displayName ?? null,
      change.bio !== undefined,
      change.bio ?? null,
      change.avatarUrl !== undefined,
      change.avatarUrl ?? null,
    ],
  });
}

/** Whether another wallet than `exceptId` holds this username, ignoring case. */
export async function usernameHeldByOther(
  db: Queryable,
  username: string,
  exceptId: string | null,
): Promise<boolean> {
  const { rows } = await db.query({
    name: 'users_username_held',
    text: `select 1 from users where lower(username) = lower($1)
      and ($2::uuid is null or id <> $2::uuid)`,
    values: [username, exceptId],
  });
  return rows.length > 0;
}

/**
 * Wallets whose username or display name starts with `prefix` (ignoring case), or whose
 * address starts with `addressPrefix` (exactly: addresses are case-sensitive; null: names only). A signed-in
 * viewer does not find themselves, nor anyone with a block between them. An exact username
 * first, then by username. `prefix` is matched literally (LIKE's wildcards are escaped).
 */
export async function searchUsers(
  pool: pg.Pool,
  args: { prefix: string; addressPrefix: string | null; limit: number; viewerId: string | null },
): Promise<UserSummaryRow[]> {
  const escape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
  const { rows } = await pool.query<UserSummaryRow>({
    name: 'users_search',
    text: `select ${USER_SUMMARY_COLUMNS}
      from users u
      where (lower(u.username) like $1 or lower(u.display_name) like $1
          or ($2::text is not null and u.sol_address like $2))
        and ($4::uuid is null or (u.id <> $4::uuid and ${notBlockedEitherWay('$4::uuid', 'u.id')}))
      order by coalesce(lower(u.username) = $5, false) desc, u.username nulls last, u.sol_address
      limit $3`,
    values: [
      `${escape(args.prefix.toLowerCase())}%`,
      args.addressPrefix === null ? null : `${escape(args.addressPrefix)}%`,
      args.limit,
      args.viewerId,
      args.prefix.toLowerCase(),
    ],
  });
  return rows;
}

/**
 * The composer's `@` autocomplete (GET /api/users/suggest): wallets whose username or display
 * name starts with `prefix` (lower-cased by the caller), an exact username first, then by
 * username. Each name is read as a range of its prefix index (users_username_prefix,
 * users_display_name_prefix: lower(name) collate "C"), a few more rows than asked so the
 * viewer and wallets with a block either way can be left out, so the cost does not grow with
 * the number of users.
 */
export async function suggestUsers(
  pool: pg.Pool,
  args: { prefix: string; limit: number; viewerId: string | null },
): Promise<UserSummaryRow[]> {
  const escape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
  const { rows } = await pool.query<UserSummaryRow>({
    name: 'users_suggest',
    text: `with found as (
        (select id from users where (lower(username) collate "C") like $1
          order by (lower(username) collate "C"), id limit $3 + 16)
        union
        (select id from users where (lower(display_name) collate "C") like $1
          order by (lower(display_name) collate "C"), id limit $3 + 16)
      )
      select ${USER_SUMMARY_COLUMNS}
      from found join users u on u.id = found.id
      where $4::uuid is null or (u.id <> $4::uuid and ${notBlockedEitherWay('$4::uuid', 'u.id')})
      order by coalesce(lower(u.username) = $2, false) desc,
        (lower(u.username) collate "C") like $1 desc,
        (lower(u.username) collate "C") nulls last, (lower(u.display_name) collate "C"), u.id
      limit $3`,
    values: [`${escape(args.prefix)}%`, args.prefix, args.limit, args.viewerId],
  });
  return rows;
}

/**
 * Gives the user this referral code unless they have one (the economy slice hands codes out to
 * wallets made before codes were; app.ts passes it this). False, nothing written, when another
 * wallet holds the code.
 */
export async function giveReferralCodeIfNone(
  db: Queryable,
  userId: string,
  code: string,
): Promise<boolean> {
  try {
    await db.query({
      name: 'users_give_referral_code',
      text: 'update users set referral_code = $2 where id = $1 and referral_code is null',
      values: [userId, code],
    });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}
