import { randomBytes } from 'node:crypto';
import {
  AppError,
  CAPSULE_MAX_SEAL_SECONDS,
  CAPSULE_MIN_SEAL_SECONDS,
  extractHashtags,
  FREE_POST_TTL_MS,
  POST_ALT_TEXT_MAX_LENGTH,
  POST_MAX_LENGTH,
  textLength,
  type FeedItem,
  type Mention,
  type PollInput,
  type ReplyPolicy,
} from '@dum/core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { inTransaction } from '../../db/prepared.ts';
import { announceAfterCommit } from '../../realtime/index.ts';
import {
  attachUpload,
  claimUpload,
  mediaNameFromUrl,
  removeMediaFiles,
  storedFileHash,
} from '../media/index.ts';
import {
  createVaultForPost,
  planVault,
  vaultRequestOf,
  withVaults,
  type EscrowTermsInput,
  type VaultPlan,
} from '../vaults/index.ts';
import { resolveMentions } from '../people/index.ts';
import { checkPollInput, createPollForPost, type PollPlan } from '../polls/index.ts';
import type { FeedDeps, Viewer } from './deps.ts';
import { toFeedItem } from './feed-item.ts';
import { withPolls } from './post-polls.ts';
import { notifyMentioned } from './mentions.ts';
import { insertPostSoon } from './post-batches.ts';
import {
  deletePostRow,
  insertPost,
  lockLivePost,
  mediaKeysOfPosts,
  type NewPost,
} from './post-writes.ts';
import type { PostRow } from './repo.ts';
import { announceQuote, checkQuote, withQuoted, type QuoteTarget } from './quotes.ts';
import { dropShared } from './shared-caches.ts';

export interface CreatePostInput {
  body?: string | undefined;
  content?: string | undefined;
  kind: 'public' | 'vault' | 'capsule';
  imageUrl?: string | null | undefined;
  audioUrl?: string | null | undefined;
  /** The image's alt text (kept only with an image). */
  altText?: string | null | undefined;
  /** Vault posts: the SOL to lock (modules/vaults checks it). */
  targetAmount?: string | null | undefined;
  /** Escrow vault posts: the program's terms (modules/escrow checks them). */
  escrow?: EscrowTermsInput | null;
  /** Time capsules: when it opens (ISO time, 1 hour to 1 year ahead). */
  unlockAt?: string | null | undefined;
  /** A quote post: the id of the post it quotes. */
  quoteOf?: string | null | undefined;
  /** Who may comment; everyone when absent. */
  replyPolicy?: ReplyPolicy | undefined;
  /** A poll (plain posts only; modules/polls checks it). */
  poll?: PollInput | null | undefined;
}

/** A post's checked text and attachment, before anything is written. */
interface PostDraft {
  kind: 'public' | 'vault' | 'capsule';
  /** Time capsules: when it opens (checked against the clock). */
  unlockAt: Date | null;
  text: string;
  attachment: { type: 'image' | 'audio'; name: string } | null;
  /** The image's alt text, trimmed; null when blank or when there is no image. */
  altText: string | null;
  /** Who may comment; everyone when absent. */
  replyPolicy?: ReplyPolicy;
  /** The text's mentions, resolved to wallets (people's resolveMentions). */
  mentions?: Mention[];
  /** Its poll, checked (modules/polls writes it in the post's transaction). */
  poll?: PollPlan | null;
  /** A quote post: the post it quotes, checked (quotes.ts). */
  quote?: QuoteTarget | null;
}

/**
 * Creates a post: checks it (the vault it asks for, then its text and attachment), plans its
 * vault, writes it (with its upload and vault, in one transaction), then rewards and announces
 * it. A vault post has no expiry; its vault is created in the same transaction by
 * modules/vaults. The checks run in this order so each bad request gets the same error as ever.
 */
