import type { EstablishedRule } from '@dum/core';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Queryable } from '../../db/prepared.ts';
import { batchedWrites, inGivenOrder } from '../../db/statement-batches.ts';
import { blocks } from '../../db/schema.ts';
import { USER_SUMMARY_COLUMNS, type UserSummaryRow } from '../../db/user-summary.ts';
import type { FollowPosition } from './cursor.ts';

/**
 * The people slice's SQL: follows, blocks, the lists and counts read from them, and the
 * verified rule. Counts are COUNT(*) over the follows indexes (exact by construction; see
 * docs/api.md "People"). Writes run inside the caller's transaction.
 */

/** Whether either wallet has blocked the other. */
export async function isBlockedEitherWay(db: Db, userA: string, userB: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, userA), eq(blocks.blockedId, userB)),
        and(eq(blocks.blockerId, userB), eq(blocks.blockedId, userA)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * SQL (for other slices' statements): true unless the wallet in `viewer` (a parameter such as
 * `$3`) has blocked the wallet in `author` (a column such as `m.author_id`). One probe of the
 * blocks primary key.
 */
export function notBlockedBy(viewer: string, author: string): string {
  return `not exists (select 1 from blocks hidden_by
    where hidden_by.blocker_id = ${viewer} and hidden_by.blocked_id = ${author})`;
}

/** SQL: the ids (text) of the wallets `viewer` has blocked, as a subquery's select. */
export function walletsBlockedBy(viewer: string): string {
  return `select blocked.blocked_id::text from blocks blocked where blocked.blocker_id = ${viewer}`;
}

/** SQL: true unless either of the wallets in `a` and `b` has blocked the other. */
export function notBlockedEitherWay(a: string, b: string): string {
  return `not exists (select 1 from blocks either_way
    where (either_way.blocker_id = ${a} and either_way.blocked_id = ${b})
       or (either_way.blocker_id = ${b} and either_way.blocked_id = ${a}))`;
}

export async function readPersonByAddress(
  db: Queryable,
  solAddress: string,
): Promise<UserSummaryRow | null> {
  const { rows } = await db.query<UserSummaryRow>({
    name: 'people_person_by_address',
    text: `select ${USER_SUMMARY_COLUMNS} from users u where u.sol_address = $1`,
    values: [solAddress],
  });
  return rows[0] ?? null;
}

/**
 * Makes the follows and blocks between two wallets take turns until commit (a
 * transaction-scoped advisory lock on the pair, in either order), so a follow cannot slip in
 * beside a block that is being written, and a block removes every follow between them.
 */
export async function lockPair(db: Queryable, userA: string, userB: string): Promise<void> {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  await db.query({
    name: 'people_lock_pair',
    text: `select pg_advisory_xact_lock(hashtextextended('dum:people-pair:' || $1 || ':' || $2, 0))`,
    values: [low, high],
  });
}

export async function blockedEitherWay(
  db: Queryable,
  userA: string,
  userB: string,
): Promise<boolean> {
  const { rows } = await db.query({
    name: 'people_blocked_either_way',
    text: `select 1 from blocks
      where (blocker_id = $1 and blocked_id = $2) or (blocker_id = $2 and blocked_id = $1)
      limit 1`,
    values: [userA, userB],
  });
  return rows.length > 0;
}

/** Whether `blockerId` has blocked `blockedId`. */
export async function isBlockedBy(
  db: Queryable,
  blockerId: string,
  blockedId: string,
): Promise<boolean> {
  const { rows } = await db.query({
    name: 'people_is_blocked_by',
    text: `select 1 from blocks where blocker_id = $1 and blocked_id = $2`,
    values: [blockerId, blockedId],
  });
  return rows.length > 0;
}

/** The id of the wallet with this address, or null. */
export async function readPersonIdByAddress(
  db: Queryable,
  solAddress: string,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>({
    name: 'people_id_by_address',
    text: `select id from users where sol_address = $1`,
    values: [solAddress],
  });
  return rows[0]?.id ?? null;
}

type SetFollowArgs = { viewerId: string; address: string; on: boolean; now: Date };

/** What set_follow (sql/set_follow.sql) answers. */
export type SetFollowOutcome =
  | { outcome: 'unauthorized' | 'user_not_found' | 'cannot_follow_self' | 'blocked' }
  | {
      outcome: 'done';
      changed: boolean;
      targetId: string;
      followerCount: number;
      followerName: string;
      followerAddress: string;
    };

/**
 * Follows (`on`) or unfollows the wallet at `address` in one call, with the pair's lock, the
 * blocks, the day's counter and the rewarded event (sql/set_follow.sql): one round trip and no
 * transaction around it.
 */
export async function setFollowCall(db: Queryable, args: SetFollowArgs): Promise<SetFollowOutcome> {
  const { rows } = await db.query<{ result: SetFollowOutcome }>({
    name: 'people_set_follow',
    text: 'select set_follow($1, $2, $3, $4) as result',
    values: [args.viewerId, args.address, args.on, args.now],
  });
  const row = rows[0];
  if (!row) throw new Error('set_follow answered nothing');
  return row.result;
}

/**
 * setFollowCall for several follows and unfollows in one statement, answered in the order given:
 * set_follows (sql/set_follows.sql) takes the pairs' locks in their order, so two batches
 * sharing pairs never wait on each other in a circle, then writes the follows set-based.
 */
async function setFollowCalls(db: Queryable, calls: SetFollowArgs[]): Promise<SetFollowOutcome[]> {
  const { rows } = await db.query<{ ord: string; result: SetFollowOutcome }>({
    name: 'people_set_follows',
    text: `select f.ord::text as ord, f.result
      from set_follows($1::uuid[], $2::text[], $3::boolean[], $4::timestamptz[])
        with ordinality as f(result, ord)`,
    values: [
      calls.map((call) => call.viewerId),
      calls.map((call) => call.address),
      calls.map((call) => call.on),
      calls.map((call) => call.now),
    ],
  });
  return inGivenOrder(rows, calls.length, 'people_set_follows').map((row) => row.result);
}

/** Follows and unfollows in one statement at most. */
const MAX_FOLLOWS = 64;

/**
 * setFollowCall, in a statement it may share with the follows and unfollows made at the same
 * moment (db/statement-batches.ts says how and why).
 */
export const setFollowSoon: (db: Queryable, args: SetFollowArgs) => Promise<SetFollowOutcome> =
  batchedWrites({ writeOne: setFollowCall, writeMany: setFollowCalls, maxBatch: MAX_FOLLOWS });

/**
 * Removes the follows between two wallets, both ways; answers each removed follow's followed
 * wallet and when it was made.
 */
export async function deleteFollowsBetween(
  db: Queryable,
  userA: string,
  userB: string,
): Promise<Array<{ followingId: string; createdAt: Date }>> {
  const { rows } = await db.query<{ following_id: string; created_at: Date }>({
    name: 'people_delete_follows_between',
    text: `delete from follows
      where (follower_id = $1 and following_id = $2) or (follower_id = $2 and following_id = $1)
      returning following_id, created_at`,
    values: [userA, userB],
  });
  return rows.map((row) => ({ followingId: row.following_id, createdAt: row.created_at }));
}

/** Adds the block; false when it was there already. */
export async function insertBlock(
  db: Queryable,
  args: { blockerId: string; blockedId: string; now: Date },
): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'people_insert_block',
    text: `insert into blocks (blocker_id, blocked_id, created_at) values ($1, $2, $3)
      on conflict do nothing`,
    values: [args.blockerId, args.blockedId, args.now],
  });
  return (rowCount ?? 0) > 0;
}

