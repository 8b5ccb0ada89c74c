import type pg from 'pg';
import type { Queryable } from '../../db/prepared.ts';
import { USER_SUMMARY_COLUMNS, type UserSummaryRow } from '../../db/user-summary.ts';
import { notBlockedEitherWay } from '../people/index.ts';
import type { PersonPosition, RankedPosition, ScorePosition, TimePosition } from './cursor.ts';

/**
 * The discover slice's SQL. Every list answers post ids (the feed slice's face turns them into
 * feed items) or people rows, one page plus one, keyset-paged in its own order. A post is
 * listed while it is live (not expired, even before the deletion job runs; a pending escrow
 * post is its author's alone, as in the feed), and a signed-in viewer's lists leave out the
 * wallets with a block between them and the viewer, either way (the people slice's SQL).
 *
 * Queries whose text depends on their arguments are unnamed statements: PostgreSQL plans each
 * with its actual values (a prefix range, a tsquery), which is what the indexes need.
 */

/** A post in the SQL of a list, as the feed reads it: not expired, not someone's pending escrow. */
function livePost(now: string, viewer: string | null): string {
  // A sealed time capsule's words and tags are hidden until it opens (docs/api.md "Time
  // capsules"): it is in no search, tag page or trending list before then, not even its
  // author's.
  return `(m.expires_at is null or m.expires_at > ${now})
    and (m.kind <> 'capsule' or m.opened_at is not null)
    and (m.kind <> 'vault' or not exists (
      select 1 from vaults pv join escrow_vaults pe on pe.vault_id = pv.id
      where pv.message_id = m.id and pe.state = 'pending'
        ${viewer === null ? '' : `and m.author_id <> ${viewer}`}))`;
}

function notBlocked(viewer: string | null, wallet: string): string {
  return viewer === null ? 'true' : notBlockedEitherWay(viewer, wallet);
}

// ---- Post search ------------------------------------------------------------------------------

/** Most words of a query the search looks for (a query is at most 100 characters anyway). */
const MAX_QUERY_WORDS = 16;
/**
 * The shortest last word matched as a prefix: "a:*" or "th:*" would match most posts, and
 * every match is ranked, so a word that short is matched whole.
 */
const MIN_PREFIX_LENGTH = 3;

/**
 * The tsquery for what a person typed, or null when it has no word to look for (only
 * punctuation, say). The text is split into words by PostgreSQL's own parser with the 'simple'
 * configuration, exactly as post bodies are (messages.search), and every word must match; with
 * `prefix` the last word typed, if it has 3 characters or more, matches as a prefix too ("disc"
 * finds "discover"), which is what results-as-you-type need. The query is built from the parser's lexemes, each quoted and
 * escaped, so no input can be a tsquery syntax error.
 */
export async function readSearchQuery(
  db: Queryable,
  args: { text: string; prefix: boolean },
): Promise<string | null> {
  const { rows } = await db.query<{ query: string | null }>({
    name: 'discover_search_query',
    text: `select string_agg(
        '''' || replace(replace(w.lexeme, '\\', '\\\\'), '''', '''''') || ''''
          || case when $2::boolean and w.pos = w.last
              and char_length(w.lexeme) >= ${MIN_PREFIX_LENGTH} then ':*' else '' end,
        ' & ' order by w.pos)::tsquery::text as query
      from (
        select l.lexeme, l.pos, max(l.pos) over () as last
        from (
          select v.lexeme, v.positions[array_upper(v.positions, 1)] as pos
          from unnest(to_tsvector('simple', $1::text)) v
          order by pos
          limit ${MAX_QUERY_WORDS}
        ) l
      ) w`,
    values: [args.text, args.prefix],
  });
  return rows[0]?.query ?? null;
}

export interface RankedPostRow {
  id: string;
  rank: number;
  created_at: Date;
}

/**
 * Live posts matching a tsquery (messages_search, GIN), best rank first (ts_rank), then newest.
 * The rank is a real; the cursor gives it back as the same real, so the row comparison is
 * exact.
 */
