import type { UserSummary } from '@dum/core';
import type { Queryable } from '../../db/prepared.ts';
import { toUserSummary, USER_SUMMARY_COLUMNS, type UserSummaryRow } from '../../db/user-summary.ts';

/**
 * The auth tables, in plain SQL: each operation is one statement (so one round trip and atomic
 * on its own, never half-written), and sign-in is on the hot path of the benchmark.
 * Times come from the injected clock, never the database's now(), so tests can move them.
 */
export type { Queryable };

// The statements below are named, so PostgreSQL (and PGlite) plans each once per connection
// (the verify statement's plan costs about a third of its time).

export interface SessionUser {
  id: string;
  solAddress: string;
}

export interface RefreshTokenRow {
  familyId: string;
  hash: string;
  expiresAt: Date;
}

/**
 * Verify's one round trip, run once the challenge and the signature are known to be good:
 * records the nonce as used (a nonce works once, whatever happens next) and, when it was not
 * used before, signs the wallet in as `signInUser` does, in the same statement. `fresh` is false
 * for a nonce used before; `user` is null then, or when creating the user lost a race (see
 * signInUser).
 */
export async function useNonceAndSignIn(
  db: Queryable,
  input: {
    nonce: string;
    nonceExpiresAt: Date;
    address: string;
    referralCode: string | null;
    newReferralCode: string;
    refreshToken: RefreshTokenRow;
  },
): Promise<{ fresh: boolean; user: SessionUser | null }> {
  const { rows } = await db.query<{
    fresh: boolean;
    user_id: string | null;
    sol_address: string | null;
  }>({
    name: 'auth_use_nonce_and_sign_in',
    text: `with used as (
       insert into auth_used_nonces (nonce, expires_at) values ($1, $2)
       on conflict do nothing
       returning nonce
     ), created as (
       -- users' create_wallet_user, once for the nonce this statement used (none if it was
       -- used before).
       select (w.u).user_id as id, (w.u).address as sol_address
       from (select create_wallet_user($3, $4, $5) as u from used) w
     ), signed_in as (
       select id, sol_address from created
       union all
       select id, sol_address from users
       where sol_address = $3 and exists (select 1 from used)
       limit 1
     ), token as (
       insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
       select id, $6, $7, $8 from signed_in
       returning user_id
     )
     select exists (select 1 from used) as fresh, token.user_id, signed_in.sol_address
     from (select 1) as one
     left join signed_in on true
     left join token on token.user_id = signed_in.id`,
    values: [
      input.nonce,
      input.nonceExpiresAt,
      input.address,
      input.newReferralCode,
      input.referralCode,
      input.refreshToken.familyId,
      input.refreshToken.hash,
      input.refreshToken.expiresAt,
    ],
  });
  const row = rows[0];
  return {
    fresh: row?.fresh ?? false,
    user: row?.user_id && row.sol_address ? { id: row.user_id, solAddress: row.sol_address } : null,
  };
}

/**
 * Signs a wallet in, in one statement: creates its user on first sign-in (users'
 * create_wallet_user: a fresh referral code, and referred_by_id when the referral code names an
 * existing user) and stores the new refresh token. Returns null when the insert lost a race (a
 * concurrent first sign-in of the same wallet, or a referral-code collision): the statement
 * wrote nothing; the caller retries.
 */
export async function signInUser(
  db: Queryable,
  input: {
    address: string;
    newReferralCode: string;
    referredByCode: string | null;
    refreshToken: RefreshTokenRow;
  },
): Promise<SessionUser | null> {
  const { rows } = await db.query<{ id: string; sol_address: string }>({
    name: 'auth_sign_in_user',
    text: `with created as (
       select (w.u).user_id as id, (w.u).address as sol_address
       from (select create_wallet_user($1, $2, $3) as u) w
     ), signed_in as (
       select id, sol_address from created
       union all
       select id, sol_address from users where sol_address = $1
       limit 1
     ), token as (
       insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
       select id, $4, $5, $6 from signed_in
       returning user_id
     )
     select signed_in.id, signed_in.sol_address from signed_in join token on token.user_id = signed_in.id`,
    values: [
      input.address,
      input.newReferralCode,
      input.referredByCode,
      input.refreshToken.familyId,
      input.refreshToken.hash,
      input.refreshToken.expiresAt,
    ],
  });
  const row = rows[0];
  return row ? { id: row.id, solAddress: row.sol_address } : null;
}

/**
 * Rotates a live refresh token: marks it used and stores its successor in the same family, in
 * one statement. Null when the token is unknown, used, revoked or expired.
 */
export async function rotateRefreshToken(
  db: Queryable,
  input: { hash: string; next: { hash: string; expiresAt: Date }; now: Date },
): Promise<(SessionUser & { familyId: string }) | null> {
  const { rows } = await db.query<{ id: string; sol_address: string; family_id: string }>({
    name: 'auth_rotate_refresh_token',
    text: `with used as (
       update refresh_tokens set rotated_at = $2
       where token_hash = $1 and rotated_at is null and revoked_at is null and expires_at > $2
       returning user_id, family_id
     ), next as (
       insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
       select user_id, family_id, $3, $4 from used
       returning user_id, family_id
     )
     select users.id, users.sol_address, next.family_id
     from next join users on users.id = next.user_id`,
    values: [input.hash, input.now, input.next.hash, input.next.expiresAt],
  });
  const row = rows[0];
  return row ? { id: row.id, solAddress: row.sol_address, familyId: row.family_id } : null;
}

/**
 * Revokes the whole family of a token. With `onlyIfRotated`, only when that token was already
 * rotated (a reuse: someone kept an old token). Returns how many live tokens were revoked.
 */
export async function revokeFamily(
  db: Queryable,
  input: { hash: string; now: Date; onlyIfRotated: boolean },
): Promise<{ revoked: number; userId: string | null; familyId: string | null }> {
  const { rows } = await db.query<{ user_id: string; family_id: string }>(
    `update refresh_tokens set revoked_at = $2
     where revoked_at is null and family_id = (
       select family_id from refresh_tokens
       where token_hash = $1 and ($3::boolean = false or rotated_at is not null)
     )
     returning user_id, family_id`,
    [input.hash, input.now, input.onlyIfRotated],
  );
  const first = rows[0];
  return {
    revoked: rows.length,
    userId: first?.user_id ?? null,
    familyId: first?.family_id ?? null,
  };
}

/** Used nonces of expired challenges and expired refresh tokens: nothing can use them any more. */
export async function deleteExpired(
  db: Queryable,
  now: Date,
): Promise<{ usedNonces: number; refreshTokens: number }> {
  const usedNonces = await db.query('delete from auth_used_nonces where expires_at <= $1', [now]);
  const refreshTokens = await db.query('delete from refresh_tokens where expires_at <= $1', [now]);
  return { usedNonces: usedNonces.rowCount ?? 0, refreshTokens: refreshTokens.rowCount ?? 0 };
}

/** The signed-in user (GET /api/auth/me): their summary and their referral code. */
export type MeRow = UserSummary & { referralCode: string | null };

export async function readMe(db: Queryable, userId: string): Promise<MeRow | null> {
  const { rows } = await db.query<UserSummaryRow & { referral_code: string | null }>({
    name: 'auth_read_me',
    text: `select ${USER_SUMMARY_COLUMNS}, u.referral_code from users u where u.id = $1`,
    values: [userId],
  });
  const row = rows[0];
  return row ? { ...toUserSummary(row), referralCode: row.referral_code } : null;
}