export async function deleteBlock(
  db: Queryable,
  args: { blockerId: string; blockedId: string },
): Promise<void> {
  await db.query({
    name: 'people_delete_block',
    text: `delete from blocks where blocker_id = $1 and blocked_id = $2`,
    values: [args.blockerId, args.blockedId],
  });
}

/** A profile's follow counts and, for a signed-in viewer, how the viewer stands with it. */
export interface FollowStats {
  followerCount: number;
  followingCount: number;
  isFollowing: boolean;
  isBlocked: boolean;
}

export async function readFollowStats(
  db: Queryable,
  userId: string,
  viewerId: string | null,
): Promise<FollowStats> {
  const { rows } = await db.query<FollowStats>({
    name: 'people_follow_stats',
    text: `select
        (select count(*)::int from follows where following_id = $1) as "followerCount",
        (select count(*)::int from follows where follower_id = $1) as "followingCount",
        $2::uuid is not null and exists (
          select 1 from follows where follower_id = $2 and following_id = $1) as "isFollowing",
        $2::uuid is not null and exists (
          select 1 from blocks where blocker_id = $2 and blocked_id = $1) as "isBlocked"`,
    values: [userId, viewerId],
  });
  const row = rows[0];
  if (!row) throw new Error('follow stats returned nothing');
  return row;
}