export async function searchPostIds(
  db: Queryable,
  args: {
    query: string;
    now: Date;
    viewerId: string | null;
    after: RankedPosition | null;
    limit: number;
  },
): Promise<RankedPostRow[]> {
  const values: unknown[] = [args.query, args.now, args.limit];
  const viewer = args.viewerId === null ? null : `$${values.push(args.viewerId)}::uuid`;
  let after = '';
  if (args.after) {
    const r = values.push(args.after.rank);
    const t = values.push(args.after.createdAt);
    const i = values.push(args.after.id.toString());
    after = `and (ts_rank(m.search, $1::tsquery), m.created_at, m.id)
      < ($${r}::real, $${t}::timestamptz, $${i}::bigint)`;
  }
  const { rows } = await db.query<RankedPostRow>({
    text: `select m.id::text as id, ts_rank(m.search, $1::tsquery) as rank, m.created_at
      from messages m
      where m.search @@ $1::tsquery
        and ${livePost('$2::timestamptz', viewer)}
        and ${notBlocked(viewer, 'm.author_id')}
        ${after}
      order by rank desc, m.created_at desc, m.id desc
      limit $3`,
    values,
  });
  return rows;
}

// ---- A tag's posts ----------------------------------------------------------------------------

export interface TimedPostRow {
  id: string;
  created_at: Date;
}

/** Live posts carrying a tag (messages_tags, GIN), newest first. */
export async function tagPostIds(
  db: Queryable,
  args: {
    tag: string;
    now: Date;
    viewerId: string | null;
    after: TimePosition | null;
    limit: number;
  },
): Promise<TimedPostRow[]> {
  const values: unknown[] = [[args.tag], args.now, args.limit];
  const viewer = args.viewerId === null ? null : `$${values.push(args.viewerId)}::uuid`;
  let after = '';
  if (args.after) {
    const t = values.push(args.after.createdAt);
    const i = values.push(args.after.id.toString());
    after = `and (m.created_at, m.id) < ($${t}::timestamptz, $${i}::bigint)`;
  }
  const { rows } = await db.query<TimedPostRow>({
    text: `select m.id::text as id, m.created_at
      from messages m
      where m.tags @> $1::text[]
        and ${livePost('$2::timestamptz', viewer)}
        and ${notBlocked(viewer, 'm.author_id')}
        ${after}
      order by m.created_at desc, m.id desc
      limit $3`,
    values,
  });
  return rows;
}

// ---- Trending (read from what the job materialised) --------------------------------------------

export interface ScoredPostRow {
  id: string;
  score: number;
}

/** The materialised trending posts still live, highest score first (discover_trending_posts_rank). */
export async function trendingPostIds(
  db: Queryable,
  args: { now: Date; viewerId: string | null; after: ScorePosition | null; limit: number },
): Promise<ScoredPostRow[]> {
  const values: unknown[] = [args.now, args.limit];
  const viewer = args.viewerId === null ? null : `$${values.push(args.viewerId)}::uuid`;
  let after = '';
  if (args.after) {
    const s = values.push(args.after.score);
    const i = values.push(args.after.id.toString());
    after = `and (t.score, t.post_id) < ($${s}::double precision, $${i}::bigint)`;
  }
  const { rows } = await db.query<ScoredPostRow>({
    text: `select t.post_id::text as id, t.score
      from discover_trending_posts t join messages m on m.id = t.post_id
      where ${livePost('$1::timestamptz', viewer)}
        and ${notBlocked(viewer, 'm.author_id')}
        ${after}
      order by t.score desc, t.post_id desc
      limit $2`,
    values,
  });
  return rows;
}

export async function readTrendingTags(
  db: Queryable,
  limit: number,
): Promise<Array<{ tag: string; postCount: number }>> {
  const { rows } = await db.query<{ tag: string; postCount: number }>({
    name: 'discover_trending_tags',
    text: `select tag, post_count as "postCount" from discover_trending_tags
      order by post_count desc, tag limit $1`,
    values: [limit],
  });
  return rows;
}

