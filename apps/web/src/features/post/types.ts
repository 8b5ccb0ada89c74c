/**
 * The feed's wire shapes under the web app's names. Each is the type of its zod schema in
 * @dum/core (feed.ts, vault-schemas.ts), imported as a type only, so zod stays out of the
 * bundle; the server validates, the client trusts.
 */
import type {
  CommentItem,
  CommentPageResponse,
  CreatePostRequest,
  FeedItem,
  FeedPageResponse,
  PostKind,
  VaultSummary,
} from '@dum/core';

export type {
  EngagementKind,
  EngageResponse,
  PostAuthor,
  QuotedPost,
  RepostResponse,
  UploadResponse,
} from '@dum/core';

/** The vault summary a vault post carries; its panel belongs to the vault feature. */
export type PostVault = VaultSummary;

export type FeedPost = FeedItem;

export type FeedPage = FeedPageResponse;

/**
 * A post as the display helpers read it (post-display.ts): any field may be null or absent, and
 * they fall back (to 'Anon', to `body`, to `created_at`, the spec's other spelling of the time).
 */
export type PostFields = { [K in keyof FeedPost]?: FeedPost[K] | null } & {
  created_at?: string | null;
};

/**
 * A comment as the list holds it: the server's, or the viewer's own shown at once with a
 * temporary id before the answer (their wallet and id may be unknown to it).
 */
export type PostComment = Omit<CommentItem, 'author_wallet' | 'authorId'> & {
  author_wallet: string | null;
  authorId: string | null;
};

export type CommentPage = Omit<CommentPageResponse, 'items'> & { items: PostComment[] };

/** What the composer sends: the text, the kind it can create, its media (with alt text) and a vault target. */
export type CreatePostInput = Pick<
  CreatePostRequest,
  | 'imageUrl'
  | 'audioUrl'
  | 'altText'
  | 'targetAmount'
  | 'unlockAt'
  | 'replyPolicy'
  | 'poll'
  | 'quoteOf'
> & {
  body: string;
  kind: PostKind;
};