export interface FollowListRow extends UserSummaryRow {
  followed_at: Date;
}

/**
 * One page of a wallet's followers (`side` 'followers') or of the wallets it follows
 * ('following'), newest follow first, keyset on (created_at, the other wallet's id) through
 * follows_following_time or follows_follower_time read backwards.
 */
export async function readFollowList(
  db: Queryable,
  args: {
    side: 'followers' | 'following';
    userId: string;
    after: FollowPosition | null;
    limit: number;
  },
): Promise<FollowListRow[]> {
  const [own, other] =
    args.side === 'followers' ? ['following_id', 'follower_id'] : ['follower_id', 'following_id'];
  const values: unknown[] = [args.userId, args.limit];
  if (args.after) values.push(args.after.createdAt, args.after.userId);
  const { rows } = await db.query<FollowListRow>({
    name: `people_${args.side}_${args.after ? 'after' : 'first'}`,
    text: `select ${USER_SUMMARY_COLUMNS}, f.created_at as followed_at
      from follows f join users u on u.id = f.${other}
      where f.${own} = $1
        ${args.after ? `and (f.created_at, f.${other}) < ($3::timestamptz, $4::uuid)` : ''}
      order by f.created_at desc, f.${other} desc
      limit $2`,
    values,
  });
  return rows;
}

// ---- The verified tick (docs/decisions/014-verified-tick.md) --------------------------------

/** Posts a wallet must have made (ever: free posts expire, the ledger keeps their record). */
export const VERIFIED_MIN_POSTS = 10;
/** Followers that must be established wallets (packages/core/src/established.ts). */
export const VERIFIED_MIN_ESTABLISHED_FOLLOWERS = 10;

/** The rule's post count as SQL over the wallet `c`: its ledger's post rows, up to the threshold. */
const POSTS_REACHED = `(select count(*) from (
    select 1 from emission_ledger l
    where l.recipient_id = c.id and l.kind in ('post_created', 'vault_created')
    limit ${VERIFIED_MIN_POSTS}) posts) >= ${VERIFIED_MIN_POSTS}`;

/**
 * Whether the wallet `fu` (its users row, with its wallet_standing row `ws`) is established now,
 * by the same rule as established.ts: $3 seeds, $4 minimum age in ms, $5 post required, $6 vouch
 * required, $2 now.
 */
const ESTABLISHED_NOW = `(fu.sol_address = any($3::text[]) or (
    (not $5::boolean or ws.first_post_at is not null)
    and (not $6::boolean or ws.vouched_at is not null)
    and greatest(
      fu.created_at + $4::bigint * interval '1 millisecond',
      case when $5::boolean then ws.first_post_at end,
      case when $6::boolean then ws.vouched_at end) <= $2::timestamptz))`;

/**
 * The rule's followers as SQL over the wallet `c`: VERIFIED_MIN_ESTABLISHED_FOLLOWERS followers
 * established now (ESTABLISHED_NOW), counted up to the threshold. Each follower's rows are
 * read by key in a sub-select: joined, PostgreSQL hashed the whole users table (or
 * wallet_standing) for every wallet looked at, not knowing how few followers the limit needs
 * (89 against 15 ms for 60 wallets of 100 followers each among 10,000 users, none established).
 */
const FOLLOWERS_REACHED = `(select count(*) from (
    select 1 from follows f
    where f.following_id = c.id
      and (select ${ESTABLISHED_NOW}
        from users fu left join wallet_standing ws on ws.user_id = fu.id
        where fu.id = f.follower_id)
    limit ${VERIFIED_MIN_ESTABLISHED_FOLLOWERS}) established)
  >= ${VERIFIED_MIN_ESTABLISHED_FOLLOWERS}`;

