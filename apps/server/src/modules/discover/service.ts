import {
  SEARCH_PAGE_SIZE,
  TOP_CREATORS_LIMIT,
  TRENDING_PAGE_SIZE,
  TRENDING_TAGS_LIMIT,
  type DiscoverPerson,
  type FeedItem,
  type FeedPageResponse,
  type TopCreators,
  type TrendingPage,
  type TrendingTags,
} from '@dum/core';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import { toUserSummary } from '../../db/user-summary.ts';
import type { FeedItemsReader } from '../feed/index.ts';
import {
  decodePersonCursor,
  decodeRankedCursor,
  decodeTagCursor,
  decodeTrendingCursor,
  encodePersonCursor,
  encodeRankedCursor,
  encodeTagCursor,
  encodeTrendingCursor,
} from './cursor.ts';
import {
  readLowerCase,
  readSearchQuery,
  readTopCreators,
  readTrendingTags,
  searchPeopleRows,
  searchPostIds,
  tagPostIds,
  trendingPostIds,
  type DiscoverPersonRow,
} from './repo.ts';

/** What the discover slice's logic needs; built once from the app context (routes.ts). */
export interface DiscoverDeps {
  pool: pg.Pool;
  clock: Clock;
  /** Post ids to feed items as the viewer sees them (the feed slice's face). */
  readItems: FeedItemsReader;
}

export interface Viewer {
  id: string;
}

type PostSearchPage = { type: 'posts'; items: FeedItem[]; nextCursor: string | null };
type UserSearchPage = { type: 'users'; items: DiscoverPerson[]; nextCursor: string | null };

function toDiscoverPerson(row: DiscoverPersonRow): DiscoverPerson {
  return {
    ...toUserSummary(row),
    bio: row.bio,
    followerCount: row.follower_count,
    ...(row.is_following === null ? {} : { isFollowing: row.is_following }),
  };
}

/**
 * A page of ids read one past the page (`limit + 1`) as feed items: the next cursor is the
 * position of the page's last id, whether or not its post could still be read.
 */