// ---- People -----------------------------------------------------------------------------------

export interface DiscoverPersonRow extends UserSummaryRow {
  bio: string | null;
  follower_count: number;
  /** Null for an anonymous viewer. */
  is_following: boolean | null;
}

/** A person's columns as discover shows them; `viewer` is a parameter, or null. */
function personColumns(viewer: string | null): string {
  return `${USER_SUMMARY_COLUMNS}, u.bio,
    (select count(*)::int from follows fc where fc.following_id = u.id) as follower_count,
    ${
      viewer === null
        ? 'null::boolean'
        : `exists(select 1 from follows fv where fv.follower_id = ${viewer} and fv.following_id = u.id)`
    } as is_following`;
}

export interface PersonSearchRow extends DiscoverPersonRow {
  tier: number;
}

/**
 * People search in four tiers, best first: 0 the exact username, 1 usernames starting with
 * the text, 2 display names starting with it, 3 wallet addresses starting with it (exactly:
 * addresses are case-sensitive; only when asked). Each wallet appears once, in its best tier;
 * inside a tier by the matched text, then id. Names are compared lower-cased. A prefix is a
 * byte-wise range [from, to) on the users_*_prefix indexes (collation "C"), read in order, so
 * each tier reads at most a page of index entries past the cursor. The viewer does not find
 * themselves, nor a wallet with a block between them.
 */
export async function searchPeopleRows(
  db: Queryable,
  args: {
    /** The lower-cased text to match names with, and the end of its prefix range (or null). */
    name: { from: string; to: string | null };
    /** The address prefix range, or null to leave addresses out. */
    address: { from: string; to: string | null } | null;
    viewerId: string | null;
    after: PersonPosition | null;
    limit: number;
  },
): Promise<PersonSearchRow[]> {
  const values: unknown[] = [args.limit, args.name.from];
  const param = (value: unknown) => `$${values.push(value)}`;
  const viewer = args.viewerId === null ? null : `${param(args.viewerId)}::uuid`;
  // Each tier's sort key, on the table alias given (the cursor's row is read with another).
  const username = (alias: string) => `(lower(${alias}.username) collate "C")`;
  const displayName = (alias: string) => `(lower(${alias}.display_name) collate "C")`;
  const address = (alias: string) => `(${alias}.sol_address collate "C")`;
  // Each range's bounds are parameters, written once and used by every tier that needs them.
  const bounds = (range: { from: string; to: string | null }, from?: string) => ({
    from: from ?? param(range.from),
    to: range.to === null ? null : param(range.to),
  });
  const inRange = (key: string, range: { from: string; to: string | null }) =>
    `(${key} >= ${range.from}::text${range.to === null ? '' : ` and ${key} < ${range.to}::text`})`;
  const name = bounds(args.name, '$2');
  const usernameMatch = `coalesce(${inRange(username('u'), name)}, false)`;
  const displayNameMatch = `coalesce(${inRange(displayName('u'), name)}, false)`;
  const tiers: Array<{ key: (alias: string) => string; where: string }> = [
    { key: username, where: `lower(u.username) = $2::text` },
    { key: username, where: `${inRange(username('u'), name)} and lower(u.username) <> $2::text` },
    { key: displayName, where: `${inRange(displayName('u'), name)} and not ${usernameMatch}` },
  ];
  if (args.address) {
    tiers.push({
      key: address,
      where: `${inRange(address('u'), bounds(args.address))} and not ${usernameMatch}
        and not ${displayNameMatch}`,
    });
  }
  const cursorId = args.after ? `${param(args.after.userId)}::uuid` : null;
  const branches = tiers.flatMap((tier, index) => {
    if (args.after && index < args.after.tier) return [];
    const after =
      args.after && index === args.after.tier
        ? `and (${tier.key('u')}, u.id) > (
            (select ${tier.key('cu')} from users cu where cu.id = ${cursorId}), ${cursorId})`
        : '';
    return [
      `(select u.id, ${index} as tier, ${tier.key('u')} as key from users u
        where ${tier.where}
          ${viewer === null ? '' : `and u.id <> ${viewer} and ${notBlockedEitherWay(viewer, 'u.id')}`}
          ${after}
        order by ${tier.key('u')}, u.id
        limit $1)`,
    ];
  });
  if (branches.length === 0) return [];
  const { rows } = await db.query<PersonSearchRow>({
    text: `select ${personColumns(viewer)}, found.tier
      from (${branches.join(' union all ')}) found
      join users u on u.id = found.id
      order by found.tier, found.key, found.id
      limit $1`,
    values,
  });
  return rows;
}

