import { z } from 'zod';
import { userRecordSchema } from './economy-schemas.ts';
import { postAuthorSchema } from './feed.ts';
import type { TrustBand } from './trust.ts';

/**
 * People (docs/api.md "People"): profiles, follows and blocks. Counts are integers; the DUM
 * fields of a profile are base-unit integer strings, as in the user record.
 */

/** A wallet as lists (followers, following, conversations, search) show it. */
export const userSummarySchema = postAuthorSchema.extend({ solAddress: z.string() });
export type UserSummary = z.infer<typeof userSummarySchema>;

/** The trust bands a profile may show (trust.ts's trustBand), from the most trusted. */
export const TRUST_BANDS = ['seed', 'trusted', 'building', 'new'] as const satisfies TrustBand[];

/**
 * GET /api/users/{address}: the user record with the profile's fields. `isFollowing` and
 * `isBlocked` (the viewer blocked this wallet) are present only for a signed-in viewer. `trust`
 * is the wallet's trust band, never its score; null where trust is off (TRUST_REWARDS), since
 * every wallet's weight is full there and a band would say nothing.
 */
export const userProfileSchema = userRecordSchema.extend({
  bio: z.string().nullable(),
  followerCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
  postCount: z.number().int().nonnegative(),
  isFollowing: z.boolean().optional(),
  isBlocked: z.boolean().optional(),
  trust: z.object({ band: z.enum(TRUST_BANDS) }).nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * PATCH /api/users/me. Strings are trimmed; an empty displayName, bio or avatarUrl (or null)
 * clears the field. Unknown fields are refused (400 validation_failed naming the field).
 */
export const updateProfileRequestSchema = z
  .object({
    username: z.string().optional(),
    displayName: z.string().nullable().optional(),
    bio: z.string().nullable().optional(),
    avatarUrl: z.string().nullable().optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** PUT and DELETE /api/follows/{address} */
export const followResponseSchema = z.object({
  following: z.boolean(),
  followerCount: z.number().int().nonnegative(),
});
export type FollowResponse = z.infer<typeof followResponseSchema>;

/** PUT and DELETE /api/blocks/{address} */
export const blockResponseSchema = z.object({ blocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponseSchema>;

/** GET /api/follows/{address}/followers and /following: newest first, keyset paged. */
export const userSummaryPageSchema = z.object({
  items: z.array(userSummarySchema),
  nextCursor: z.string().nullable(),
});
export type UserSummaryPage = z.infer<typeof userSummaryPageSchema>;

/** GET /api/users/username-available?username= : whether the name is free for the caller. */
export const usernameAvailabilitySchema = z.object({
  username: z.string(),
  available: z.boolean(),
  /** Why it cannot be used: 'invalid' (the pattern) or 'taken'; null when available. */
  reason: z.enum(['invalid', 'taken']).nullable(),
});
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;
