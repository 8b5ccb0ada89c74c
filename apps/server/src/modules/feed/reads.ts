import { AppError, type FeedItem, type FeedPageResponse } from '@dum/core';
import type pg from 'pg';
import type { SharedContext } from '../../context.ts';
import {
  isBlockedBy,
  mutedMatcherOf,
  readMutedWords,
  readPersonIdByAddress,
} from '../people/index.ts';
import { nextPollEnd, readPolls } from '../polls/index.ts';
import { readPageVaults, withVaults, type PostReader } from '../vaults/index.ts';
import { decodeCursor, encodeCursor, type PagePosition } from './cursor.ts';
import type { FeedDeps, Viewer } from './deps.ts';
import { toFeedItem } from './feed-item.ts';
import { withoutMutedPosts } from './muted.ts';
import { sameFingerprint, type RepostMark } from './following-page-cache.ts';
import type { Loaded } from './page-cache.ts';
import { withPolls } from './post-polls.ts';
import {
  readAuthorRows,
  readFeedRows,
  readFollowedWallets,
  readFollowingRows,
  readFollowingRowsByIds,
  readPostRow,
  readPostRows,
  readSharedFeedRows,
  readSharedRowsByIds,
  readViewerMarks,
  type PostRow,
} from './repo.ts';
import {
  presentHeldRows,
  presentSharedPage,
  SHARED_PAGE_SPARE,
  sharedPageOf,
  type SharedPage,
} from './shared-page.ts';
import type { ViewerMarks, ViewerState } from './viewer-state.ts';

/**
 * The viewer's marks as the route asked for them once (viewer-state.ts), shared by the page's
 * read and the muted words' filter (muted.ts), so a request reads the viewer's version once.
 */
type MarksRead = Promise<ViewerState | null>;

/** The fields of the app context (create-context.ts) this file uses. */
type FeedReadsContext = Pick<SharedContext, 'clock' | 'database'>;

/**
 * The feed's reads: its pages (all, Following, media, one wallet's posts), from the shared
 * caches where they hold the page, one post, and the readers other slices are given.
 */

/**
 * One page of the feed, newest first, for a viewer (their likes and bookmarks) or anonymous;
 * `media`: only the posts with an image or audio (Reels). A locked vault's media stays withheld
 * (withVaults) whichever page it is on.
 */
export async function getFeedPage(
  deps: FeedDeps,
  args: { cursor: string | null; limit: number; viewer: Viewer | null; media?: boolean },
): Promise<FeedPageResponse> {
  const after = args.cursor ? decodeCursor('feed', args.cursor) : null;
  const rows = await readFeedRows(deps.pool, {
    now: deps.clock.now(),
    limit: args.limit + 1,
    after,
    viewerId: args.viewer?.id ?? null,
    media: args.media ?? false,
  });
  return toFeedPage(deps, rows, args.limit, args.viewer);
}

/** A page of rows (one more than asked for) as the feed answers it, with its next cursor. */
async function toFeedPage(
  deps: FeedDeps,
  rows: PostRow[],
  limit: number,
  viewer: Viewer | null,
): Promise<FeedPageResponse> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const viewerId = viewer?.id ?? null;
  const items = await withVaults(
    deps.pool,
    page.map((row) => toFeedItem(row, viewerId)),
    viewerId,
  );
  return {
    items: await withPolls(deps.pool, page, items, viewerId, deps.clock.now()),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor('feed', { createdAt: last.feed_at ?? last.created_at, id: BigInt(last.id) })
        : null,
  };
}

/**
 * The Following feed as the JSON body the route answers. Its first page, while the viewer's
 * marks are held (viewer-state.ts) and the posts that make it are remembered at the same version
 * (following-page-cache.ts; a follow, unfollow, block or any mark bumps it), is made from the
 * rows every viewer shares (row-cache.ts) without asking the database for the viewer; otherwise,
 * and for later pages, it is read in SQL (getFollowingPage).
 */