/**
 * The text lower-cased by the database, as the users_*_prefix indexes hold names (its lower()
 * follows the database's locale, which JavaScript's toLowerCase need not match).
 */
export async function readLowerCase(db: Queryable, text: string): Promise<string> {
  const { rows } = await db.query<{ lowered: string }>({
    name: 'discover_lower',
    text: 'select lower($1::text) as lowered',
    values: [text],
  });
  return rows[0]?.lowered ?? text.toLowerCase();
}

export interface CreatorRow extends DiscoverPersonRow {
  dum_earned: string;
}

/** The materialised top creators, most DUM first, without those blocked either way. */
export async function readTopCreators(
  db: Queryable,
  args: { viewerId: string | null; limit: number },
): Promise<CreatorRow[]> {
  const viewer = args.viewerId === null ? null : '$2::uuid';
  const { rows } = await db.query<CreatorRow>({
    name: `discover_top_creators_${viewer === null ? 'anon' : 'viewer'}`,
    text: `select ${personColumns(viewer)}, c.dum_earned::text as dum_earned
      from discover_top_creators c join users u on u.id = c.user_id
      where ${notBlocked(viewer, 'u.id')}
      order by c.dum_earned desc, c.user_id
      limit $1`,
    values: args.viewerId === null ? [args.limit] : [args.limit, args.viewerId],
  });
  return rows;
}

// ---- The refresh (the discover job, refresh.ts) ------------------------------------------------

/** Lets one run of the job at a time through, across every instance; false: one is running. */
export async function tryRefreshLock(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>({
    name: 'discover_refresh_lock',
    text: `select pg_try_advisory_xact_lock(hashtextextended('dum:discover-refresh', 0)) as locked`,
  });
  return rows[0]?.locked === true;
}

/** The trending formula's constants (docs/api.md "Discover and search"). */
export const TRENDING_HALF_LIFE_HOURS = 6;
export const TRENDING_WEIGHTS = { like: 1, comment: 2, support: 3 } as const;
/** How many trending posts, tags and creators a run keeps (the lists read the top of them). */
export const TRENDING_POSTS_KEPT = 1000;
export const TRENDING_TAGS_KEPT = 100;
export const TOP_CREATORS_KEPT = 100;

/**
 * Replaces the trending posts: every live post with engagement by someone other than its
 * author in the window ($2, $1], scored Σ weight × 0.5^(age / half-life) over that
 * engagement: each like standing now, each commenter's latest comment, each supporter's latest
 * direct support or escrow deposit. Reads only the window, through the *_recent indexes.
 */
