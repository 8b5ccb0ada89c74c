import type pg from 'pg';
import { notBlockedEitherWay } from '../people/index.ts';

/**
 * Reposts in SQL, for the caller's transaction: the post's lock with what bars a repost, and
 * the repost row with the post's count.
 */

/** The post a repost is about, locked, with what the writer needs to know of it. */
export interface RepostTarget {
  author_id: string;
  repost_count: number;
  /** A block stands between the reposter and the author, either way. */
  blocked: boolean;
  /** The reposter's account still exists (a token can outlive it). */
  user_exists: boolean;
  /** The reposter's chosen name (null: none) and wallet, for the author's notification. */
  user_name: string | null;
  user_address: string | null;
}

/**
 * Locks a live post (`for no key update`: reposts of one post take turns, so repost_count
 * stays equal to its rows) and reads what decides a repost. Null when the post cannot be read
 * by the reposter (missing, expired, hidden, or an escrow vault post still pending).
 */
export async function lockRepostTarget(
  client: pg.PoolClient,
  args: { postId: bigint; userId: string; now: Date },
): Promise<RepostTarget | null> {
  const { rows } = await client.query<RepostTarget>({
    name: 'feed_lock_repost_target',
    text: `select m.author_id, m.repost_count,
        not ${notBlockedEitherWay('$2::uuid', 'm.author_id')} as blocked,
        ru.id is not null as user_exists,
        coalesce(ru.display_name, ru.username) as user_name,
        ru.sol_address as user_address
      from messages m left join users ru on ru.id = $2::uuid
      where m.id = $1 and (m.expires_at is null or m.expires_at > $3)
        and (m.kind <> 'vault' or m.author_id = $2::uuid or not exists (
          select 1 from vaults pv join escrow_vaults pe on pe.vault_id = pv.id
          where pv.message_id = m.id and pe.state = 'pending'))
      for no key update of m`,
    values: [args.postId.toString(), args.userId, args.now],
  });
  return rows[0] ?? null;
}

/**
 * Adds the viewer's repost (true) or takes it away (false) under the post's lock, moving the
 * count only when a row was written or removed; answers whether it changed and the count after.
 */
export async function writeRepostRow(
  client: pg.PoolClient,
  args: { postId: bigint; userId: string; now: Date; on: boolean },
): Promise<{ changed: boolean; count: number | null }> {
  const { rows } = await client.query<{ changed: boolean; count: number | null }>(
    args.on
      ? {
          name: 'feed_repost_on',
          text: `with added as (
              insert into reposts (message_id, user_id, created_at) values ($1, $2, $3)
              on conflict do nothing returning message_id
            ), counted as (
              update messages set repost_count = repost_count + 1
              where id in (select message_id from added) returning repost_count
            )
            select exists (select 1 from added) as changed,
              (select repost_count from counted) as count`,
          values: [args.postId.toString(), args.userId, args.now],
        }
      : {
          name: 'feed_repost_off',
          text: `with removed as (
              delete from reposts where message_id = $1 and user_id = $2 returning message_id
            ), counted as (
              update messages set repost_count = repost_count - 1
              where id in (select message_id from removed) returning repost_count
            )
            select exists (select 1 from removed) as changed,
              (select repost_count from counted) as count`,
          values: [args.postId.toString(), args.userId],
        },
  );
  const row = rows[0];
  if (!row) throw new Error('repost write answered no row');
  return row;
}
