import type pg from 'pg';
import type { Queryable } from '../../db/prepared.ts';
import { mysteryNotHidden } from '../moderation/index.ts';

/**
 * The mystery vaults' SQL. Reads are named statements on the pool; writes run inside the
 * caller's transaction. Amounts travel as text (bigint lamports).
 */

export interface MysteryRow {
  id: string;
  creator_id: string;
  creator_wallet: string;
  creator_username: string | null;
  creator_display_name: string | null;
  creator_avatar_url: string | null;
  creator_is_verified: boolean;
  title: string;
  teaser: string;
  body: string;
  image_key: string | null;
  audio_key: string | null;
  media_key: string;
  target: string;
  total: string;
  participant_count: number;
  created_at: Date;
  ends_at: Date;
  opened_at: Date | null;
  open_reason: 'target' | 'timer' | null;
  /** The viewer's contribution ('0' when none; null signed out). */
  my_contribution: string | null;
}

/** $1 is the viewer (null signed out) in every read. */
const COLUMNS = `mv.id::text as id, mv.creator_id, u.sol_address as creator_wallet,
  u.username as creator_username, u.display_name as creator_display_name,
  u.avatar_url as creator_avatar_url, u.is_verified as creator_is_verified,
  mv.title, mv.teaser, mv.body, mv.image_key, mv.audio_key, mv.media_key,
  mv.target::text as target, mv.total::text as total, mv.participant_count, mv.created_at,
  mv.ends_at, mv.opened_at, mv.open_reason,
  case when $1::uuid is null then null else coalesce(
    (select p.amount::text from mystery_participants p
      where p.vault_id = mv.id and p.user_id = $1::uuid), '0') end as my_contribution`;
const FROM = `mystery_vaults mv join users u on u.id = mv.creator_id`;
/**
 * Every read (the page, every list, a join's look-up) leaves out what moderation hides: a
 * mystery whose reports weigh enough, pending review, or any of a suspended creator's.
 */
const SHOWN = mysteryNotHidden('mv.id');

export async function readMystery(
  db: Queryable,
  id: bigint,
  viewerId: string | null,
): Promise<MysteryRow | null> {
  const result = await db.query<MysteryRow>({
    name: 'mystery_by_id',
    text: `select ${COLUMNS} from ${FROM} where mv.id = $2 and ${SHOWN}`,
    values: [viewerId, id.toString()],
  });
  return result.rows[0] ?? null;
}

export type PageCursor = { at: Date; id: bigint } | { id: bigint };

/** Open ones, soonest to end first (ends_at, id), after the cursor. */
export async function readOpenPage(pool: pg.Pool, args: TimePageArgs): Promise<MysteryRow[]> {
  return readTimePage(pool, args, {
    name: 'mystery_open',
    where: 'mv.opened_at is null',
    after: '(mv.ends_at, mv.id) > ($3, $4)',
    order: 'mv.ends_at, mv.id',
  });
}

/** Opened ones, most recently opened first (opened_at, id descending), after the cursor. */
export async function readOpenedPage(pool: pg.Pool, args: TimePageArgs): Promise<MysteryRow[]> {
  return readTimePage(pool, args, {
    name: 'mystery_opened',
    where: 'mv.opened_at is not null',
    after: '(mv.opened_at, mv.id) < ($3, $4)',
    order: 'mv.opened_at desc, mv.id desc',
  });
}

interface TimePageArgs {
  viewerId: string | null;
  after: { at: Date; id: bigint } | null;
  limit: number;
}

/**
 * A page of the vaults shown to the viewer, in the order of a time and the id, after the cursor
 * (`after` compares the cursor's time and id, $3 and $4). Two prepared statements per list: the
 * first page and the next ones.
 */
async function readTimePage(
  pool: pg.Pool,
  args: TimePageArgs,
  list: { name: string; where: string; after: string; order: string },
): Promise<MysteryRow[]> {
  const result = await pool.query<MysteryRow>({
    name: `${list.name}_${args.after ? 'after' : 'first'}`,
    text: `select ${COLUMNS} from ${FROM}
      where ${list.where} and ${SHOWN}
        ${args.after ? `and ${list.after}` : ''}
      order by ${list.order}
      limit $2`,
    values: [
      args.viewerId,
      args.limit,
      ...(args.after ? [args.after.at, args.after.id.toString()] : []),
    ],
  });
  return result.rows;
}

