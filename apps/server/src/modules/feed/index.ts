/**
 * The feed slice's public face: posts (with their uploads and vaults), likes, bookmarks and
 * comments, the feed's routes, its cleanup job, and the post as the feed shows it (for the vault
 * page). Nothing else in this folder is imported from outside it.
 */
export { encodeCursor, parseId, type PagePosition } from './cursor.ts';
export {
  runFeedCleanup,
  startFeedJobs,
  type CleanupDeps,
  type CleanupResult,
  type FeedJobs,
} from './expiry.ts';
export { addToWaitingCount, openDueCapsulePosts } from './post-writes.ts';
export { countLivePosts } from './repo.ts';
export { feedRoutes } from './routes.ts';
export { feedItemsReader, feedPostReader, type FeedItemsReader } from './reads.ts';
// A moderator's removal, handed to the moderation slice by the composition root (slice-deps.ts).
export { removeReportedComment, removeReportedPost } from './removal.ts';
