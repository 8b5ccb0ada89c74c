import type { Poll } from '@dum/core';
import { presentVault, type PageVaults } from '../vaults/index.ts';
import { encodeCursor } from './cursor.ts';
import { toFeedItem } from './feed-item.ts';
import type { RepostMark } from './following-page-cache.ts';
import type { SharedCounter, SharedPostRow } from './repo.ts';
import type { HeldRow } from './row-cache.ts';
import type { ViewerMarks } from './viewer-state.ts';

/**
 * A page of the feed as every viewer shares it (page-cache.ts keeps it), turned into one
 * viewer's answer without asking the database: their blocks leave authors out, their marks set
 * `liked`, `bookmarked` and a capsule's `notifying`, and their own posts (a sealed capsule's
 * content, a locked vault's media keys, an escrow vault post still pending) are presented for
 * them alone. Items the same for everyone are serialised once per entry and marks.
 */
export interface SharedPage {
  /** The page's rows and up to SHARED_PAGE_SPARE more, newest first. */
  rows: readonly SharedPostRow[];
  /** The read found fewer rows than it asked for: nothing lies beyond the last. */
  complete: boolean;
  vaults: PageVaults;
  /**
   * The rows' polls as a signed-out viewer sees them (counts only once ended): a signed-in
   * viewer's page with polls is read in SQL (their vote and the live counts are theirs), and the
   * entry is kept no longer than its first running poll (reads.ts loadSharedPage).
   */
  polls?: ReadonlyMap<string, Poll>;
  /** Serialised items, by row index then marks (liked 1, bookmarked 2, notifying 4, reposted 8). */
  items: (string | undefined)[][];
  /** Each row's cursor (the next page after it), made when first needed. */
  cursors: (string | undefined)[];
  /** The anonymous answer, made when first asked for. */
  anonymous: Buffer | null;
  /**
   * Whether a viewer's answer differs from the anonymous one (`touches`), by the viewer's marks:
   * a viewer's marks are replaced, never changed, when they change (viewer-state.ts), and what
   * `touches` reads of the rows (ids, authors, pending) never changes in a cached page.
   */
  touched: WeakMap<ViewerMarks, { viewerId: string; touches: boolean }>;
  /**
   * A Following page's posts that are there as a followed wallet's repost: their items carry
   * `repostedBy` and their cursors the repost's time (the shared forms are the same for all).
   */
  reposts?: ReadonlyMap<string, RepostMark>;
}

/**
 * A count of one post moved by a write on this instance (+1 or -1): the page's row follows it,
 * and its serialised forms are made again.
 */
export function moveCount(
  page: SharedPage,
  postId: string,
  counter: SharedCounter,
  delta: number,
): void {
  const index = page.rows.findIndex((row) => row.id === postId);
  if (index < 0) return;
  const row = page.rows[index] as SharedPostRow;
  row[counter] = Math.max(0, row[counter] + delta);
  page.items[index] = [];
  page.anonymous = null;
}

/** Rows read past a page's own, so a viewer's blocks or others' pending posts seldom leave it short. */
export const SHARED_PAGE_SPARE = 10;

export function sharedPageOf(
  rows: SharedPostRow[],
  asked: number,
  vaults: PageVaults,
  polls?: ReadonlyMap<string, Poll>,
): SharedPage {
  return {
    rows,
    complete: rows.length < asked,
    vaults,
    ...(polls ? { polls } : {}),
    items: rows.map(() => []),
    cursors: [],
    anonymous: null,
    touched: new WeakMap(),
  };
}

export interface PageViewer {
  id: string;
  marks: ViewerMarks;
}

/**
 * The page of `limit` items for this viewer (null: signed out) as the JSON body the feed
 * answers, or null when the shared rows cannot tell what it is (the viewer blocked or cannot
 * see so many of them that the page would reach past them): the caller then reads it in SQL.
 */
export function presentSharedPage(
  page: SharedPage,
  limit: number,
  viewer: PageViewer | null,
): Buffer | null {
  if (viewer === null || !touchesOnce(page, limit, viewer)) {
    page.anonymous ??= build(page, limit, null);
    return page.anonymous;
  }
  return build(page, limit, viewer);
}

/**
 * A page made of held rows (row-cache.ts) in page order, as `viewer` sees it: the Following
 * first page. `complete`: no post follows the rows. The rows' serialised forms are the row
 * cache's own, so they are made once for every viewer. Rows of vault posts are not presented
 * here (their summaries are read fresh): null then, as when the rows cannot tell the page.
 */
export function presentHeldRows(
  held: readonly HeldRow[],
  complete: boolean,
  limit: number,
  viewer: PageViewer,
  reposts?: ReadonlyMap<string, RepostMark>,
): Buffer | null {
  // Nor are polls: their counts and the viewer's vote are read fresh.
  if (held.some(({ row }) => row.kind === 'vault' || row.has_poll === true)) return null;
  // Nor is a quoted vault's progress.
  if (held.some(({ row }) => row.quoted?.kind === 'vault')) return null;
  const rows = held.map(({ row }) => row);
  // The cursors are made once and kept: a held row's by the row cache, a repost's (at the
  // repost's time) by the viewer's remembered page. This page is made for one answer only.
  const cursors = held.map(({ row, cursor }) =>
    reposts?.has(row.id) ? reposts.get(row.id)?.cursor : cursor,
  );
  const page: SharedPage = {
    rows,
    complete,
    vaults: NO_VAULTS,
    items: held.map(({ items }) => items),
    cursors,
    anonymous: null,
    touched: new WeakMap(),
    ...(reposts ? { reposts } : {}),
  };
  const body = build(page, limit, viewer);
  page.cursors.forEach((cursor, index) => {
    const heldRow = held[index] as HeldRow;
    const mark = reposts?.get(heldRow.row.id);
    if (mark) mark.cursor = cursor;
    else heldRow.cursor = cursor;
  });
  return body;
}