export async function getFollowingBody(
  deps: FeedDeps,
  args: { cursor: string | null; limit: number; viewer: Viewer; marks?: MarksRead },
): Promise<Buffer> {
  const { cursor, limit, viewer } = args;
  if (cursor === null && deps.pages.enabled) {
    const state = await (args.marks ?? deps.marks.get(viewer.id));
    const cached = deps.followingCache.get(viewer.id, limit);
    if (state && cached && cached.version === state.version) {
      const held = await deps.rows.getMany(cached.ids);
      const body =
        held &&
        presentHeldRows(
          held,
          cached.ids.length <= limit,
          limit,
          { id: viewer.id, marks: state.marks },
          cached.reposts,
        );
      if (body) return body;
    }
    // The ids this reads are kept at the version read above.
    const version = state ? { version: state.version } : null;
    return Buffer.from(JSON.stringify(await getFollowingPage(deps, { ...args, version })));
  }
  return Buffer.from(JSON.stringify(await getFollowingPage(deps, args)));
}

/** The Following feed: posts by the wallets the viewer follows and the viewer's own. */
export async function getFollowingPage(
  deps: FeedDeps,
  args: {
    cursor: string | null;
    limit: number;
    viewer: Viewer;
    /** The viewer's version read before this page (getFollowingBody), kept with its posts. */
    version?: { version: number } | null;
  },
): Promise<FeedPageResponse> {
  const after = args.cursor ? decodeCursor('feed', args.cursor) : null;
  const viewerId = args.viewer.id;
  if (after) {
    const rows = await readFollowingRows(deps.pool, {
      now: deps.clock.now(),
      limit: args.limit + 1,
      after,
      viewerId,
    });
    return toFeedPage(deps, rows, args.limit, args.viewer);
  }
  // The first page: which posts make it is remembered per viewer (following-page-cache.ts);
  // the posts themselves are read fresh, and the ids kept only while they still stand.
  const cached = deps.followingCache.get(viewerId, args.limit);
  if (cached) {
    const { rows, follows } = await readFollowingRowsByIds(deps.pool, {
      now: deps.clock.now(),
      ids: cached.ids,
      viewerId,
    });
    if (rows.length === cached.ids.length && sameFingerprint(follows, cached.follows)) {
      return toFeedPage(
        deps,
        withRepostMarks(rows, cached.ids, cached.reposts),
        args.limit,
        args.viewer,
      );
    }
  }
  const load = async () => {
    // The follows first: a follow made while the page is read changes the fingerprint, so
    // the entry is checked again on its first use.
    const followed = await readFollowedWallets(deps.pool, viewerId);
    const page = await readFollowingRows(deps.pool, {
      now: deps.clock.now(),
      limit: args.limit + 1,
      after: null,
      viewerId,
    });
    const entry = {
      ids: page.map((row) => row.id),
      authors: [viewerId, ...followed.authors],
      follows: followed.follows,
      // Read before the follows: a change committed since bumps the viewer past it.
      version: args.version?.version ?? null,
      reposts: repostMarksOf(page),
    };
    return { entry, value: page };
  };
  // At one version, concurrent first reads of a viewer's page share one load.
  const rows = args.version
    ? await deps.followingCache.rememberShared(viewerId, args.limit, args.version.version, load)
    : await deps.followingCache.remember(viewerId, args.limit, load);
  return toFeedPage(deps, rows, args.limit, args.viewer);
}

/**
 * One wallet's posts, newest first; 404 `user_not_found` for a wallet that never signed in.
 * A viewer who blocked the wallet gets an empty page.
 */
