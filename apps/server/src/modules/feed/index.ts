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
// What moderation does to posts and comments, handed to it by the composition root (slice-deps.ts).
export {
  expirePosts,
  removeReportedComment,
  removeReportedPost,
  restorePostExpiries,
} from './moderated-posts.ts';