/**
 * An item's JSON with `repostedBy` put first (the item's own JSON is shared, so not changed),
 * kept with the mark while the item it was made from is the same.
 */
function withRepostedBy(json: string, mark: RepostMark | undefined): string {
  if (!mark) return json;
  if (mark.shown?.of !== json) {
    mark.shown = { of: json, json: `{"repostedBy":${JSON.stringify(mark.by)},${json.slice(1)}` };
  }
  return mark.shown.json;
}

const NO_VAULTS: PageVaults = { byPost: new Map(), creatorOf: () => null };

function build(page: SharedPage, limit: number, viewer: PageViewer | null): Buffer | null {
  const parts: string[] = [];
  let last = -1;
  let more = false;
  for (let i = 0; i < page.rows.length; i++) {
    const row = page.rows[i] as SharedPostRow;
    const own =
      viewer !== null &&
      (row.author_id === viewer.id || page.vaults.creatorOf(row.id) === viewer.id);
    if (row.pending && !own) continue;
    if (viewer !== null && viewer.marks.blocked.has(row.author_id)) continue;
    if (parts.length === limit) {
      more = true;
      break;
    }
    const part = own ? ownItem(page, row, viewer) : sharedItem(page, i, viewer?.marks ?? null);
    parts.push(page.reposts ? withRepostedBy(part, page.reposts.get(row.id)) : part);
    last = i;
  }
  if (!more && !page.complete) return null;
  const next = more ? JSON.stringify(cursorAfter(page, last)) : 'null';
  return Buffer.from(`{"items":[${parts.join(',')}],"nextCursor":${next}}`);
}

/** `touches`, asked once per page and viewer's marks: a viewer reading a page again pays a lookup. */
function touchesOnce(page: SharedPage, limit: number, viewer: PageViewer): boolean {
  const known = page.touched.get(viewer.marks);
  if (known?.viewerId === viewer.id) return known.touches;
  const answer = touches(page, limit, viewer);
  page.touched.set(viewer.marks, { viewerId: viewer.id, touches: answer });
  return answer;
}

/**
 * Whether the viewer's answer could differ from the anonymous one: a row up to one past the page
 * (past those that only the viewer would skip) is theirs, or marked or blocked by them. Most
 * viewers have none of these on a given page, and get the anonymous answer as it is.
 */
function touches(page: SharedPage, limit: number, viewer: PageViewer): boolean {
  const { likes, bookmarks, waiting, blocked, reposts } = viewer.marks;
  let shown = 0;
  for (const row of page.rows) {
    if (row.author_id === viewer.id || page.vaults.creatorOf(row.id) === viewer.id) return true;
    if (blocked.has(row.author_id)) return true;
    if (row.pending) continue;
    if (likes.has(row.id) || bookmarks.has(row.id) || waiting.has(row.id)) return true;
    if (reposts.has(row.id)) return true;
    shown += 1;
    if (shown > limit) return false;
  }
  return false;
}

function sharedItem(page: SharedPage, index: number, marks: ViewerMarks | null): string {
  const row = page.rows[index] as SharedPostRow;
  const liked = marks?.likes.has(row.id) ?? false;
  const bookmarked = marks?.bookmarks.has(row.id) ?? false;
  // 'Notify me' shows on capsules alone.
  const notifying = row.kind === 'capsule' && (marks?.waiting.has(row.id) ?? false);
  const reposted = marks?.reposts.has(row.id) ?? false;
  const variant = (liked ? 1 : 0) | (bookmarked ? 2 : 0) | (notifying ? 4 : 0) | (reposted ? 8 : 0);
  const memo = page.items[index] as (string | undefined)[];
  let json = memo[variant];
  if (json === undefined) {
    const item = toFeedItem({ ...row, liked, bookmarked, notifying, reposted }, null);
    const poll = page.polls?.get(row.id);
    json = JSON.stringify(presentVault(poll ? { ...item, poll } : item, page.vaults, null));
    memo[variant] = json;
  }
  return json;
}

/** The viewer's own post: what they alone see of it, made for this answer. */
function ownItem(page: SharedPage, row: SharedPostRow, viewer: PageViewer): string {
  const { marks } = viewer;
  const item = toFeedItem(
    {
      ...row,
      liked: marks.likes.has(row.id),
      bookmarked: marks.bookmarks.has(row.id),
      notifying: marks.waiting.has(row.id),
      reposted: marks.reposts.has(row.id),
    },
    viewer.id,
  );
  return JSON.stringify(presentVault(item, page.vaults, viewer.id));
}

function cursorAfter(page: SharedPage, index: number): string {
  let cursor = page.cursors[index];
  if (cursor === undefined) {
    const row = page.rows[index] as SharedPostRow;
    const at = page.reposts?.get(row.id)?.at ?? row.created_at;
    cursor = encodeCursor('feed', { createdAt: at, id: BigInt(row.id) });
    page.cursors[index] = cursor;
  }
  return cursor;
}