export async function getUserPosts(
  deps: FeedDeps,
  args: { address: string; cursor: string | null; limit: number; viewer: Viewer | null },
): Promise<FeedPageResponse> {
  const after = args.cursor ? decodeCursor('feed', args.cursor) : null;
  const authorId = await readPersonIdByAddress(deps.pool, args.address);
  if (!authorId) throw new AppError('user_not_found');
  if (args.viewer && (await isBlockedBy(deps.pool, args.viewer.id, authorId))) {
    return { items: [], nextCursor: null };
  }
  const rows = await readAuthorRows(deps.pool, {
    now: deps.clock.now(),
    limit: args.limit + 1,
    authorId,
    after,
    viewerId: args.viewer?.id ?? null,
  });
  return toFeedPage(deps, rows, args.limit, args.viewer);
}

/**
 * A page of the whole feed (scope 'all') as the JSON body the route answers: the page every
 * viewer shares, from the short-lived page cache (page-cache.ts), made this viewer's with their
 * marks (viewer-state.ts, shared-page.ts). When the viewer's marks are unknown or too many, or
 * their blocks reach past the shared rows, the page is read in SQL with the viewer in it.
 */
export async function getFeedBody(
  deps: FeedDeps,
  args: { cursor: string | null; limit: number; viewer: Viewer | null; marks?: MarksRead },
): Promise<Buffer> {
  const { cursor, limit, viewer } = args;
  // A bad cursor is refused before anything is cached under it.
  const after = cursor ? decodeCursor('feed', cursor) : null;
  const state =
    viewer && deps.pages.enabled ? await (args.marks ?? deps.marks.get(viewer.id)) : null;
  if (deps.pages.enabled && (!viewer || state)) {
    const key = `${limit}:${cursor ?? ''}`;
    const page = await deps.pages.get(key, after ? after.createdAt.getTime() : null, () =>
      loadSharedPage(deps, after, limit),
    );
    // A vault's summary changes with supports, claims and the escrow indexer, not all of which
    // reach the bus: a signed-in page with vault posts is read in SQL, as fresh as before (the
    // anonymous one keeps the first-page cache's time to live, as before).
    // So is one with polls: the counts a voter sees move with every vote, and their vote is theirs.
    const body =
      (page.vaults.byPost.size === 0 && (page.polls?.size ?? 0) === 0) || !viewer
        ? presentSharedPage(
            page,
            limit,
            viewer && state ? { id: viewer.id, marks: state.marks } : null,
          )
        : null;
    if (body) return body;
  }
  return Buffer.from(JSON.stringify(await getFeedPage(deps, { cursor, limit, viewer })));
}

async function loadSharedPage(
  deps: FeedDeps,
  after: PagePosition | null,
  limit: number,
): Promise<Loaded<SharedPage>> {
  // One more than the page, to know whether another follows, and the spare rows.
  const asked = limit + 1 + SHARED_PAGE_SPARE;
  const rows = await readSharedFeedRows(deps.pool, { now: deps.clock.now(), limit: asked, after });
  const vaults = await readPageVaults(deps.pool, rows);
  // A signed-out viewer sees a poll's counts once it ended: the page is made again then.
  const polls = await readPolls(deps.pool, {
    postIds: rows.filter((row) => row.has_poll === true).map((row) => row.id),
    viewerId: null,
    now: deps.clock.now(),
  });
  let earliest = nextPollEnd(polls)?.getTime() ?? Infinity;
  for (const row of rows) {
    if (row.expires_at) earliest = Math.min(earliest, row.expires_at.getTime());
  }
  return {
    page: sharedPageOf(rows, asked, vaults, polls),
    earliestExpiry: earliest === Infinity ? null : new Date(earliest),
  };
}

/** Posts by id as every viewer shares them: what the row cache reads (row-cache.ts). */
export function loadSharedRows(deps: Pick<FeedDeps, 'pool' | 'clock'>) {
  return (ids: readonly string[]) => readSharedRowsByIds(deps.pool, { now: deps.clock.now(), ids });
}

