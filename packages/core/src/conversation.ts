import { z } from 'zod';
import {
  MUTED_WORD_MAX_LENGTH,
  MUTED_WORDS_MAX,
  POLL_MAX_HOURS,
  POLL_MAX_OPTIONS,
  POLL_MIN_HOURS,
  POLL_MIN_OPTIONS,
  REPLY_POLICIES,
  USER_SUGGEST_MAX,
} from './conversation-limits.ts';
import { postAuthorSchema } from './post-author.ts';
import { vaultSummarySchema } from './vault-schemas.ts';

/** Conversation's payloads (docs/api.md "Conversation"); the limits are in conversation-limits.ts. */
export * from './conversation-limits.ts';

export const replyPolicySchema = z.enum(REPLY_POLICIES);

/**
 * A wallet a text mentions (`@username` or a full address), resolved when the text was written:
 * `start` and `end` are the mention's code-unit offsets in the text (JavaScript string indices,
 * end exclusive), so a client can turn exactly that span into a profile link.
 */
export const mentionSchema = z.object({
  address: z.string(),
  username: z.string().nullable(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
export type Mention = z.infer<typeof mentionSchema>;

/**
 * A post's poll as a viewer sees it. Each option's `votes` and `totalVotes` are null until the
 * viewer has voted or the poll has ended (counts are not shown before, so they do not sway).
 */
export const pollSchema = z.object({
  options: z.array(
    z.object({ text: z.string(), votes: z.number().int().nonnegative().nullable() }),
  ),
  totalVotes: z.number().int().nonnegative().nullable(),
  endsAt: z.string(),
  ended: z.boolean(),
  /** The option (index) the signed-in viewer chose; null when they have not voted. */
  viewerVote: z.number().int().nonnegative().nullable(),
});
export type Poll = z.infer<typeof pollSchema>;

/** A new post's poll (createPostRequestSchema's `poll`); option texts are checked after trimming. */
export const pollInputSchema = z.object({
  options: z.array(z.string().max(1000)).min(POLL_MIN_OPTIONS).max(POLL_MAX_OPTIONS),
  durationHours: z.number().int().min(POLL_MIN_HOURS).max(POLL_MAX_HOURS),
});
export type PollInput = z.infer<typeof pollInputSchema>;

/** POST /api/messages/{id}/poll/vote */
export const pollVoteRequestSchema = z.object({
  option: z
    .number()
    .int()
    .min(0)
    .max(POLL_MAX_OPTIONS - 1),
});
export const pollVoteResponseSchema = z.object({ poll: pollSchema });
export type PollVoteResponse = z.infer<typeof pollVoteResponseSchema>;

/** PUT and DELETE /api/messages/{id}/repost */
export const repostResponseSchema = z.object({
  reposted: z.boolean(),
  repostCount: z.number().int().nonnegative(),
});
export type RepostResponse = z.infer<typeof repostResponseSchema>;

/** A followed wallet that reposted the post (the Following feed; the most recent one). */
export const repostedBySchema = z.object({
  address: z.string(),
  displayName: z.string().nullable(),
});
export type RepostedBy = z.infer<typeof repostedBySchema>;

/**
 * The post a quote post quotes, as the viewer may see it: a locked vault's media and a sealed
 * capsule's content stay withheld here exactly as in the original's own card.
 */
export const quotedPostSchema = z.object({
  id: z.string(),
  kind: z.enum(['public', 'vault', 'capsule']),
  author: postAuthorSchema,
  author_wallet: z.string(),
  body: z.string(),
  createdAt: z.string(),
  imageUrl: z.string().nullable(),
  altText: z.string().nullable(),
  audioUrl: z.string().nullable(),
  /** True while the quoted vault's media (or a sealed capsule's content) is withheld. */
  locked: z.boolean(),
  /** A quoted vault's progress (its Support button works from the quote). */
  vault: vaultSummarySchema.nullable(),
  /** A quoted capsule's opening time while sealed; null otherwise. */
  unlockAt: z.string().nullable(),
});
export type QuotedPost = z.infer<typeof quotedPostSchema>;

/** GET and PUT /api/users/me/muted-words */
export const mutedWordSchema = z.object({
  word: z.string().max(MUTED_WORD_MAX_LENGTH * 4),
  /** ISO time; absent (or null) for never. */
  expiresAt: z.string().max(64).nullish(),
});
export const mutedWordsSchema = z.object({
  items: z.array(mutedWordSchema).max(MUTED_WORDS_MAX),
});
export type MutedWords = z.infer<typeof mutedWordsSchema>;

/** GET /api/users/suggest?prefix= : the composer's `@` autocomplete. */
export const userSuggestionSchema = z.object({
  address: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isVerified: z.boolean(),
});
export const userSuggestResponseSchema = z.object({
  items: z.array(userSuggestionSchema).max(USER_SUGGEST_MAX),
});
export type UserSuggestion = z.infer<typeof userSuggestionSchema>;
export type UserSuggestResponse = z.infer<typeof userSuggestResponseSchema>;
