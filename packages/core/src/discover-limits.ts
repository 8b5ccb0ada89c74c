/**
 * Discover, search and analytics limits (zod-free, so the web app can use them without zod)
 * (docs/api.md "Discover and search" and "Analytics"). The server enforces these; the web uses
 * them for its debounce and its range picker.
 */

/** Longest search query, in characters after trimming; longer is 400 validation_failed. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Shortest search query, in characters after trimming (an empty one is 400). */
export const SEARCH_QUERY_MIN_LENGTH = 1;
export const SEARCH_TYPES = ['users', 'posts'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_PAGE_SIZE = 20;
/** How long the search box waits after the last keystroke before it asks, in ms. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A hashtag: `#` then 1–50 letters, digits or underscores (Unicode letters), not preceded by a
 * word character. Tags are compared lower-cased; `/discover?tag=x` takes x without the `#`.
 */
export const HASHTAG_PATTERN = /(?<![\p{L}\p{N}_])#([\p{L}\p{N}_]{1,50})/gu;
export const TAG_MAX_LENGTH = 50;
/** GET /api/discover/tags: how many trending tags. */
export const TRENDING_TAGS_LIMIT = 20;
/** GET /api/discover/creators: how many top creators. */
export const TOP_CREATORS_LIMIT = 10;
export const TRENDING_PAGE_SIZE = 20;
/** The trending window: engagement in the last 24 hours counts. */
export const TRENDING_WINDOW_HOURS = 24;

/** Lower-cased tags of a post's text, each once, in order of first appearance. */
export function extractHashtags(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const tag = match[1];
    if (tag) seen.add(tag.toLowerCase());
  }
  return [...seen];
}

export const ANALYTICS_RANGES = ['7d', '30d', '90d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_DAYS: Record<AnalyticsRange, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
};
/** The series GET /api/analytics returns, in this order. */
export const ANALYTICS_SERIES = [
  'posts',
  'likesReceived',
  'commentsReceived',
  'followersGained',
  'dumEarned',
  'solRaised',
  'tipsReceived',
] as const;
export type AnalyticsSeriesName = (typeof ANALYTICS_SERIES)[number];
/** Series whose values are base-unit integer strings (DUM, lamports); the others are counts. */
export const ANALYTICS_AMOUNT_SERIES: readonly AnalyticsSeriesName[] = [
  'dumEarned',
  'solRaised',
  'tipsReceived',
];
export const ANALYTICS_TOP_POSTS = 5;