async function pageOf<Row extends { id: string }>(
  deps: DiscoverDeps,
  rows: Row[],
  limit: number,
  viewer: Viewer | null,
  cursorOf: (last: Row) => string,
): Promise<{ items: FeedItem[]; rows: Row[]; nextCursor: string | null }> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const items = await deps.readItems(
    page.map((row) => row.id),
    viewer?.id ?? null,
  );
  return { items, rows: page, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

// ---- Search -----------------------------------------------------------------------------------

/**
 * Posts whose text has every word of `q` (the last one as a prefix unless the text ends with a
 * space), best full-text rank first, then newest. A query without a word to look for (only
 * punctuation) is an empty page.
 */
export async function searchPosts(
  deps: DiscoverDeps,
  args: { q: string; cursor: string | null; viewer: Viewer | null },
): Promise<PostSearchPage> {
  const query = await readSearchQuery(deps.pool, {
    text: args.q,
    prefix: !/\s$/u.test(args.q),
  });
  // The cursor is checked even when there is nothing to find: a bad one is always a 400.
  const after = args.cursor ? decodeRankedCursor(query ?? '', args.cursor) : null;
  if (query === null) return { type: 'posts', items: [], nextCursor: null };
  const rows = await searchPostIds(deps.pool, {
    query,
    now: deps.clock.now(),
    viewerId: args.viewer?.id ?? null,
    after,
    limit: SEARCH_PAGE_SIZE + 1,
  });
  const page = await pageOf(deps, rows, SEARCH_PAGE_SIZE, args.viewer, (last) =>
    encodeRankedCursor(query, {
      rank: last.rank,
      createdAt: last.created_at,
      id: BigInt(last.id),
    }),
  );
  return { type: 'posts', items: page.items, nextCursor: page.nextCursor };
}

const BASE58_PREFIX = /^[1-9A-HJ-NP-Za-km-z]{4,44}$/;

/**
 * The end of the byte-wise range of strings that start with `prefix`: the prefix with its last
 * character moved on by one code point (UTF-8 orders as code points do). Null when there is no
 * such string (every character is the last code point): the range is then open-ended.
 */
export function prefixEnd(prefix: string): string | null {
  // Code points are what is wanted here (UTF-8 orders by them), not user-perceived characters.
  const points = Array.from(prefix, (c) => c.codePointAt(0) ?? 0);
  while (points.length > 0) {
    const last = (points.pop() ?? 0) + 1;
    if (last <= 0x10ffff) {
      // A lone surrogate is not a character: past the surrogates comes U+E000.
      points.push(last >= 0xd800 && last <= 0xdfff ? 0xe000 : last);
      return String.fromCodePoint(...points);
    }
  }
  return null;
}

/**
 * People by username (exact first, then by prefix), display name prefix, or wallet address
 * prefix (4 characters or more, case-sensitive). A leading `@` is ignored. The viewer does not
 * find themselves, nor anyone with a block between them.
 */
export async function searchPeople(
  deps: DiscoverDeps,
  args: { q: string; cursor: string | null; viewer: Viewer | null },
): Promise<UserSearchPage> {
  const text = args.q.startsWith('@') ? args.q.slice(1) : args.q;
  const address = BASE58_PREFIX.test(text) ? text : null;
  const scope = `${text}|${address ?? ''}`;
  const after = args.cursor ? decodePersonCursor(scope, args.cursor) : null;
  if (text === '') return { type: 'users', items: [], nextCursor: null };
  const name = await readLowerCase(deps.pool, text);
  const rows = await searchPeopleRows(deps.pool, {
    name: { from: name, to: prefixEnd(name) },
    address: address === null ? null : { from: address, to: prefixEnd(address) },
    viewerId: args.viewer?.id ?? null,
    after,
    limit: SEARCH_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  const last = page.at(-1);
  return {
    type: 'users',
    items: page.map(toDiscoverPerson),
    nextCursor:
      rows.length > SEARCH_PAGE_SIZE && last
        ? encodePersonCursor(scope, { tier: last.tier, userId: last.id })
        : null,
  };
}

// ---- Tags -------------------------------------------------------------------------------------

/** A tag's live posts, newest first (the feed's page shape). */
export async function getTagPosts(
  deps: DiscoverDeps,
  args: { tag: string; cursor: string | null; viewer: Viewer | null },
): Promise<FeedPageResponse> {
  const after = args.cursor ? decodeTagCursor(args.tag, args.cursor) : null;
  const rows = await tagPostIds(deps.pool, {
    tag: args.tag,
    now: deps.clock.now(),
    viewerId: args.viewer?.id ?? null,
    after,
    limit: TRENDING_PAGE_SIZE + 1,
  });
  const page = await pageOf(deps, rows, TRENDING_PAGE_SIZE, args.viewer, (last) =>
    encodeTagCursor(args.tag, { createdAt: last.created_at, id: BigInt(last.id) }),
  );
  return { items: page.items, nextCursor: page.nextCursor };
}

export async function getTrendingTags(deps: DiscoverDeps): Promise<TrendingTags> {
  return { items: await readTrendingTags(deps.pool, TRENDING_TAGS_LIMIT) };
}

// ---- Trending and creators (what the job materialised) ----------------------------------------

/** Trending posts, highest decayed score first, each with its score. */
export async function getTrending(
  deps: DiscoverDeps,
  args: { cursor: string | null; viewer: Viewer | null },
): Promise<TrendingPage> {
  const after = args.cursor ? decodeTrendingCursor(args.cursor) : null;
  const rows = await trendingPostIds(deps.pool, {
    now: deps.clock.now(),
    viewerId: args.viewer?.id ?? null,
    after,
    limit: TRENDING_PAGE_SIZE + 1,
  });
  const page = await pageOf(deps, rows, TRENDING_PAGE_SIZE, args.viewer, (last) =>
    encodeTrendingCursor({ score: last.score, id: BigInt(last.id) }),
  );
  const scores = new Map(page.rows.map((row) => [row.id, row.score]));
  return {
    items: page.items.map((item) => ({ ...item, score: scores.get(item.id) ?? 0 })),
    nextCursor: page.nextCursor,
  };
}

export async function getTopCreators(
  deps: DiscoverDeps,
  viewer: Viewer | null,
): Promise<TopCreators> {
  const rows = await readTopCreators(deps.pool, {
    viewerId: viewer?.id ?? null,
    limit: TOP_CREATORS_LIMIT,
  });
  return {
    items: rows.map((row) => ({ ...toDiscoverPerson(row), dumEarned: row.dum_earned })),
  };
}
