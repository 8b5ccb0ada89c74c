import type pg from 'pg';
import { inTransaction, type Queryable } from '../../db/prepared.ts';

/**
 * Every SQL statement of the analytics slice: the per-day counters other slices keep in step
 * with their actions (analytics_daily and its pending changes, db/schema-analytics.ts; the emissions slice writes
 * analytics_dum_daily with its ledger rows, and the feed's post insert counts its post in the
 * same statement), and the reads of GET /api/analytics.
 */

/** The counters of analytics_daily that actions write (the column names). */
export type DailyCounter =
  'posts' | 'likes_received' | 'comments_received' | 'followers_gained' | 'sol_raised';

const COUNTERS: readonly DailyCounter[] = [
  'posts',
  'likes_received',
  'comments_received',
  'followers_gained',
  'sol_raised',
];

function checkedCounter(counter: DailyCounter): DailyCounter {
  // The column name goes into the SQL text: only ever one of these.
  if (!COUNTERS.includes(counter))
    throw new Error(`unknown analytics counter ${counter as string}`);
  return counter;
}

/**
 * Adds `amount` (positive) to a wallet's counter for the UTC day of `at`, in the caller's
 * transaction: a row appended to analytics_daily_changes (no wallet's row is locked, so
 * concurrent actions on one wallet never wait on each other), moved into analytics_daily by
 * rollupDailyChanges. The SQL function analytics_change_day (sql/) writes it; other slices' SQL
 * functions call analytics_add_to_day and analytics_take_from_day, which call it too.
 */
export async function addToDay(
  db: Queryable,
  change: { userId: string; at: Date; counter: DailyCounter; amount?: number | bigint },
): Promise<void> {
  await changeDay(db, change, 1n);
}

/**
 * Takes `amount` off a wallet's counter for the UTC day of `at` (the day the like, comment or
 * follow being withdrawn was given); the day's figure never goes below zero.
 */
export async function takeFromDay(
  db: Queryable,
  change: { userId: string; at: Date; counter: DailyCounter; amount?: number | bigint },
): Promise<void> {
  await changeDay(db, change, -1n);
}

async function changeDay(
  db: Queryable,
  change: { userId: string; at: Date; counter: DailyCounter; amount?: number | bigint },
  sign: 1n | -1n,
): Promise<void> {
  await db.query({
    name: 'analytics_change_day',
    text: 'select analytics_change_day($1, $2, $3, $4)',
    values: [
      change.userId,
      change.at,
      checkedCounter(change.counter),
      (BigInt(change.amount ?? 1) * sign).toString(),
    ],
  });
}

/** Rows rollupDailyChanges moves per statement. */
export const ROLLUP_BATCH = 10_000;

/**
 * Moves the oldest changes into analytics_daily, summed per (wallet, day); answers how many it
 * moved. One instance at a time: a transaction first takes an advisory lock without waiting (an
 * instance that finds it taken moves nothing this time), then moves in one statement. The lock
 * is its own statement because a statement's snapshot is taken when it starts: a move that took
 * the lock inside its own statement could get it just after another mover committed and still
 * not see the day rows that mover inserted, and insert them again. A day's figure never goes
 * below zero; a deleted wallet's changes are dropped.
 */
export async function rollupDailyChanges(database: { pool: pg.Pool }): Promise<number> {
  return inTransaction(database, async (client) => {
    const { rows: lock } = await client.query<{ ok: boolean }>({
      name: 'analytics_rollup_lock',
      text: `select pg_try_advisory_xact_lock(hashtextextended('dum:analytics-rollup', 0)) as ok`,
    });
    return lock[0]?.ok === true ? moveDailyChanges(client) : 0;
  });
}

