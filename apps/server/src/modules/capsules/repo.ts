import type pg from 'pg';
import type { Queryable } from '../../db/prepared.ts';
import { addToWaitingCount, openDueCapsulePosts } from '../feed/index.ts';

/**
 * The capsules slice's SQL: 'Notify me' (capsule_waiters, with messages.waiting_count kept in
 * the same transaction), the capsule lists, the opening job and the media check. A time
 * capsule is a post (messages, kind 'capsule', owned by modules/feed); this slice reads its
 * capsule columns and writes only opened_at, created_at (the feed time) and capsule_key.
 */

export interface CapsuleLock {
  kind: string;
  author_id: string;
  opened_at: Date | null;
}

/** Locks the post for a 'Notify me' change (its waiting_count changes); null when none. */
export async function lockCapsule(client: pg.PoolClient, id: bigint): Promise<CapsuleLock | null> {
  const { rows } = await client.query<CapsuleLock>({
    name: 'capsule_lock',
    text: `select kind, author_id, opened_at from messages where id = $1 for no key update`,
    values: [id.toString()],
  });
  return rows[0] ?? null;
}

/** 'Notify me' on (true) or off; answers whether it changed anything and the new count. */
export async function setWaiter(
  client: pg.PoolClient,
  args: { id: bigint; userId: string; on: boolean; now: Date },
): Promise<number> {
  const changed = args.on
    ? await client.query({
        name: 'capsule_waiter_add',
        text: `insert into capsule_waiters (message_id, user_id, created_at) values ($1, $2, $3)
          on conflict do nothing`,
        values: [args.id.toString(), args.userId, args.now],
      })
    : await client.query({
        name: 'capsule_waiter_remove',
        text: `delete from capsule_waiters where message_id = $1 and user_id = $2`,
        values: [args.id.toString(), args.userId],
      });
  const delta = (changed.rowCount ?? 0) > 0 ? (args.on ? 1 : -1) : 0;
  return addToWaitingCount(client, args.id, delta);
}

export interface ListPosition {
  at: Date;
  id: bigint;
}

/**
 * One page (plus one) of capsule ids: soon, the sealed ones soonest first (unlock_at, id);
 * opened, newest opening first (its feed time, created_at, which became unlock_at); mine, the
 * author's, newest feed time first.
 */
export async function listCapsuleIds(
  db: Queryable,
  args: {
    scope: 'soon' | 'opened' | 'mine';
    authorId: string | null;
    after: ListPosition | null;
    limit: number;
  },
): Promise<Array<{ id: string; at: Date }>> {
  const values: unknown[] = [args.limit];
  let where: string;
  let order: string;
  let at: string;
  if (args.scope === 'soon') {
    at = 'm.unlock_at';
    where = `m.kind = 'capsule' and m.opened_at is null`;
    order = 'm.unlock_at, m.id';
  } else {
    at = 'm.created_at';
    where =
      args.scope === 'opened'
        ? `m.kind = 'capsule' and m.opened_at is not null`
        : `m.kind = 'capsule' and m.author_id = $${values.push(args.authorId)}::uuid`;
    order = 'm.created_at desc, m.id desc';
  }
  if (args.after) {
    const t = values.push(args.after.at);
    const i = values.push(args.after.id.toString());
    const op = args.scope === 'soon' ? '>' : '<';
    where += ` and (${at}, m.id) ${op} ($${t}::timestamptz, $${i}::bigint)`;
  }
  const { rows } = await db.query<{ id: string; at: Date }>({
    text: `select m.id::text as id, ${at} as at from messages m
      where ${where} order by ${order} limit $1`,
    values,
  });
  return rows;
}

export interface OpenedCapsule {
  id: string;
  author_id: string;
  username: string | null;
  author_name: string;
  /** The author's followers and everyone who chose 'Notify me', the author left out. */
  recipients: string[];
}

/**
 * Opens a batch of capsules whose time has come (the feed's openDueCapsulePosts: exactly once,
 * however many instances run) and answers who to notify, read in the same transaction.
 */
export async function openDueCapsules(
  client: pg.PoolClient,
  args: { now: Date; limit: number },
): Promise<OpenedCapsule[]> {
  const opened = await openDueCapsulePosts(client, args);
  if (opened.length === 0) return [];
  const { rows } = await client.query<OpenedCapsule>({
    name: 'capsules_opened_recipients',
    text: `select o.id::text as id, o.author_id, u.username,
        coalesce(u.display_name, u.username, left(u.sol_address, 4) || '…' || right(u.sol_address, 4))
          as author_name,
        array(
          select f.follower_id from follows f where f.following_id = o.author_id
          union
          select w.user_id from capsule_waiters w where w.message_id = o.id
          except
          select o.author_id
        )::text[] as recipients
      from unnest($1::bigint[], $2::uuid[]) as o(id, author_id)
      join users u on u.id = o.author_id
      order by o.id`,
    values: [opened.map((post) => post.id), opened.map((post) => post.author_id)],
  });
  return rows;
}

/**
 * A stored file's capsule, while it is sealed: its author and media key (media attached to a
 * post, through media's unique storage_key). Null for any other file.
 */
export async function readSealedCapsuleOfFile(
  db: Queryable,
  name: string,
): Promise<{ author_id: string; capsule_key: string | null } | null> {
  const { rows } = await db.query<{ author_id: string; capsule_key: string | null }>({
    name: 'capsule_of_media',
    text: `select m.author_id, m.capsule_key from media md join messages m on m.id = md.message_id
      where md.storage_key = $1 and m.kind = 'capsule' and m.opened_at is null`,
    values: [name],
  });
  return rows[0] ?? null;
}
