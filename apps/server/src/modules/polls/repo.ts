import type pg from 'pg';
import type { Queryable } from '../../db/prepared.ts';

/**
 * The polls' SQL: each read or write a single named statement (planned once per connection).
 * Reads of messages (a poll's post: its author and expiry) and blocks are reads only; the polls
 * slice writes polls and poll_votes alone (docs/decisions/017).
 */

/** A poll's row as stored, with the viewer's vote (null when none or signed out). */
export interface PollRow {
  message_id: string;
  options: string[];
  vote_counts: number[];
  ends_at: Date;
  viewer_vote: number | null;
}

/** Writes a post's poll, in the post's transaction: every count starts at 0. */
export async function insertPoll(
  db: Queryable,
  poll: { postId: bigint; options: string[]; endsAt: Date },
): Promise<void> {
  await db.query({
    name: 'polls_insert',
    text: `insert into polls (message_id, options, vote_counts, ends_at)
      values ($1, $2::text[], array_fill(0, array[cardinality($2::text[])]), $3)`,
    values: [poll.postId.toString(), poll.options, poll.endsAt],
  });
}

/** The polls of these posts (those that have one), each with the viewer's vote. */
export async function readPollRows(
  db: Queryable,
  postIds: readonly string[],
  viewerId: string | null,
): Promise<PollRow[]> {
  if (postIds.length === 0) return [];
  const { rows } = await db.query<PollRow>({
    name: 'polls_read',
    text: `select p.message_id::text as message_id, p.options, p.vote_counts, p.ends_at,
        v.option as viewer_vote
      from polls p
      left join poll_votes v on v.message_id = p.message_id and v.user_id = $2::uuid
      where p.message_id = any($1::bigint[])`,
    values: [postIds, viewerId],
  });
  return rows;
}

/** A poll locked for a vote, with its post's author and whether the post is still readable. */
export interface LockedPoll {
  options: string[];
  ends_at: Date;
  author_id: string;
  /** The post has not expired (an expired post is gone to readers until the cleanup runs). */
  live: boolean;
  /** The viewer blocked the author (the post is hidden from them). */
  viewer_blocked_author: boolean;
  /** The author blocked the viewer. */
  author_blocked_viewer: boolean;
}

/**
 * Locks the poll's row for one vote: concurrent votes on a poll take turns from here until
 * commit, so each count moves from the one before it. Null when the post has no poll.
 */
export async function lockPollForVote(
  client: pg.PoolClient,
  args: { postId: bigint; userId: string; now: Date },
): Promise<LockedPoll | null> {
  const { rows } = await client.query<LockedPoll>({
    name: 'polls_lock_for_vote',
    text: `select p.options, p.ends_at, m.author_id,
        (m.expires_at is null or m.expires_at > $3) as live,
        exists(select 1 from blocks b where b.blocker_id = $2::uuid and b.blocked_id = m.author_id)
          as viewer_blocked_author,
        exists(select 1 from blocks b where b.blocker_id = m.author_id and b.blocked_id = $2::uuid)
          as author_blocked_viewer
      from polls p join messages m on m.id = p.message_id
      where p.message_id = $1
      for update of p`,
    values: [args.postId.toString(), args.userId, args.now],
  });
  return rows[0] ?? null;
}

/**
 * The viewer's vote and the option's count moved by one, in the poll's locked transaction.
 * False when the viewer had already voted (nothing is written then).
 */
export async function insertVote(
  client: pg.PoolClient,
  vote: { postId: bigint; userId: string; option: number; now: Date },
): Promise<boolean> {
  const inserted = await client.query({
    name: 'polls_insert_vote',
    text: `insert into poll_votes (message_id, user_id, option, created_at)
      values ($1, $2, $3, $4)
      on conflict (message_id, user_id) do nothing`,
    values: [vote.postId.toString(), vote.userId, vote.option, vote.now],
  });
  if (inserted.rowCount !== 1) return false;
  await client.query({
    name: 'polls_count_vote',
    text: `update polls set vote_counts[$2::int + 1] = vote_counts[$2::int + 1] + 1
      where message_id = $1`,
    values: [vote.postId.toString(), vote.option],
  });
  return true;
}

/** An ended poll taken by the ending job: its author is told once. */
export interface EndedPoll {
  message_id: string;
  author_id: string;
  total_votes: number;
}

/**
 * Marks up to `limit` ended polls whose author has not been told as told, and answers them.
 * FOR UPDATE SKIP LOCKED: two instances running at once take disjoint polls, and the mark
 * commits with the notices written in the same transaction, so each author is told once.
 */
export async function takeEndedPolls(
  client: pg.PoolClient,
  args: { now: Date; limit: number },
): Promise<EndedPoll[]> {
  const { rows } = await client.query<EndedPoll>({
    name: 'polls_take_ended',
    text: `with due as (
        select p.message_id from polls p
        where p.ended_notified_at is null and p.ends_at <= $1
        order by p.ends_at
        limit $2
        for update of p skip locked
      ), marked as (
        update polls p set ended_notified_at = $1
        from due where p.message_id = due.message_id
        returning p.message_id, p.vote_counts
      )
      select marked.message_id::text as message_id, m.author_id,
        (select coalesce(sum(c), 0) from unnest(marked.vote_counts) c)::int as total_votes
      from marked join messages m on m.id = marked.message_id
      order by marked.message_id`,
    values: [args.now, args.limit],
  });
  return rows;
}
