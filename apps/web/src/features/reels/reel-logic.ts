import type { FeedPost } from '../post/index.ts';

/**
 * The Reels screen's decisions as plain functions: which key moves where, which reel is in view,
 * what to preload, when to fetch the next page. The components only wire them to the DOM.
 */

/** A reel counts as in view once this share of it is on screen. */
export const REEL_VISIBLE_RATIO = 0.6;

/** How many reels after the current one have their media fetched ahead. */
export const PRELOAD_AHEAD = 3;

/** Reels within this distance of the current one render their media; the rest are placeholders. */
export const MEDIA_WINDOW = 2;

/** The next page is fetched when this few reels are left to see. */
export const LOAD_MORE_WITHIN = 3;

export interface ReelKeyEvent {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/**
 * The step a key press asks for: ArrowDown and j the next reel (+1), ArrowUp and k the previous
 * (-1), anything else 0. Nothing while typing, in a dialog or menu (`inWidget`), with a modifier,
 * or once something else handled the key.
 */
export function reelKeyStep(event: ReelKeyEvent, inWidget: boolean): -1 | 0 | 1 {
  if (inWidget || event.defaultPrevented) return 0;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return 0;
  switch (event.key) {
    case 'ArrowDown':
    case 'j':
      return 1;
    case 'ArrowUp':
    case 'k':
      return -1;
    default:
      return 0;
  }
}

/**
 * Whether a key press happens where keys have another meaning: a text field, a select, an
 * editable region, or an open dialog or menu (its own arrows and Escape).
 */
export function isInKeyWidget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target.closest(
      'input, textarea, select, [role="dialog"], [role="menu"], [role="listbox"], [role="slider"]',
    ) !== null
  );
}

/** The reel `step` away from `current`, kept within 0..count-1 (null: nowhere to go). */
export function stepTarget(current: number, step: -1 | 0 | 1, count: number): number | null {
  if (step === 0 || count === 0) return null;
  const target = current + step;
  return target < 0 || target >= count ? null : target;
}

export interface ReelVisibility {
  index: number;
  ratio: number;
}

/**
 * The reel in view after an IntersectionObserver report: the most visible of the reported reels
 * at or above REEL_VISIBLE_RATIO, else the current one (a reel half scrolled past changes
 * nothing).
 */
export function reelInView(current: number, reports: readonly ReelVisibility[]): number {
  let best: ReelVisibility | null = null;
  for (const report of reports) {
    if (report.ratio < REEL_VISIBLE_RATIO) continue;
    if (!best || report.ratio > best.ratio) best = report;
  }
  return best ? best.index : current;
}

/** Whether reel `index` renders its media now (near the current one). */
export function inMediaWindow(index: number, current: number): boolean {
  return Math.abs(index - current) <= MEDIA_WINDOW;
}

/** The media files of the next PRELOAD_AHEAD reels, images and audio apart; withheld media is none. */
export function mediaToPreload(
  posts: readonly Pick<FeedPost, 'imageUrl' | 'audioUrl'>[],
  current: number,
): { images: string[]; audio: string[] } {
  const images: string[] = [];
  const audio: string[] = [];
  for (const post of posts.slice(current + 1, current + 1 + PRELOAD_AHEAD)) {
    if (post.imageUrl) images.push(post.imageUrl);
    if (post.audioUrl) audio.push(post.audioUrl);
  }
  return { images, audio };
}

/** Whether to ask for the next page: near the end, with more to come, not already asking. */
export function shouldLoadMore(
  current: number,
  count: number,
  page: { hasNextPage: boolean; isFetchingNextPage: boolean; isError: boolean },
): boolean {
  if (!page.hasNextPage || page.isFetchingNextPage || page.isError) return false;
  return count - 1 - current < LOAD_MORE_WITHIN;
}

/**
 * Where the reel being watched is after the list changed (a refetch put new posts on top): its
 * new index; else (it is gone, or the end of the list was showing, whose index is
 * `posts.length`) the old index, kept within the list and its end.
 */
export function anchoredIndex(
  posts: readonly Pick<FeedPost, 'id'>[],
  watchedId: string | null,
  current: number,
): number {
  const found = watchedId === null ? -1 : posts.findIndex((post) => post.id === watchedId);
  if (found >= 0) return found;
  return Math.min(current, posts.length);
}

/** What a reel shows: its image, its audio, the locked state of a vault, or nothing to play. */
export type ReelMedia =
  | { kind: 'image'; url: string }
  | { kind: 'audio'; url: string }
  | { kind: 'locked' }
  | { kind: 'none' };

export function reelMedia(post: Pick<FeedPost, 'imageUrl' | 'audioUrl' | 'locked'>): ReelMedia {
  if (post.locked) return { kind: 'locked' };
  if (post.imageUrl) return { kind: 'image', url: post.imageUrl };
  if (post.audioUrl) return { kind: 'audio', url: post.audioUrl };
  return { kind: 'none' };
}
