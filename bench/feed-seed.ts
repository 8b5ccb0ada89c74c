/**
 * bench:feed's data (bench/feed.ts), made in SQL with generate_series: 10,000 users, 1,000,000
 * posts over the last 23 hours, 200,000 likes, about 100,000 reposts and 1,000,000 follows.
 */
import pg from 'pg';

export const USERS = 10_000;
export const POSTS = 1_000_000;
/** The readers whose tokens the signed-in phases rotate through. */
export const SIGNED_IN_USERS = 1000;
/** Each user follows this many others (the Following feed's fan-in). */
export const FOLLOWS_PER_USER = 100;

export async function seedFeed(
  url: string,
  now: Date,
  log: (message: string) => void,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    await client.query(
      `insert into users (sol_address, username, display_name, is_verified)
       select 'Bench' || lpad(g::text, 38, 'A'), 'user' || g, 'Bench User ' || g, g % 10 = 0
       from generate_series(1, ${USERS}) g`,
    );
    // Newest first is g = 1; one post every ~83 ms over 23 hours, so none expires during the run.
    await client.query(
      `insert into messages (author_id, body, created_at, expires_at, like_count)
       select u.id,
              'Vibe #' || g || ': ' || md5(g::text) || ' ' || md5((g * 7)::text),
              date_trunc('milliseconds', $1::timestamptz - g * interval '82.8 milliseconds'),
              date_trunc('milliseconds', $1::timestamptz - g * interval '82.8 milliseconds')
                + interval '24 hours',
              case when g % 5 = 0 then 1 else 0 end
       from generate_series(1, ${POSTS}) g
       join (select id, row_number() over (order by sol_address) as n from users) u
         on u.n = (g % ${USERS}) + 1`,
      [now],
    );
    // Every fifth post has one like, by a user among the first SIGNED_IN_USERS half the time.
    await client.query(
      `insert into engagements (message_id, user_id, kind, created_at)
       select m.id, u.id, 'like', m.created_at
       from (select id, created_at, row_number() over (order by id) as n from messages) m
       join (select id, row_number() over (order by sol_address) as n from users) u
         on u.n = ((m.n * 7) % ${SIGNED_IN_USERS * 2}) + 1
       where m.n % 5 = 0`,
    );
    // Every tenth post is reposted once, a minute after it was made (the newest ones now), by a
    // user spread over all of them: each reader's followed wallets repost, so the Following
    // feed merges reposts into its pages, and shared pages carry repost counts.
    await client.query(
      `insert into reposts (message_id, user_id, created_at)
       select m.id, u.id, least($1::timestamptz, m.created_at + interval '1 minute')
       from (select id, created_at, author_id, row_number() over (order by id) as n
             from messages) m
       join (select id, row_number() over (order by sol_address) as n from users) u
         on u.n = ((m.n * 13) % ${USERS}) + 1
       where m.n % 10 = 0 and u.id <> m.author_id`,
      [now],
    );
    await client.query(
      `update messages m set repost_count = 1
       where exists (select 1 from reposts r where r.message_id = m.id)`,
    );
    await seedPostTraces(client);
    await seedFollows(client, { users: USERS, perUser: FOLLOWS_PER_USER, now });
    await client.query('vacuum analyze');
    log(
      `seeded ${USERS} users, ${POSTS} posts and ${USERS * FOLLOWS_PER_USER} follows in ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await client.end();
  }
}

/**
 * What the app leaves of every post besides its row, for the seeded posts: its line in the mint
 * ledger (unpaid here) and its author's standing row (the first post). The statistics of the
 * seed's `vacuum analyze` must see these tables as a live database has them: read as nearly
 * empty, the sequencer's plans scanned them whole for each wallet of a batch while the write
 * phases filled them (autovacuum is off on these machines), and PL/pgSQL keeps a plan for the
 * session (bench:feed, bench:writes).
 */
export async function seedPostTraces(client: pg.Client): Promise<void> {
  await client.query(
    `insert into emission_ledger (amount, recipient_id, kind, reference, created_at)
     select 0, author_id, 'post_created', id::text, created_at from messages`,
  );
  await client.query(
    `insert into wallet_standing (user_id, first_post_at)
     select author_id, min(created_at) from messages group by author_id`,
  );
}

/**
 * User n follows users n + 97k (k = 1..perUser, wrapping): perUser distinct others each, and each
 * user has perUser followers, the follows made one a minute over the last perUser minutes
 * (bench:feed, bench:writes).
 */
export async function seedFollows(
  client: pg.Client,
  args: { users: number; perUser: number; now: Date },
): Promise<void> {
  await client.query(
    `insert into follows (follower_id, following_id, created_at)
     select a.id, b.id, date_trunc('milliseconds', $1::timestamptz - k * interval '1 minute')
     from (select id, row_number() over (order by sol_address) as n from users) a
     cross join generate_series(1, ${args.perUser}) k
     join (select id, row_number() over (order by sol_address) as n from users) b
       on b.n = ((a.n - 1 + k * 97) % ${args.users}) + 1`,
    [args.now],
  );
}