async function moveDailyChanges(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ moved: string }>({
    name: 'analytics_rollup',
    text: `with taken as (
        delete from analytics_daily_changes where id in (
          select c.id from analytics_daily_changes c order by c.id limit $1)
        returning user_id, day, posts, likes_received, comments_received, followers_gained,
          sol_raised
      ), summed as (
        select t.user_id, t.day, sum(t.posts) as posts, sum(t.likes_received) as likes_received,
          sum(t.comments_received) as comments_received,
          sum(t.followers_gained) as followers_gained, sum(t.sol_raised) as sol_raised
        from taken t join users u on u.id = t.user_id
        group by t.user_id, t.day
      ), updated as (
        update analytics_daily d set posts = greatest(d.posts + s.posts, 0),
          likes_received = greatest(d.likes_received + s.likes_received, 0),
          comments_received = greatest(d.comments_received + s.comments_received, 0),
          followers_gained = greatest(d.followers_gained + s.followers_gained, 0),
          sol_raised = greatest(d.sol_raised + s.sol_raised, 0)
        from summed s where d.user_id = s.user_id and d.day = s.day
        returning d.user_id, d.day
      ), inserted as (
        insert into analytics_daily (user_id, day, posts, likes_received, comments_received,
          followers_gained, sol_raised)
        select s.user_id, s.day, greatest(s.posts, 0), greatest(s.likes_received, 0),
          greatest(s.comments_received, 0), greatest(s.followers_gained, 0),
          greatest(s.sol_raised, 0)
        from summed s
        where not exists (select 1 from updated x where x.user_id = s.user_id and x.day = s.day)
          and greatest(s.posts, s.likes_received, s.comments_received, s.followers_gained,
            s.sol_raised) > 0
      )
      select count(*)::text as moved from taken`,
    values: [ROLLUP_BATCH],
  });
  return Number(rows[0]?.moved ?? 0);
}

/** One row of the daily read: a counters row, a day's DUM of one ledger kind, or a day's tips. */
export interface DailyRow {
  source: 'counters' | 'dum' | 'tips';
  day: string;
  kind: string | null;
  posts: number | null;
  likes_received: number | null;
  comments_received: number | null;
  followers_gained: number | null;
  /** sol_raised for counters, the sum for dum and tips: base units. */
  amount: string;
}

/**
 * A wallet's daily figures from `fromDay` to `toDay` (UTC dates, inclusive) in one statement:
 * its analytics_daily rows with the changes not yet moved into them added (exact at every
 * moment) and its DUM per day and ledger kind (analytics_dum_daily), each a
 * primary key range, and the tips it received per day, summed from direct_messages
 * (direct_messages_tips_received, an index-only range scan; `from`/`until` are the first and
 * the day-after-last days' starts). Days without activity have no rows.
 */
export async function readDailyRows(
  db: Queryable,
  args: { userId: string; fromDay: string; toDay: string; from: Date; until: Date },
): Promise<DailyRow[]> {
  const { rows } = await db.query<DailyRow>({
    name: 'analytics_daily_rows',
    text: `select 'counters' as source, day::text as day, null as kind,
        greatest(sum(posts), 0)::int as posts, greatest(sum(likes_received), 0)::int as likes_received,
        greatest(sum(comments_received), 0)::int as comments_received,
        greatest(sum(followers_gained), 0)::int as followers_gained,
        greatest(sum(sol_raised), 0)::text as amount
      from (
        select day, posts, likes_received, comments_received, followers_gained, sol_raised
        from analytics_daily
        where user_id = $1 and day >= $2::date and day <= $3::date
        union all
        select day, posts, likes_received, comments_received, followers_gained, sol_raised
        from analytics_daily_changes
        where user_id = $1 and day >= $2::date and day <= $3::date
      ) counters
      group by day
      union all
      select 'dum', day::text, kind, null, null, null, null, amount::text
      from analytics_dum_daily
      where user_id = $1 and day >= $2::date and day <= $3::date
      union all
      select 'tips', (created_at at time zone 'UTC')::date::text, null, null, null, null, null,
        sum(tip_lamports)::text
      from direct_messages
      where recipient_id = $1 and tip_lamports is not null and created_at >= $4 and created_at < $5
      group by 2`,
    values: [args.userId, args.fromDay, args.toDay, args.from, args.until],
  });
  return rows;
}

export interface TopPostRow {
  id: string;
  body: string;
  created_at: Date;
  like_count: number;
  comment_count: number;
}

/**
 * The wallet's posts created from `from` on that are still live at `now`, most likes plus
 * comments first (then newest): a range scan of messages_author_time, which carries the expiry.
 */
export async function readTopPosts(
  db: Queryable,
  args: { userId: string; from: Date; now: Date; limit: number },
): Promise<TopPostRow[]> {
  const { rows } = await db.query<TopPostRow>({
    name: 'analytics_top_posts',
    text: `select id::text as id, body, created_at, like_count, comment_count
      from messages
      where author_id = $1 and created_at >= $2 and created_at <= $3
        and (expires_at is null or expires_at > $3)
      order by like_count + comment_count desc, created_at desc, id desc
      limit $4`,
    values: [args.userId, args.from, args.now, args.limit],
  });
  return rows;
}
