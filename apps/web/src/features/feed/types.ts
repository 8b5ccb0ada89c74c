/**
 * The feed's wire shapes (docs/api.md "Feed"). Hand-written interfaces rather than the zod
 * schemas so zod stays out of the feed's chunk; the server validates, the client trusts.
 */
import type { EscrowView } from '../vaults/escrow-types.ts';

export interface PostAuthor {
  id: string;
  avatarUrl: string | null;
  displayName: string | null;
  username: string | null;
  isVerified: boolean;
}

/** The vault summary a vault post carries; its panel belongs to the vault feature. */
export interface PostVault {
  id: string;
  status: 'active' | 'unlocked' | 'paid_out';
  currentAmount: string;
  targetAmount: string;
  supporterCount: number;
  createdAt: string;
  /** When the vault's 7 days are up. */
  endsAt?: string;
  creator?: { walletAddress: string } | null;
  /** Direct: supports are transfers to the creator. Escrow: held by the vault program. */
  kind?: 'direct' | 'escrow';
  /** Escrow vaults: the chain facts the server indexed; null for direct vaults. */
  escrow?: EscrowView | null;
}

export interface FeedPost {
  id: string;
  /** Spec section 3: a post carries `content` or `body`; both name the text. */
  body?: string | null;
  content?: string | null;
  createdAt?: string | null;
  created_at?: string | null;
  /** When a free post is deleted (24 h after creation); null for posts that stay. */
  expiresAt?: string | null;
  kind?: string;
  author: PostAuthor | null;
  author_wallet: string | null;
  imageUrl: string | null;
  audioUrl: string | null;
  vault: PostVault | null;
  /** Vault posts: the media is withheld from this viewer until the vault unlocks. */
  locked?: boolean;
  likeCount: number;
  commentCount: number;
  liked: boolean;
  bookmarked: boolean;
}

export interface FeedPage {
  items: FeedPost[];
  nextCursor: string | null;
}

export interface PostComment {
  id: string;
  body: string;
  display_name: string | null;
  avatar_url: string | null;
  author_wallet: string | null;
  created_at: string;
  authorId?: string | null;
  username?: string | null;
}

export interface CommentPage {
  items: PostComment[];
  nextCursor: string | null;
}

export type EngagementKind = 'like' | 'bookmark';

export interface EngageResponse {
  toggled: 'on' | 'off';
}

export interface UploadResponse {
  mediaType: 'image' | 'audio';
  mediaUrl: string;
}

export interface CreatePostInput {
  body: string;
  kind: 'public' | 'vault';
  imageUrl?: string;
  audioUrl?: string;
  /** Vault posts: the SOL to lock. */
  targetAmount?: string;
}
