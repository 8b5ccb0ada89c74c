import { z } from 'zod';
import { ANALYTICS_RANGES, ANALYTICS_SERIES, SEARCH_TYPES } from './discover-limits.ts';
import { feedItemSchema } from './feed.ts';
import { userSummarySchema } from './people.ts';

/**
 * Discover, search and analytics payloads (docs/api.md "Discover and search" and "Analytics");
 * the limits are in discover-limits.ts. Results never include wallets the signed-in viewer
 * blocked (or that blocked the viewer) nor expired posts.
 */
export * from './discover-limits.ts';

/** GET /api/search?q=&type=users|posts&cursor= (type defaults to posts). */
export const searchQuerySchema = z.object({
  q: z.string(),
  type: z.enum(SEARCH_TYPES).default('posts'),
  cursor: z.string().max(400).optional(),
});

/** A person in search results and top creators: the summary plus follow state and counts. */
export const discoverPersonSchema = userSummarySchema.extend({
  bio: z.string().nullable(),
  followerCount: z.number().int().nonnegative(),
  /** Present only for a signed-in viewer. */
  isFollowing: z.boolean().optional(),
});
export type DiscoverPerson = z.infer<typeof discoverPersonSchema>;

/** type=users: people by username, display name or wallet address prefix, best match first. */
export const userSearchPageSchema = z.object({
  type: z.literal('users'),
  items: z.array(discoverPersonSchema),
  nextCursor: z.string().nullable(),
});
/** type=posts: posts by full-text rank (then newest), the feed's item shape. */
export const postSearchPageSchema = z.object({
  type: z.literal('posts'),
  items: z.array(feedItemSchema),
  nextCursor: z.string().nullable(),
});
export const searchPageSchema = z.discriminatedUnion('type', [
  userSearchPageSchema,
  postSearchPageSchema,
]);
export type SearchPage = z.infer<typeof searchPageSchema>;

/**
 * GET /api/discover/trending?cursor= : posts by engagement (likes, comments, supports) in the
 * last 24 hours with time decay, highest first; `score` is that decayed score. Also
 * GET /api/discover/tags/{tag}/posts?cursor= (newest first, the feed's page shape).
 */
export const trendingPageSchema = z.object({
  items: z.array(feedItemSchema.extend({ score: z.number().nonnegative() })),
  nextCursor: z.string().nullable(),
});
export type TrendingPage = z.infer<typeof trendingPageSchema>;

/** GET /api/discover/tags: tags used most in the last 24 hours (live posts only). */
export const trendingTagsSchema = z.object({
  items: z.array(
    z.object({
      tag: z.string(),
      postCount: z.number().int().nonnegative(),
    }),
  ),
});
export type TrendingTags = z.infer<typeof trendingTagsSchema>;

/**
 * GET /api/discover/creators: the week's top creators, by the DUM that engagement with their
 * posts minted in the last 7 days (`dumEarned`, base units as a string), highest first.
 */
export const topCreatorsSchema = z.object({
  items: z.array(discoverPersonSchema.extend({ dumEarned: z.string() })),
});
export type TopCreators = z.infer<typeof topCreatorsSchema>;

/** GET /api/analytics?range=7d|30d|90d (signed in; the caller's own figures). */
export const analyticsQuerySchema = z.object({ range: z.enum(ANALYTICS_RANGES).default('7d') });

/**
 * One series value: counts are numbers; amounts (dumEarned, solRaised, tipsReceived; see
 * ANALYTICS_AMOUNT_SERIES) are base-unit integer strings (DUM base units, lamports).
 */
const analyticsValue = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]);

const seriesShape = Object.fromEntries(
  ANALYTICS_SERIES.map((name) => [
    name,
    z.array(z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), value: analyticsValue })),
  ]),
) as Record<
  (typeof ANALYTICS_SERIES)[number],
  z.ZodArray<z.ZodObject<{ day: z.ZodString; value: typeof analyticsValue }>>
>;

const totalShape = Object.fromEntries(
  ANALYTICS_SERIES.map((name) => [
    name,
    z.object({ value: analyticsValue, previous: analyticsValue }),
  ]),
) as Record<
  (typeof ANALYTICS_SERIES)[number],
  z.ZodObject<{ value: typeof analyticsValue; previous: typeof analyticsValue }>
>;

export const analyticsResponseSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  /** UTC days, oldest first; every series has one point per day of the range (zeros included). */
  series: z.object(seriesShape),
  /** The range's total and the previous period's (the same number of days before it). */
  totals: z.object(totalShape),
  /** DUM earned in the range by ledger kind (base units), only kinds with a mint. */
  dumByKind: z.record(z.string(), z.string().regex(/^\d+$/)),
  /** The caller's posts (still live) created in the range with the most likes plus comments. */
  topPosts: z.array(
    z.object({
      id: z.string(),
      body: z.string(),
      createdAt: z.string(),
      likeCount: z.number().int().nonnegative(),
      commentCount: z.number().int().nonnegative(),
    }),
  ),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
