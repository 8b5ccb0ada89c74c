import type { Queryable } from '../../db/prepared.ts';

/**
 * Every SQL statement of the analytics slice: the per-day counters other slices keep in step
 * with their actions (analytics_daily, db/schema-analytics.ts; the emissions slice writes
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
 * transaction: an upsert, so concurrent actions for the same wallet and day take turns on its
 * row and none is lost. Callers take at most one such row per transaction, or several in
 * (user, day) order, after their other locks. Other slices' SQL functions call its twin,
 * analytics_add_to_day (sql/), and takeFromDay's, analytics_take_from_day.
 */
export async function addToDay(
  db: Queryable,
  change: { userId: string; at: Date; counter: DailyCounter; amount?: number | bigint },
): Promise<void> {
  const column = checkedCounter(change.counter);
  await db.query({
    name: `analytics_add_${column}`,
    text: `insert into analytics_daily (user_id, day, ${column})
      values ($1, ($2::timestamptz at time zone 'UTC')::date, $3)
      on conflict (user_id, day) do update set ${column} = analytics_daily.${column} + excluded.${column}`,
    values: [change.userId, change.at, (change.amount ?? 1).toString()],
  });
}

/**
 * Takes `amount` off a wallet's counter for the UTC day of `at` (the day the like, comment or
 * follow being withdrawn was given), never below zero; no row, nothing to take.
 */
export async function takeFromDay(
  db: Queryable,
  change: { userId: string; at: Date; counter: DailyCounter; amount?: number | bigint },
): Promise<void> {
  const column = checkedCounter(change.counter);
  await db.query({
    name: `analytics_take_${column}`,
    text: `update analytics_daily set ${column} = greatest(${column} - $3, 0)
      where user_id = $1 and day = ($2::timestamptz at time zone 'UTC')::date`,
    values: [change.userId, change.at, (change.amount ?? 1).toString()],
  });
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
 * its analytics_daily rows and its DUM per day and ledger kind (analytics_dum_daily), each a
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
    text: `select 'counters' as source, day::text as day, null as kind, posts, likes_received,
        comments_received, followers_gained, sol_raised::text as amount
      from analytics_daily
      where user_id = $1 and day >= $2::date and day <= $3::date
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
