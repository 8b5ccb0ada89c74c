/**
 * The post feature's face: the kernel other features build on: the post card and list, the author
 * line and profile links, engagement, comments, sharing, the feed's cache and queries and the post
 * types. The widgets a post shows from other features come in through PostWidgetsProvider.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { checkAttachment } from './attachment.ts';
export type { AttachmentKind } from './attachment.ts';
export { AuthorHeading, VerifiedBadge } from './author-heading.tsx';
export { Avatar } from './avatar.tsx';
export { CommentSection } from './comment-section.tsx';
export {
  FEED_ROOT,
  POST_ROOT,
  feedKey,
  prependPost,
  showNewPost,
  updatePostEverywhere,
} from './feed-cache.ts';
export {
  MediaUploadError,
  refreshEarnings,
  uploadMedia,
  useCreatePost,
  useEngagement,
  usePost,
  useReferralCode,
} from './feed-queries.ts';
export {
  FEED_PAGE_SIZE,
  LENGTH_WARNING_REMAINING,
  POST_ALT_TEXT_MAX_LENGTH,
  POST_MAX_LENGTH,
  charactersLeft,
} from './limits.ts';
export { PostCard } from './post-card.tsx';
export { imageAlt } from './post-media.tsx';
export {
  abbreviateCount,
  authorName,
  countedActionName,
  formatRelativeTime,
  formatTimeLeft,
  formatTimeUntil,
  postCreatedAt,
  postText,
  untouchedPostFields,
} from './post-display.ts';
export { useMentionAutocomplete } from './mention-autocomplete.tsx';
export { FeedSkeleton, PostFeedList, PostList } from './post-list.tsx';
export { hashtagHref, PostText } from './post-text.tsx';
export { PostWidgetsProvider } from './post-widgets.tsx';
export type { PostWidgets } from './post-widgets.tsx';
export { ProfileAvatarLink, ProfileLink, profileHref } from './profile-link.tsx';
export { REPLY_POLICY_LABELS } from './reply-policy.ts';
export { ShareMenu } from './share-menu.tsx';
export type { ShareTriggerAppearance } from './share-trigger.tsx';
export { shareText, tweetIntentUrl } from './share.ts';
export { useStartWriting } from './start-writing.ts';
export type { FeedPage, FeedPost, PostVault, UploadResponse } from './types.ts';