export async function replaceTrendingPosts(
  client: pg.PoolClient,
  args: { now: Date; since: Date },
): Promise<number> {
  await client.query({ name: 'discover_clear_posts', text: 'delete from discover_trending_posts' });
  const { rowCount } = await client.query({
    name: 'discover_fill_posts',
    text: `insert into discover_trending_posts (post_id, score)
      select e.post_id,
        sum(e.weight * power(0.5::float8,
          extract(epoch from ($1::timestamptz - e.at)) / ${TRENDING_HALF_LIFE_HOURS * 3600}.0))
      from (
        select g.message_id as post_id, ${TRENDING_WEIGHTS.like}::float8 as weight,
          g.created_at as at
        from engagements g join messages gm on gm.id = g.message_id
        where g.kind = 'like' and g.created_at > $2 and g.created_at <= $1
          and g.user_id <> gm.author_id
        union all
        select c.message_id, ${TRENDING_WEIGHTS.comment}, max(c.created_at)
        from comments c join messages cm on cm.id = c.message_id
        where c.created_at > $2 and c.created_at <= $1 and c.author_id <> cm.author_id
        group by c.message_id, c.author_id
        union all
        select v.message_id, ${TRENDING_WEIGHTS.support}, max(s.created_at)
        from vault_supports s join vaults v on v.id = s.vault_id
        where s.created_at > $2 and s.created_at <= $1 and s.supporter_id <> v.creator_id
        group by v.message_id, s.supporter_id
        union all
        select v.message_id, ${TRENDING_WEIGHTS.support}, to_timestamp(d.last_update_ts)
        from escrow_deposits d join vaults v on v.id = d.vault_id
          join users vc on vc.id = v.creator_id
        where d.last_update_ts > floor(extract(epoch from $2::timestamptz))
          and d.last_update_ts <= floor(extract(epoch from $1::timestamptz))
          and d.participant <> vc.sol_address
      ) e
      join messages m on m.id = e.post_id
      where m.expires_at is null or m.expires_at > $1
      group by e.post_id
      order by 2 desc, e.post_id desc
      limit ${TRENDING_POSTS_KEPT}`,
    values: [args.now, args.since],
  });
  return rowCount ?? 0;
}

/** Replaces the trending tags: the tags of live posts created in ($2, $1], by post count. */
export async function replaceTrendingTags(
  client: pg.PoolClient,
  args: { now: Date; since: Date },
): Promise<number> {
  await client.query({ name: 'discover_clear_tags', text: 'delete from discover_trending_tags' });
  const { rowCount } = await client.query({
    name: 'discover_fill_tags',
    text: `insert into discover_trending_tags (tag, post_count)
      select tag, count(*)::int
      from messages m cross join lateral unnest(m.tags) as tag
      where m.created_at > $2 and m.created_at <= $1
        and ${livePost('$1::timestamptz', null)}
      group by tag
      order by count(*) desc, tag
      limit ${TRENDING_TAGS_KEPT}`,
    values: [args.now, args.since],
  });
  return rowCount ?? 0;
}

/**
 * Replaces the top creators: the DUM minted in ($2, $1] by engagement with each wallet's posts.
 * A like's or a comment's ledger row names whose post it was on (subject_id); a support's
 * names its transfer (a direct support's signature) or its deposit ("<deposit address>:<total>"
 * for an escrow vault), which lead to the vault and its creator. Read through
 * emission_ledger_engagement_time.
 */
export async function replaceTopCreators(
  client: pg.PoolClient,
  args: { now: Date; since: Date },
): Promise<number> {
  await client.query({
    name: 'discover_clear_creators',
    text: 'delete from discover_top_creators',
  });
  const { rowCount } = await client.query({
    name: 'discover_fill_creators',
    text: `insert into discover_top_creators (user_id, dum_earned)
      select w.creator_id, sum(w.amount)
      from (
        select l.subject_id as creator_id, l.amount from emission_ledger l
        where l.kind in ('like_given', 'comment_created') and l.subject_id is not null
          and l.created_at > $2 and l.created_at <= $1
        union all
        select v.creator_id, l.amount from emission_ledger l
          join vault_supports s on s.signature = l.reference
          join vaults v on v.id = s.vault_id
        where l.kind = 'vault_supported' and l.created_at > $2 and l.created_at <= $1
        union all
        select v.creator_id, l.amount from emission_ledger l
          join escrow_deposits d on d.address = split_part(l.reference, ':', 1)
          join vaults v on v.id = d.vault_id
        where l.kind = 'vault_supported' and l.reference like '%:%'
          and l.created_at > $2 and l.created_at <= $1
      ) w
      join users u on u.id = w.creator_id
      group by w.creator_id
      having sum(w.amount) > 0
      order by sum(w.amount) desc, w.creator_id
      limit ${TOP_CREATORS_KEPT}`,
    values: [args.now, args.since],
  });
  return rowCount ?? 0;
}