/**
 * The rule as SQL over the wallet `c`: a username, VERIFIED_MIN_POSTS posts in the mint ledger
 * (post_created and vault_created rows: one per post ever made, rewarded or not), and the
 * established followers. The cheap parts first; each count stops at its threshold.
 */
const VERIFIED_EXPRESSION = `(c.username is not null and ${POSTS_REACHED} and ${FOLLOWERS_REACHED})`;

function ruleValues(args: { now: Date; rule: EstablishedRule }): unknown[] {
  return [
    args.now,
    [...args.rule.seedWallets],
    args.rule.minAgeMs,
    args.rule.requirePost,
    args.rule.requireVouch,
  ];
}

/**
 * Applies the verified rule to these wallets and stores the answer in users.is_verified (what
 * every read shows) through users' set_users_verified. `grant`: only wallets not yet verified
 * are looked at, and only a yes is written (after a change that can only add to the rule's
 * inputs: a post, a follow, a username); `full`: the tick is also taken away (after an unfollow
 * or a block). Answers the wallets whose tick changed.
 */
export async function applyVerifiedRule(
  db: Queryable,
  args: { userIds: string[]; mode: 'grant' | 'full'; now: Date; rule: EstablishedRule },
): Promise<string[]> {
  if (args.userIds.length === 0) return [];
  const grant = args.mode === 'grant';
  const { rows } = await db.query<{ id: string }>({
    name: `people_verified_${args.mode}`,
    text: `with verdicts as (
        select array_agg(c.id) as ids, array_agg(${VERIFIED_EXPRESSION}) as verified
        from users c where c.id = any($1::uuid[]) ${grant ? 'and not c.is_verified' : ''}
      )
      select s.id from verdicts, lateral set_users_verified(verdicts.ids, verdicts.verified) as s(id)`,
    values: [args.userIds, ...ruleValues(args)],
  });
  return rows.map((row) => row.id);
}

/**
 * The rule's grant pass, telling also which of the wallets it looked at have their posts: for
 * those, a further post changes nothing the rule reads (only a follow, a username or time can),
 * so the caller may look at them less often. Wallets already verified are not looked at.
 */
export async function grantVerified(
  db: Queryable,
  args: { userIds: string[]; now: Date; rule: EstablishedRule },
): Promise<{ granted: string[]; postsReached: string[] }> {
  if (args.userIds.length === 0) return { granted: [], postsReached: [] };
  // `looked` materialized: inlined, PostgreSQL counted each wallet's posts twice (judged reads
  // posts_reached twice).
  const { rows } = await db.query<{ id: string; posts_reached: boolean; granted: boolean }>({
    name: 'people_verified_grant_posts',
    text: `with looked as materialized (
        select c.id, c.username, ${POSTS_REACHED} as posts_reached
        from users c where c.id = any($1::uuid[]) and not c.is_verified
      ), judged as (
        select c.id, c.posts_reached,
          case when c.username is not null and c.posts_reached then ${FOLLOWERS_REACHED}
            else false end as verified
        from looked c
      ), granted as (
        select s.id
        from (select array_agg(j.id) as ids, array_agg(true) as verified
          from judged j where j.verified) g,
          lateral set_users_verified(g.ids, g.verified) as s(id)
      )
      select j.id, j.posts_reached, exists (select 1 from granted g where g.id = j.id) as granted
      from judged j`,
    values: [args.userIds, ...ruleValues(args)],
  });
  return {
    granted: rows.filter((row) => row.granted).map((row) => row.id),
    postsReached: rows.filter((row) => row.posts_reached).map((row) => row.id),
  };
}

/** Which of these wallets are established now (ESTABLISHED_NOW): each read by key. */
export async function establishedNow(
  db: Queryable,
  args: { userIds: string[]; now: Date; rule: EstablishedRule },
): Promise<string[]> {
  if (args.userIds.length === 0) return [];
  const { rows } = await db.query<{ id: string }>({
    name: 'people_established_now',
    text: `select fu.id from unnest($1::uuid[]) as w(id)
      cross join lateral (select * from users where id = w.id) fu
      left join wallet_standing ws on ws.user_id = fu.id
      where ${ESTABLISHED_NOW}`,
    values: [args.userIds, ...ruleValues(args)],
  });
  return rows.map((row) => row.id);
}