/** The viewer's own (created or joined), newest first (id descending), after the cursor. */
export async function readMinePage(
  pool: pg.Pool,
  args: { viewerId: string; after: bigint | null; limit: number },
): Promise<MysteryRow[]> {
  const result = await pool.query<MysteryRow>({
    name: args.after ? 'mystery_mine_after' : 'mystery_mine_first',
    text: `select ${COLUMNS} from ${FROM}
      where mv.id in (
          select id from mystery_vaults where creator_id = $1::uuid
          union select vault_id from mystery_participants where user_id = $1::uuid)
        and ${SHOWN}
        ${args.after ? 'and mv.id < $3' : ''}
      order by mv.id desc
      limit $2`,
    values: [args.viewerId, args.limit, ...(args.after ? [args.after.toString()] : [])],
  });
  return result.rows;
}

/** The users to tell about a vault: its creator and its participants. */
export async function readAudience(db: Queryable, id: bigint): Promise<string[]> {
  const result = await db.query<{ user_id: string }>({
    name: 'mystery_audience',
    text: `select creator_id as user_id from mystery_vaults where id = $1
      union select user_id from mystery_participants where vault_id = $1`,
    values: [id.toString()],
  });
  return result.rows.map((row) => row.user_id);
}

/** Who a mystery's hidden file belongs to, if it is one: GET /media/<name>'s check. */
export async function readMediaMystery(
  pool: pg.Pool,
  storageKey: string,
): Promise<{ opened: boolean; creator_id: string; media_key: string } | null> {
  const result = await pool.query<{ opened: boolean; creator_id: string; media_key: string }>({
    name: 'mystery_media',
    text: `select mv.opened_at is not null as opened, mv.creator_id, mv.media_key
      from media m join mystery_vaults mv on mv.id = m.mystery_vault_id
      where m.storage_key = $1`,
    values: [storageKey],
  });
  return result.rows[0] ?? null;
}

// ---- Writes (inside the caller's transaction) -----------------------------------------------

export async function insertMystery(
  db: Queryable,
  row: {
    creatorId: string;
    title: string;
    teaser: string;
    body: string;
    imageKey: string | null;
    audioKey: string | null;
    mediaKey: string;
    target: bigint;
    createdAt: Date;
    endsAt: Date;
  },
): Promise<bigint> {
  const result = await db.query<{ id: string }>({
    name: 'mystery_insert',
    text: `insert into mystery_vaults (creator_id, title, teaser, body, image_key, audio_key,
        media_key, target, created_at, ends_at)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text as id`,
    values: [
      row.creatorId,
      row.title,
      row.teaser,
      row.body,
      row.imageKey,
      row.audioKey,
      row.mediaKey,
      row.target.toString(),
      row.createdAt,
      row.endsAt,
    ],
  });
  const inserted = result.rows[0];
  if (!inserted) throw new Error('insert returned no row');
  return BigInt(inserted.id);
}

export interface LockedMystery {
  id: string;
  creator_id: string;
  creator_name: string;
  title: string;
  target: string;
  total: string;
  ends_at: Date;
  opened_at: Date | null;
}

/** Takes the vault's row lock (held to commit): joins and the opening take turns on it. */
export async function lockMystery(db: Queryable, id: bigint): Promise<LockedMystery | null> {
  const result = await db.query<LockedMystery>({
    name: 'mystery_lock',
    text: `select mv.id::text as id, mv.creator_id, mv.title, mv.target::text as target,
        mv.total::text as total, mv.ends_at, mv.opened_at,
        coalesce(u.display_name, u.username, u.sol_address) as creator_name
      from mystery_vaults mv join users u on u.id = mv.creator_id
      where mv.id = $1 for update of mv`,
    values: [id.toString()],
  });
  return result.rows[0] ?? null;
}

