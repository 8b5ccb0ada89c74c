import { z } from 'zod';
import { sponsoredMarkerSchema } from './ads.ts';
import {
  mentionSchema,
  pollInputSchema,
  pollSchema,
  quotedPostSchema,
  replyPolicySchema,
  repostedBySchema,
} from './conversation.ts';
import { postAuthorSchema } from './post-author.ts';
import { vaultSummarySchema } from './vault-schemas.ts';

/** The feed's payloads (docs/api.md "Feed" and "Uploads"); the limits are in feed-limits.ts. */
import { ENGAGEMENT_KINDS, POST_KINDS } from './feed-limits.ts';

export * from './feed-limits.ts';

const mediaUrl = z.string().max(2048);

/**
 * POST /api/messages-v2/messages. `content` is accepted as an alias of `body` (a post
 * carries content or body). Emptiness and length are checked after trimming, with the
 * catalogue's errors (content_required, post_too_long), not here.
 */
export const createPostRequestSchema = z.object({
  body: z.string().max(20_000).optional(),
  content: z.string().max(20_000).optional(),
  kind: z.enum(POST_KINDS).default('public'),
  imageUrl: mediaUrl.nullish(),
  audioUrl: mediaUrl.nullish(),
  /**
   * The image's alt text. Its length is checked after trimming with the catalogue's
   * alt_text_too_long, not here; blank, or on a post without an image, it is not stored.
   */
  altText: z.string().max(20_000).nullish(),
  /** Time capsules (kind 'capsule'): when it opens, an ISO time 1 hour to 1 year ahead. */
  unlockAt: z.string().max(64).nullish(),
  /** Vault posts: the SOL to lock, a decimal string ('SOL to lock', default 0.1). */
  targetAmount: z.string().max(64).nullish(),
  /**
   * Escrow vault posts (docs/decisions/009-escrow-vaults.md): the vault program holds the SOL. The values are checked by
   * checkEscrowTerms (invalid_multiplier, invalid_duration, invalid_content_hash), not here.
   */
  escrow: z
    .object({
      multiplier: z.unknown().optional(),
      durationDays: z.unknown().optional(),
      contentHash: z.unknown().optional(),
    })
    .strict()
    .nullish(),
  /** A quote post: the id of the post it quotes (docs/api.md "Conversation"). */
  quoteOf: z.string().max(32).nullish(),
  poll: pollInputSchema.nullish(),
  replyPolicy: replyPolicySchema.optional(),
});
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

/** POST /api/messages/{id}/engage */
export const engageRequestSchema = z.object({ kind: z.enum(ENGAGEMENT_KINDS) });
export const engageResponseSchema = z.object({ toggled: z.enum(['on', 'off']) });
export type EngageResponse = z.infer<typeof engageResponseSchema>;

/** POST /api/messages/{id}/comments */
export const createCommentRequestSchema = z.object({
  content: z.string().max(20_000),
  /** A reply: the comment (on the same post) it answers. */
  parentId: z.string().max(32).nullish(),
});

/**
 * The capsule part of a post (docs/api.md "Time capsules"). While sealed, the post's body and
 * content are '' and imageUrl, audioUrl and altText null for everyone but its author.
 */
export const capsuleSummarySchema = z.object({
  unlockAt: z.string(),
  sealed: z.boolean(),
  /** How many chose 'Notify me'. */
  waitingCount: z.number().int().nonnegative(),
  /** The signed-in viewer chose 'Notify me' (false signed out). */
  notifying: z.boolean(),
});
export type CapsuleSummary = z.infer<typeof capsuleSummarySchema>;

export { postAuthorSchema, type PostAuthor } from './post-author.ts';

/** One post as the feed, the detail call and post creation return it. */
export const feedItemSchema = z.object({
  /** A decimal integer string (the on-chain vault program uses it as a u64). */
  id: z.string(),
  kind: z.enum(POST_KINDS),
  body: z.string(),
  /** The same text as `body` (the spec's client reads either). */
  content: z.string(),
  createdAt: z.string(),
  /** When a free post is deleted; null for posts that are kept. */
  expiresAt: z.string().nullable(),
  author: postAuthorSchema,
  author_wallet: z.string(),
  imageUrl: z.string().nullable(),
  /** The image's alt text as its author wrote it; null without one (or while imageUrl is null). */
  altText: z.string().nullable(),
  audioUrl: z.string().nullable(),
  /** The vault summary of a vault post; null for other posts. */
  vault: vaultSummarySchema.nullable(),
  /**
   * Vault posts only: true while the vault's media is withheld from this viewer (everyone but
   * the creator, until the target is reached); imageUrl and audioUrl are then null.
   */
  locked: z.boolean().optional(),
  /** Time capsules only (kind 'capsule'); absent or null for other posts. */
  capsule: capsuleSummarySchema.nullish(),
  likeCount: z.number().int().nonnegative(),
  commentCount: z.number().int().nonnegative(),
  /** The signed-in viewer's toggles; false for anonymous readers. */
  liked: z.boolean(),
  bookmarked: z.boolean(),
  /** Set on a sponsored item (an ad campaign's post) in a For you page (docs/api.md "Ads"). */
  sponsored: sponsoredMarkerSchema.optional(),
  repostCount: z.number().int().nonnegative(),
  /** The signed-in viewer reposts it now (false for anonymous readers). */
  repostedByViewer: z.boolean(),
  /** The Following feed only: a followed wallet reposted it (shown once per post). */
  repostedBy: repostedBySchema.nullish(),
  /** A quote post's original; null when this post quotes nothing or the original is gone. */
  quoted: quotedPostSchema.nullable(),
  /** True when this post quoted one that is gone now (deleted, expired or hidden). */
  quotedUnavailable: z.boolean().optional(),
  mentions: z.array(mentionSchema),
  poll: pollSchema.nullable(),
  replyPolicy: replyPolicySchema,
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedPageSchema = z.object({
  items: z.array(feedItemSchema),
  nextCursor: z.string().nullable(),
});
export type FeedPageResponse = z.infer<typeof feedPageSchema>;

/** A comment with the snake_case field names clients read, plus authorId and username. */
export const commentItemSchema = z.object({
  id: z.string(),
  body: z.string(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  author_wallet: z.string(),
  created_at: z.string(),
  authorId: z.string(),
  username: z.string().nullable(),
  /** The top comment a reply sits under; null for a top comment. */
  parentId: z.string().nullable(),
  /** A top comment's replies (0 for a reply). */
  replyCount: z.number().int().nonnegative(),
  /** A reply to a reply: the wallet it answers (the "replying to @name" line); null otherwise. */
  replyTo: z.object({ address: z.string(), username: z.string().nullable() }).nullable(),
  mentions: z.array(mentionSchema),
});
export type CommentItem = z.infer<typeof commentItemSchema>;

export const commentPageSchema = z.object({
  items: z.array(commentItemSchema),
  nextCursor: z.string().nullable(),
});
export type CommentPageResponse = z.infer<typeof commentPageSchema>;

/** POST /api/upload/vault-media */
export const uploadResponseSchema = z.object({
  mediaType: z.enum(['image', 'audio']),
  /** Same-origin path, `/media/<name>`; send it back as imageUrl or audioUrl. */
  mediaUrl: z.string(),
  /**
   * SHA-256 of the file as stored and served (hex): an escrow vault post sends it as
   * escrow.contentHash and commits it on chain (images are re-encoded, so not the original's).
   */
  contentHash: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
