/**
 * The people slice's wire shapes. Each is the type of its zod schema in @dum/core (people.ts),
 * imported as a type only, so zod stays out of the bundle.
 */
export type {
  BlockResponse,
  FollowResponse,
  UpdateProfileRequest,
  UserProfile,
  UserSummary,
  UserSummaryPage,
  UsernameAvailability,
} from '@dum/core';

/** Which of a wallet's follow lists. */
export type FollowListKind = 'followers' | 'following';