/**
 * Records a join under the vault's row lock: the join, the participant's contribution and the
 * vault's total and participant count; opens it (reason 'target') when the total reaches the
 * target. Answers the vault's new total, count, and whether this join opened it.
 */
export async function recordJoin(
  db: Queryable,
  args: { vaultId: bigint; userId: string; signature: string; amount: bigint; now: Date },
): Promise<{ total: bigint; participantCount: number; opened: boolean; contribution: bigint }> {
  const values = [args.vaultId.toString(), args.userId, args.amount.toString(), args.now];
  await db.query({
    name: 'mystery_join_insert',
    text: `insert into mystery_joins (signature, vault_id, user_id, amount, created_at)
      values ($1, $2, $3, $4, $5)`,
    values: [args.signature, ...values.slice(0, 3), args.now],
  });
  const participant = await db.query<{ amount: string; inserted: boolean }>({
    name: 'mystery_participant_upsert',
    text: `insert into mystery_participants (vault_id, user_id, amount, joined_at, updated_at)
      values ($1, $2, $3, $4, $4)
      on conflict (vault_id, user_id) do update
        set amount = mystery_participants.amount + excluded.amount, updated_at = excluded.updated_at
      returning amount::text as amount, (xmax = 0) as inserted`,
    values,
  });
  const mine = participant.rows[0];
  if (!mine) throw new Error('upsert returned no row');
  const { amount, inserted } = mine;
  const vault = await db.query<{ total: string; participant_count: number; opened: boolean }>({
    name: 'mystery_add_join',
    text: `update mystery_vaults set
        total = total + $2,
        participant_count = participant_count + $3,
        opened_at = case when total + $2 >= target then $4::timestamptz end,
        open_reason = case when total + $2 >= target then 'target' end
      where id = $1 and opened_at is null
      returning total::text as total, participant_count, opened_at is not null as opened`,
    values: [args.vaultId.toString(), args.amount.toString(), inserted ? 1 : 0, args.now],
  });
  const row = vault.rows[0];
  // The caller holds the row lock and saw it open: the update always finds it.
  if (!row) throw new Error('the locked mystery was not updated');
  return {
    total: BigInt(row.total),
    participantCount: row.participant_count,
    opened: row.opened,
    contribution: BigInt(amount),
  };
}

/** The join this signature recorded, if one did. */
export async function readJoin(
  db: Queryable,
  signature: string,
): Promise<{ vault_id: string; user_id: string; amount: string } | null> {
  const result = await db.query<{ vault_id: string; user_id: string; amount: string }>({
    name: 'mystery_join_by_signature',
    text: `select vault_id::text as vault_id, user_id, amount::text as amount
      from mystery_joins where signature = $1`,
    values: [signature],
  });
  return result.rows[0] ?? null;
}

/** A vault the timer opened, with what its announcement says. */
interface OpenedByTimer {
  id: string;
  title: string;
  creator_id: string;
  creator_name: string;
  total: string;
  target: string;
}

/**
 * Locks a batch of open vaults whose timer has ended, skipping rows another run (or a join)
 * holds, and opens them (reason 'timer'). Answers what was opened.
 */
export async function openEndedBatch(
  db: Queryable,
  args: { now: Date; limit: number },
): Promise<OpenedByTimer[]> {
  const result = await db.query<OpenedByTimer>({
    name: 'mystery_open_ended',
    // A vault moderation hides (reported, or its creator suspended) waits: opening would
    // announce it. It opens on the first run after it is given back.
    text: `with due as (
        select mv.id from mystery_vaults mv
        where mv.opened_at is null and mv.ends_at <= $1 and ${SHOWN}
        order by mv.ends_at, mv.id
        limit $2
        for update skip locked)
      update mystery_vaults mv set opened_at = $1, open_reason = 'timer'
      from due, users u
      where mv.id = due.id and u.id = mv.creator_id
      returning mv.id::text as id, mv.title, mv.creator_id, mv.total::text as total,
        mv.target::text as target,
        coalesce(u.display_name, u.username, u.sol_address) as creator_name`,
    values: [args.now, args.limit],
  });
  return result.rows;
}