export async function createPost(
  deps: FeedDeps,
  author: Viewer,
  input: CreatePostInput,
): Promise<FeedItem> {
  const vaultRequest = vaultRequestOf(deps.vaultsEnabled, input);
  const draft = checkPost(
    deps,
    input,
    vaultRequest !== null ? 'vault' : input.kind === 'capsule' ? 'capsule' : 'public',
  );
  // Before the vault's plan, which may read the chain: a refused poll costs nothing.
  const poll = checkPoll(input.poll, draft.kind);
  // Escrow: the terms, then whether the program is on the cluster (a chain read, before the
  // transaction).
  const vault = vaultRequest
    ? await planVault(deps.escrow, vaultRequest, {
        targetAmount: input.targetAmount,
        hasMedia: draft.attachment !== null,
      })
    : null;
  await checkContentHash(deps, draft, vault);
  const quote = await checkQuote(deps, author, input.quoteOf, draft.kind);

  const now = deps.clock.now();
  const replyPolicy = input.replyPolicy ?? 'everyone';
  const mentioned = await resolveMentions(deps.pool, draft.text);
  const row = await writePost(
    deps,
    author,
    { ...draft, replyPolicy, mentions: mentioned.mentions, poll, quote },
    vault,
    now,
  );
  // The author's row is gone (their token outlived their account).
  if (!row) throw new AppError('unauthorized');

  deps.pages.postAdded(row.created_at.getTime());
  deps.followingCache.postedBy(author.id);
  // A pending escrow post is its author's alone until the vault is on chain; the indexer
  // announces it (and rewards it) then.
  if (vault?.kind !== 'escrow') {
    // Once settled, the post is in the ledger and counted towards its author's verified tick
    // (people's verified pass runs with the batch, createVerifiedAfterBatch).
    await deps.emissions.settle();
    await announceAfterCommit(
      deps,
      { kind: 'all' },
      {
        type: 'new_post',
        data: {
          postId: row.id,
          author: { id: author.id, username: row.username },
          createdAt: row.created_at.toISOString(),
        },
      },
    );
    // A sealed time capsule's text is its author's alone until it opens.
    if (row.kind !== 'capsule') {
      await notifyMentioned(deps, {
        author: { ...row, id: author.id },
        postId: row.id,
        commentId: null,
        text: draft.text,
        userIds: mentioned.userIds,
      });
    }
  }
  await announceQuote(deps, author, row, quote);
  const vaulted = await withVaults(
    deps.pool,
    [toFeedItem(withQuoted(row, quote), author.id)],
    author.id,
  );
  const polled = [{ id: row.id, has_poll: poll !== null }];
  const [item] = await withPolls(deps.pool, polled, vaulted, author.id, now);
  if (!item) throw new Error('created post vanished');
  return item;
}

/**
 * A post's poll, checked (modules/polls), or null without one. Only a plain post carries a
 * poll: a vault post's card is its vault, and a sealed capsule shows nothing before it opens.
 */
function checkPoll(
  input: PollInput | null | undefined,
  kind: 'public' | 'vault' | 'capsule',
): PollPlan | null {
  if (input == null) return null;
  if (kind !== 'public') {
    throw new AppError('validation_failed', {
      details: [{ path: 'poll', message: 'Only a plain post can carry a poll' }],
    });
  }
  return checkPollInput(input);
}

/** The post's kind, text and attachment, or the error to answer. */
function checkPost(
  deps: FeedDeps,
  input: CreatePostInput,
  kind: 'public' | 'vault' | 'capsule',
): PostDraft {
  const unlockAt = kind === 'capsule' ? checkUnlockAt(input.unlockAt, deps.clock.now()) : null;
  if (kind !== 'capsule' && input.unlockAt != null) {
    throw new AppError('validation_failed', {
      details: [{ path: 'unlockAt', message: 'Only time capsules have an unlock time' }],
    });
  }
  if (kind === 'capsule' && (input.targetAmount != null || input.escrow != null)) {
    throw new AppError('validation_failed', {
      details: [{ path: 'kind', message: 'A time capsule has no vault' }],
    });
  }
  const text = (input.body ?? input.content ?? '').trim();
  if (text.length === 0) throw new AppError('content_required');
  if (textLength(text) > POST_MAX_LENGTH) throw new AppError('post_too_long');
  const alt = (input.altText ?? '').trim();
  if (textLength(alt) > POST_ALT_TEXT_MAX_LENGTH) throw new AppError('alt_text_too_long');
  if (input.imageUrl && input.audioUrl) {
    throw new AppError('validation_failed', {
      details: [
        { path: 'audioUrl', message: 'A post carries an image or an audio file, not both' },
      ],
    });
  }
  const attachment = input.imageUrl
    ? { type: 'image' as const, url: input.imageUrl }
    : input.audioUrl
      ? { type: 'audio' as const, url: input.audioUrl }
      : null;
  if (!attachment) return { kind, unlockAt, text, attachment: null, altText: null };
  const name = mediaNameFromUrl(attachment.url, deps.appOrigin);
  if (!name) throw new AppError('media_not_attachable');
  const altText = attachment.type === 'image' && alt !== '' ? alt : null;
  return { kind, unlockAt, text, attachment: { type: attachment.type, name }, altText };
}

/** An ISO date-time with a zone: `2027-01-31T12:00:00Z`, `...12:00:00.000+02:00`. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A capsule's unlock time: an ISO time 1 hour to 1 year from the server's clock, else 400. */
function checkUnlockAt(value: string | null | undefined, now: Date): Date {
  if (typeof value !== 'string' || !ISO_TIME.test(value.trim())) {
    throw new AppError('invalid_unlock_time');
  }
  const at = new Date(value.trim());
  if (Number.isNaN(at.getTime())) throw new AppError('invalid_unlock_time');
  const ahead = at.getTime() - now.getTime();
  if (ahead < CAPSULE_MIN_SEAL_SECONDS * 1000 || ahead > CAPSULE_MAX_SEAL_SECONDS * 1000) {
    throw new AppError('invalid_unlock_time');
  }
  // Stored with millisecond precision (timestamptz(3)), as the answer shows it.
  return new Date(Math.floor(at.getTime()));
}

