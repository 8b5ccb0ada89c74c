/**
 * The people slice's public face: follows and blocks (docs/api.md "People"), what other slices
 * read of them (a profile's counts, SQL that hides what a viewer blocked; in SQL functions,
 * follows_wallet in sql/), and the verified tick (docs/decisions/014-verified-tick.md). Nothing
 * else in this folder is imported from outside it.
 */
export {
  blockedEitherWay,
  isBlockedBy,
  isBlockedEitherWay,
  notBlockedBy,
  notBlockedEitherWay,
  readFollowStats,
  readPersonIdByAddress,
  VERIFIED_MIN_ESTABLISHED_FOLLOWERS,
  VERIFIED_MIN_POSTS,
  walletsBlockedBy,
  type FollowStats,
} from './repo.ts';
export { mentionRecipients, resolveMentions, type ResolvedMentions } from './mentions.ts';
export {
  mutedMatcherOf,
  mutingWallets,
  readMutedWords,
  type MutedMatcher,
  type MutedWord,
} from './muted-words.ts';
export { parseAddress, peopleRoutes } from './routes.ts';
export { createVerifiedAfterBatch } from './verified-after-batch.ts';
export { refreshVerified, type VerifiedDeps } from './service.ts';