/** A viewer's marks as viewer-state.ts keeps them; null past `max` of one kind. */
export async function loadViewerMarks(
  pool: pg.Pool,
  viewerId: string,
  max: number,
  now: Date,
): Promise<ViewerMarks | null> {
  const [row, muted] = await Promise.all([
    readViewerMarks(pool, viewerId, max),
    readMutedWords(pool, viewerId, now),
  ]);
  const lists = [row.likes, row.bookmarks, row.waiting, row.blocked, row.reposts];
  if (lists.some((list) => list.length > max)) return null;
  return {
    likes: new Set(row.likes),
    bookmarks: new Set(row.bookmarks),
    waiting: new Set(row.waiting),
    blocked: new Set(row.blocked),
    reposts: new Set(row.reposts),
    muted,
  };
}

export async function getPost(
  deps: FeedDeps,
  id: bigint,
  viewer: Viewer | null,
): Promise<FeedItem> {
  const row = await readPostRow(deps.pool, {
    now: deps.clock.now(),
    id,
    viewerId: viewer?.id ?? null,
  });
  if (!row) throw new AppError('post_not_found');
  const viewerId = viewer?.id ?? null;
  const vaulted = await withVaults(deps.pool, [toFeedItem(row, viewerId)], viewerId);
  const [item] = await withPolls(deps.pool, [row], vaulted, viewerId, deps.clock.now());
  if (!item) throw new AppError('post_not_found');
  return item;
}

/**
 * A post as the feed shows it without its vault's summary (the vaults slice puts that on): the
 * vault page's post (slice-deps.ts hands it to the vault and action routes).
 */
export function feedPostReader(ctx: FeedReadsContext): PostReader {
  return async (postId, viewerId) => {
    const now = ctx.clock.now();
    const row = await readPostRow(ctx.database.pool, { now, id: postId, viewerId });
    return row ? toFeedItem(row, viewerId) : null;
  };
}

/** Posts by id, as the feed shows them to the viewer (with their vaults), in the ids' order. */
export type FeedItemsReader = (ids: string[], viewerId: string | null) => Promise<FeedItem[]>;

/**
 * Feed items for another slice's list (modules/discover: search, tags, trending): the posts
 * the viewer may still read, in the order given, each exactly as the feed shows it (likes,
 * bookmarks, a locked vault's media withheld). Posts gone since the list was read are left out.
 */
export function feedItemsReader(ctx: FeedReadsContext): FeedItemsReader {
  return async (ids, viewerId) => {
    const rows = await readPostRows(ctx.database.pool, { now: ctx.clock.now(), ids, viewerId });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toFeedItem(row, viewerId)] : [];
    });
    const items = await withVaults(ctx.database.pool, ordered, viewerId);
    // Search, tags and trending leave out what the viewer muted (muted.ts).
    const [polled, muted] = await Promise.all([
      withPolls(ctx.database.pool, rows, items, viewerId, ctx.clock.now()),
      viewerId === null ? null : mutedMatcherOf(ctx.database.pool, viewerId, ctx.clock.now()),
    ]);
    return withoutMutedPosts(polled, muted, viewerId);
  };
}

/** The page's posts that are there as a followed wallet's repost (the Following feed). */
function repostMarksOf(rows: readonly PostRow[]): ReadonlyMap<string, RepostMark> | undefined {
  let marks: Map<string, RepostMark> | undefined;
  for (const row of rows) {
    if (!row.reposted_by || !row.feed_at) continue;
    marks ??= new Map();
    marks.set(row.id, { at: row.feed_at, by: row.reposted_by });
  }
  return marks;
}

/**
 * Rows read again by id, put back in the remembered page's order with their reposts' marks
 * (a repost sorts by its own time, not the post's).
 */
function withRepostMarks(
  rows: PostRow[],
  ids: readonly string[],
  marks: ReadonlyMap<string, RepostMark> | undefined,
): PostRow[] {
  if (!marks) return rows;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const mark = marks.get(id);
    return [mark ? { ...row, feed_at: mark.at, reposted_by: mark.by } : row];
  });
}