/** An escrow vault commits its media's SHA-256 on chain: the stored file must have it. */
async function checkContentHash(
  deps: FeedDeps,
  draft: PostDraft,
  vault: VaultPlan | null,
): Promise<void> {
  if (vault?.kind !== 'escrow' || !vault.contentHash || !draft.attachment) return;
  const stored = await storedFileHash(deps.media, draft.attachment.name);
  if (stored === null) throw new AppError('media_not_attachable');
  if (stored !== vault.contentHash) {
    throw new AppError('invalid_content_hash', {
      message: 'contentHash is not the SHA-256 of the uploaded file (use the upload contentHash)',
    });
  }
}

/**
 * Writes the post and what comes with it: its upload (claimed, then attached) and its vault.
 * A text post is one statement, atomic on its own, which it may share with the text posts
 * written at the same moment (post-batches.ts); the others write more rows in a transaction.
 * Null when the author's row is gone (nothing is written then).
 */
async function writePost(
  deps: FeedDeps,
  author: Viewer,
  draft: PostDraft,
  vault: VaultPlan | null,
  now: Date,
): Promise<PostRow | null> {
  const { kind, attachment } = draft;
  const post: NewPost = {
    authorId: author.id,
    kind,
    body: draft.text,
    imageKey: attachment?.type === 'image' ? attachment.name : null,
    imageAlt: draft.altText,
    audioKey: attachment?.type === 'audio' ? attachment.name : null,
    now,
    expiresAt: kind === 'public' ? new Date(now.getTime() + FREE_POST_TTL_MS) : null,
    // A vault post's event is vault_created (modules/vaults); an escrow post's comes later.
    // A time capsule is a post: post_created.
    // A quote earns as a quote, and a quote of one's own post earns nothing.
    rewardedEvent:
      kind === 'vault'
        ? null
        : draft.quote
          ? draft.quote.authorId === author.id
            ? null
            : 'quote_created'
          : 'post_created',
    quote: draft.quote ? { postId: draft.quote.postId, authorId: draft.quote.authorId } : null,
    tags: extractHashtags(draft.text),
    unlockAt: draft.unlockAt,
    capsuleKey: kind === 'capsule' ? randomBytes(18).toString('base64url') : null,
    replyPolicy: draft.replyPolicy ?? 'everyone',
    mentions: draft.mentions ?? [],
  };
  if (!attachment && !vault && !draft.poll) return insertPostSoon(deps.pool, post);
  return inTransaction(deps, async (client): Promise<PostRow | null> => {
    // The media helpers write through Drizzle, on the same connection.
    const tx = drizzle(client);
    const mediaId = attachment
      ? await claimUpload(tx, {
          storageKey: attachment.name,
          ownerId: author.id,
          type: attachment.type,
        })
      : null;
    const row = await insertPost(client, post);
    if (!row) return null;
    const postId = BigInt(row.id);
    if (mediaId) await attachUpload(tx, mediaId, postId);
    if (draft.poll) {
      await createPollForPost(client, {
        postId,
        plan: draft.poll,
        now,
        postExpiresAt: row.expires_at,
      });
    }
    if (vault) {
      await createVaultForPost(client, {
        postId,
        creatorId: author.id,
        creatorWallet: row.sol_address,
        plan: vault,
        now,
      });
    }
    return row;
  });
}

/** The author deletes their post with its comments, likes, bookmarks and media files. */
export async function deletePost(deps: FeedDeps, user: Viewer, id: bigint): Promise<void> {
  const now = deps.clock.now();
  const keys = await deps.db.transaction(async (tx) => {
    const post = await lockLivePost(tx, id, now, 'for update', user.id);
    if (!post) throw new AppError('post_not_found');
    if (post.authorId !== user.id) {
      throw new AppError('forbidden', { message: 'You can only delete your own posts.' });
    }
    const keys = await mediaKeysOfPosts(tx, [id]);
    // Cascades remove the comments, engagements and media rows.
    await deletePostRow(tx, id);
    return keys;
  });
  dropShared(deps);
  await removeFilesQuietly(deps, keys);
}

/** After commit: the rows are gone; a file that cannot be removed now is only left-over bytes. */
export async function removeFilesQuietly(deps: FeedDeps, keys: string[]): Promise<void> {
  try {
    await removeMediaFiles(deps.media, keys);
  } catch (error) {
    deps.logger.error({ err: error }, 'could not remove media files');
  }
}
