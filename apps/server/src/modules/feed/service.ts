import { randomBytes } from 'node:crypto';
import {
  AppError,
  CAPSULE_MAX_SEAL_SECONDS,
  CAPSULE_MIN_SEAL_SECONDS,
  COMMENT_MAX_LENGTH,
  extractHashtags,
  FREE_POST_TTL_MS,
  POST_ALT_TEXT_MAX_LENGTH,
  POST_MAX_LENGTH,
  textLength,
  type CommentItem,
  type EstablishedRule,
  type CommentPageResponse,
  type EngagementKind,
  type FeedItem,
  type FeedPageResponse,
} from '@dum/core';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { AppContext, Clock } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/prepared.ts';
import { announceAfterCommit, type EventBus } from '../../realtime/index.ts';
import type { ViewerVersions } from '../../viewer-versions.ts';
import { takeFromDay } from '../analytics/index.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import type { EscrowDeps } from '../escrow/index.ts';
import {
  attachUpload,
  claimUpload,
  mediaNameFromUrl,
  removeMediaFiles,
  storedFileHash,
  type MediaStore,
} from '../media/index.ts';
import { isBlockedBy, readPersonIdByAddress, refreshVerified } from '../people/index.ts';
import {
  createVaultForPost,
  planVault,
  vaultRequestOf,
  readPageVaults,
  withVaults,
  type EscrowTermsInput,
  type PostReader,
  type VaultPlan,
} from '../vaults/index.ts';
import { decodeCursor, encodeCursor, type PagePosition } from './cursor.ts';
import { toFeedItem } from './feed-item.ts';
import { sameFingerprint, type FollowingPageCache } from './following-page-cache.ts';
import type { Loaded, PageCache } from './page-cache.ts';
import {
  addCommentRow,
  adjustCount,
  deleteCommentRow,
  deletePostRow,
  insertPost,
  lockComment,
  lockLivePost,
  lockOwnEngagement,
  mediaKeysOfPosts,
  postIsLive,
  readAuthorRows,
  readCommentRows,
  readEngagementBar,
  readFeedRows,
  readFollowedWallets,
  readFollowingRows,
  readFollowingRowsByIds,
  readPostRow,
  readPostRows,
  readSharedFeedRows,
  readSharedRowsByIds,
  readViewerMarks,
  toggleEngagementRow,
  type CommentRow,
  type EngagementToggle,
  type PostRow,
} from './repo.ts';
import type { RowCache } from './row-cache.ts';
import {
  moveCount,
  presentHeldRows,
  presentSharedPage,
  SHARED_PAGE_SPARE,
  sharedPageOf,
  type SharedPage,
} from './shared-page.ts';
import type { ViewerMarks, ViewerMarksCache } from './viewer-state.ts';

/** What the feed's logic needs; built once from the app context (routes.ts). */
export interface FeedDeps {
  db: Db;
  pool: pg.Pool;
  clock: Clock;
  bus: EventBus;
  logger: FastifyBaseLogger;
  media: MediaStore;
  /** The feed's pages as every viewer shares them (page-cache.ts). */
  pages: PageCache<SharedPage>;
  /** Posts by id as every viewer shares them: the Following first pages' (row-cache.ts). */
  rows: RowCache;
  /** Signed-in viewers' own marks, kept exact by their versions (viewer-state.ts). */
  marks: ViewerMarksCache;
  /** Bumped after a viewer's like or bookmark commits (viewer-versions.ts). */
  versions: ViewerVersions;
  /** Which posts make each viewer's Following first page (following-page-cache.ts). */
  followingCache: FollowingPageCache;
  appOrigin: string;
  /** Gives the events a post, like or comment queues their rewards (modules/emissions). */
  emissions: EmissionSequencer;
  /** The timelock-vault feature flag (config.vaults.enabled). */
  vaultsEnabled: boolean;
  /** Escrow vault posts: the context's one set of escrow dependencies. */
  escrow: EscrowDeps;
  /** Who counts as established (the verified rule, modules/people). */
  established: EstablishedRule;
}

export interface Viewer {
  id: string;
}

function toCommentItem(row: CommentRow): CommentItem {
  return {
    id: row.id,
    body: row.body,
    display_name: row.display_name,
    avatar_url: row.avatar_url,
    author_wallet: row.sol_address,
    created_at: row.created_at.toISOString(),
    authorId: row.author_id,
    username: row.username,
  };
}

// ---- Reads ------------------------------------------------------------------------------------

/**
 * One page of the feed, newest first, for a viewer (their likes and bookmarks) or anonymous;
 * `media`: only the posts with an image or audio (Reels). A locked vault's media stays withheld
 * (withVaults) whichever page it is on.
 */
export async function getFeedPage(
  deps: FeedDeps,
  args: { cursor: string | null; limit: number; viewer: Viewer | null; media?: boolean },
): Promise<FeedPageResponse> {
  const after = args.cursor ? decodeCursor('feed', args.cursor) : null;
  const rows = await readFeedRows(deps.pool, {
    now: deps.clock.now(),
    limit: args.limit + 1,
    after,
    viewerId: args.viewer?.id ?? null,
    media: args.media ?? false,
  });
  return toFeedPage(deps, rows, args.limit, args.viewer);
}

/** A page of rows (one more than asked for) as the feed answers it, with its next cursor. */
async function toFeedPage(
  deps: FeedDeps,
  rows: PostRow[],
  limit: number,
  viewer: Viewer | null,
): Promise<FeedPageResponse> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await withVaults(
      deps.pool,
      page.map((row) => toFeedItem(row, viewer?.id ?? null)),
      viewer?.id ?? null,
    ),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor('feed', { createdAt: last.created_at, id: BigInt(last.id) })
        : null,
  };
}

/**
 * The Following feed as the JSON body the route answers. Its first page, while the viewer's
 * marks are held (viewer-state.ts) and the posts that make it are remembered at the same version
 * (following-page-cache.ts; a follow, unfollow, block or any mark bumps it), is made from the
 * rows every viewer shares (row-cache.ts) without asking the database for the viewer; otherwise,
 * and for later pages, it is read in SQL (getFollowingPage).
 */
export async function getFollowingBody(
  deps: FeedDeps,
  args: { cursor: string | null; limit: number; viewer: Viewer },
): Promise<Buffer> {
  const { cursor, limit, viewer } = args;
  if (cursor === null && deps.pages.enabled) {
    const state = await deps.marks.get(viewer.id);
    const cached = deps.followingCache.get(viewer.id, limit);
    if (state && cached && cached.version === state.version) {
      const held = await deps.rows.getMany(cached.ids);
      const body =
        held &&
        presentHeldRows(held, cached.ids.length <= limit, limit, {
          id: viewer.id,
          marks: state.marks,
        });
      if (body) return body;
    }
    // The ids this reads are kept at the version read above.
    const version = state ? { version: state.version } : null;
    return Buffer.from(JSON.stringify(await getFollowingPage(deps, { ...args, version })));
  }
  return Buffer.from(JSON.stringify(await getFollowingPage(deps, args)));
}

/** The Following feed: posts by the wallets the viewer follows and the viewer's own. */
export async function getFollowingPage(
  deps: FeedDeps,
  args: {
    cursor: string | null;
    limit: number;
    viewer: Viewer;
    /** The viewer's version read before this page (getFollowingBody), kept with its posts. */
    version?: { version: number } | null;
  },
): Promise<FeedPageResponse> {
  const after = args.cursor ? decodeCursor('feed', args.cursor) : null;
  const viewerId = args.viewer.id;
  if (after) {
    const rows = await readFollowingRows(deps.pool, {
      now: deps.clock.now(),
      limit: args.limit + 1,
      after,
      viewerId,
    });
    return toFeedPage(deps, rows, args.limit, args.viewer);
  }
  // The first page: which posts make it is remembered per viewer (following-page-cache.ts);
  // the posts themselves are read fresh, and the ids kept only while they still stand.
  const cached = deps.followingCache.get(viewerId, args.limit);
  if (cached) {
    const { rows, follows } = await readFollowingRowsByIds(deps.pool, {
      now: deps.clock.now(),
      ids: cached.ids,
      viewerId,
    });
    if (rows.length === cached.ids.length && sameFingerprint(follows, cached.follows)) {
      return toFeedPage(deps, rows, args.limit, args.viewer);
    }
  }
  const load = async () => {
    // The follows first: a follow made while the page is read changes the fingerprint, so
    // the entry is checked again on its first use.
    const followed = await readFollowedWallets(deps.pool, viewerId);
    const page = await readFollowingRows(deps.pool, {
      now: deps.clock.now(),
      limit: args.limit + 1,
      after: null,
      viewerId,
    });
    const entry = {
      ids: page.map((row) => row.id),
      authors: [viewerId, ...followed.authors],
      follows: followed.follows,
      // Read before the follows: a change committed since bumps the viewer past it.
      version: args.version?.version ?? null,
    };
    return { entry, value: page };
  };
  // At one version, concurrent first reads of a viewer's page share one load.
  const rows = args.version
    ? await deps.followingCache.rememberShared(viewerId, args.limit, args.version.version, load)
    : await deps.followingCache.remember(viewerId, args.limit, load);
  return toFeedPage(deps, rows, args.limit, args.viewer);
}

/**
 * One wallet's posts, newest first; 404 `user_not_found` for a wallet that never signed in.
 * A viewer who blocked the wallet gets an empty page.
 */
export async function getUserPosts(
  deps: FeedDeps,
  args: { address: string; cursor: string | null; limit: number; viewer: Viewer | null },
): Promise<FeedPageResponse> {
  const after = args.cursor ? decodeCursor('feed', args.cursor) : null;
  const authorId = await readPersonIdByAddress(deps.pool, args.address);
  if (!authorId) throw new AppError('user_not_found');
  if (args.viewer && (await isBlockedBy(deps.pool, args.viewer.id, authorId))) {
    return { items: [], nextCursor: null };
  }
  const rows = await readAuthorRows(deps.pool, {
    now: deps.clock.now(),
    limit: args.limit + 1,
    authorId,
    after,
    viewerId: args.viewer?.id ?? null,
  });
  return toFeedPage(deps, rows, args.limit, args.viewer);
}

/**
 * A page of the whole feed (scope 'all') as the JSON body the route answers: the page every
 * viewer shares, from the short-lived page cache (page-cache.ts), made this viewer's with their
 * marks (viewer-state.ts, shared-page.ts). When the viewer's marks are unknown or too many, or
 * their blocks reach past the shared rows, the page is read in SQL with the viewer in it.
 */
export async function getFeedBody(
  deps: FeedDeps,
  args: { cursor: string | null; limit: number; viewer: Viewer | null },
): Promise<Buffer> {
  const { cursor, limit, viewer } = args;
  // A bad cursor is refused before anything is cached under it.
  const after = cursor ? decodeCursor('feed', cursor) : null;
  const state = viewer && deps.pages.enabled ? await deps.marks.get(viewer.id) : null;
  if (deps.pages.enabled && (!viewer || state)) {
    const key = `${limit}:${cursor ?? ''}`;
    const page = await deps.pages.get(key, after ? after.createdAt.getTime() : null, () =>
      loadSharedPage(deps, after, limit),
    );
    // A vault's summary changes with supports, claims and the escrow indexer, not all of which
    // reach the bus: a signed-in page with vault posts is read in SQL, as fresh as before (the
    // anonymous one keeps the first-page cache's time to live, as before).
    const body =
      page.vaults.byPost.size === 0 || !viewer
        ? presentSharedPage(
            page,
            limit,
            viewer && state ? { id: viewer.id, marks: state.marks } : null,
          )
        : null;
    if (body) return body;
  }
  return Buffer.from(JSON.stringify(await getFeedPage(deps, { cursor, limit, viewer })));
}

async function loadSharedPage(
  deps: FeedDeps,
  after: PagePosition | null,
  limit: number,
): Promise<Loaded<SharedPage>> {
  // One more than the page, to know whether another follows, and the spare rows.
  const asked = limit + 1 + SHARED_PAGE_SPARE;
  const rows = await readSharedFeedRows(deps.pool, { now: deps.clock.now(), limit: asked, after });
  const vaults = await readPageVaults(deps.pool, rows);
  let earliest = Infinity;
  for (const row of rows) {
    if (row.expires_at) earliest = Math.min(earliest, row.expires_at.getTime());
  }
  return {
    page: sharedPageOf(rows, asked, vaults),
    earliestExpiry: earliest === Infinity ? null : new Date(earliest),
  };
}

/** Posts by id as every viewer shares them: what the row cache reads (row-cache.ts). */
export function loadSharedRows(deps: Pick<FeedDeps, 'pool' | 'clock'>) {
  return (ids: readonly string[]) => readSharedRowsByIds(deps.pool, { now: deps.clock.now(), ids });
}

/** A viewer's marks as viewer-state.ts keeps them; null past `max` of one kind. */
export async function loadViewerMarks(
  pool: pg.Pool,
  viewerId: string,
  max: number,
): Promise<ViewerMarks | null> {
  const row = await readViewerMarks(pool, viewerId, max);
  const lists = [row.likes, row.bookmarks, row.waiting, row.blocked];
  if (lists.some((list) => list.length > max)) return null;
  return {
    likes: new Set(row.likes),
    bookmarks: new Set(row.bookmarks),
    waiting: new Set(row.waiting),
    blocked: new Set(row.blocked),
  };
}

export async function getPost(
  deps: FeedDeps,
  id: bigint,
  viewer: Viewer | null,
): Promise<FeedItem> {
  const row = await readPostRow(deps.pool, {
    now: deps.clock.now(),
    id,
    viewerId: viewer?.id ?? null,
  });
  if (!row) throw new AppError('post_not_found');
  const [item] = await withVaults(
    deps.pool,
    [toFeedItem(row, viewer?.id ?? null)],
    viewer?.id ?? null,
  );
  if (!item) throw new AppError('post_not_found');
  return item;
}

export async function listComments(
  deps: FeedDeps,
  args: { postId: bigint; cursor: string | null; limit: number; viewerId: string | null },
): Promise<CommentPageResponse> {
  const after = args.cursor ? decodeCursor('comments', args.cursor) : null;
  if (!(await postIsLive(deps.pool, args.postId, deps.clock.now(), args.viewerId))) {
    throw new AppError('post_not_found');
  }
  const rows = await readCommentRows(deps.pool, {
    messageId: args.postId,
    limit: args.limit + 1,
    after,
    viewerId: args.viewerId,
  });
  const page = rows.slice(0, args.limit);
  const last = page.at(-1);
  return {
    items: page.map(toCommentItem),
    nextCursor:
      rows.length > args.limit && last
        ? encodeCursor('comments', { createdAt: last.created_at, id: BigInt(last.id) })
        : null,
  };
}

/**
 * A post as the feed shows it without its vault's summary (the vaults slice puts that on): the
 * vault page's post (app.ts hands this to the vault routes).
 */
export function feedPostReader(ctx: Pick<AppContext, 'database' | 'clock'>): PostReader {
  return async (postId, viewerId) => {
    const now = ctx.clock.now();
    const row = await readPostRow(ctx.database.pool, { now, id: postId, viewerId });
    return row ? toFeedItem(row, viewerId) : null;
  };
}

/** Posts by id, as the feed shows them to the viewer (with their vaults), in the ids' order. */
export type FeedItemsReader = (ids: string[], viewerId: string | null) => Promise<FeedItem[]>;

/**
 * Feed items for another slice's list (modules/discover: search, tags, trending): the posts
 * the viewer may still read, in the order given, each exactly as the feed shows it (likes,
 * bookmarks, a locked vault's media withheld). Posts gone since the list was read are left out.
 */
export function feedItemsReader(ctx: Pick<AppContext, 'database' | 'clock'>): FeedItemsReader {
  return async (ids, viewerId) => {
    const rows = await readPostRows(ctx.database.pool, { now: ctx.clock.now(), ids, viewerId });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toFeedItem(row, viewerId)] : [];
    });
    return withVaults(ctx.database.pool, ordered, viewerId);
  };
}

// ---- Posts ------------------------------------------------------------------------------------

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
  // Escrow: the terms, then whether the program is on the cluster (a chain read, before the
  // transaction).
  const vault = vaultRequest
    ? await planVault(deps.escrow, vaultRequest, {
        targetAmount: input.targetAmount,
        hasMedia: draft.attachment !== null,
      })
    : null;
  await checkContentHash(deps, draft, vault);

  const now = deps.clock.now();
  const row = await writePost(deps, author, draft, vault, now);
  // The author's row is gone (their token outlived their account).
  if (!row) throw new AppError('unauthorized');

  deps.pages.postAdded(row.created_at.getTime());
  deps.followingCache.postedBy(author.id);
  // A pending escrow post is its author's alone until the vault is on chain; the indexer
  // announces it (and rewards it) then.
  if (vault?.kind !== 'escrow') {
    await deps.emissions.settle();
    // The post is in the ledger now: one more towards the verified tick (a tick already held
    // stays; only the full rule, on an unfollow, takes it away).
    if (!row.is_verified) await refreshVerified(deps, [author.id]);
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
  }
  const [item] = await withVaults(deps.pool, [toFeedItem(row, author.id)], author.id);
  if (!item) throw new Error('created post vanished');
  return item;
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
 * A text post is one statement, atomic on its own; the others write more rows in a
 * transaction. Null when the author's row is gone (nothing is written then).
 */
async function writePost(
  deps: FeedDeps,
  author: Viewer,
  draft: PostDraft,
  vault: VaultPlan | null,
  now: Date,
): Promise<PostRow | null> {
  const { kind, attachment } = draft;
  const insert = (db: Pick<pg.Pool, 'query'>) =>
    insertPost(db, {
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
      rewardedEvent: kind === 'vault' ? null : 'post_created',
      tags: extractHashtags(draft.text),
      unlockAt: draft.unlockAt,
      capsuleKey: kind === 'capsule' ? randomBytes(18).toString('base64url') : null,
    });
  if (!attachment && !vault) return insert(deps.pool);
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
    const post = await insert(client);
    if (!post) return null;
    const postId = BigInt(post.id);
    if (mediaId) await attachUpload(tx, mediaId, postId);
    if (vault) {
      await createVaultForPost(client, {
        postId,
        creatorId: author.id,
        creatorWallet: post.sol_address,
        plan: vault,
        now,
      });
    }
    return post;
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

// ---- Likes and bookmarks ---------------------------------------------------------------------

/**
 * Flips the viewer's like or bookmark. The post row is locked for likes, so concurrent likers
 * of one post take turns and like_count stays equal to the number of like rows; the unique key
 * (post, user, kind) makes a double click land as on-then-off. The first like of a pair ever is
 * a rewarded event (the ledger's unique key ignores a second one; liking your own post earns
 * nothing). A block between the viewer and the author, either way, refuses a new one: one
 * statement reads that first, since toggle_engagement does not.
 */
export async function toggleEngagement(
  deps: FeedDeps,
  user: Viewer,
  id: bigint,
  kind: EngagementKind,
): Promise<{ toggled: 'on' | 'off' }> {
  const args = { postId: id, userId: user.id, kind, now: deps.clock.now() };
  const bar = await readEngagementBar(deps.pool, args);
  const outcome = bar.blocked
    ? await takeBackAcrossBlock(deps, args, bar.marked)
    : await toggleEngagementRow(deps.pool, args);
  if (outcome === 'unauthorized' || outcome === 'post_not_found') throw new AppError(outcome);
  const toggled = outcome === 'on' ? 'on' : 'off';
  if (kind === 'like' && outcome !== 'none') {
    moveSharedCount(deps, id.toString(), 'like_count', toggled === 'on' ? 1 : -1);
  }
  // Before the answer: no read after it, on any instance, gets the viewer's marks from before,
  // and a like's reward is in the ledger (the balance the client fetches next includes it).
  await Promise.all([
    deps.versions.bump(user.id),
    kind === 'like' && toggled === 'on' ? deps.emissions.settle() : undefined,
  ]);
  return { toggled };
}

/**
 * Across a block (either way) a like or bookmark cannot be given, 403 `blocked` with nothing
 * written; one given before the block can still be taken back. The row is locked before the
 * toggle, so a second click racing this one finds it gone and is refused rather than turning
 * the mark on again.
 */
async function takeBackAcrossBlock(
  deps: FeedDeps,
  args: { postId: bigint; userId: string; kind: EngagementKind; now: Date },
  marked: boolean,
): Promise<EngagementToggle> {
  if (!marked) throw new AppError('blocked');
  return inTransaction(deps, async (client) => {
    if (!(await lockOwnEngagement(client, args))) throw new AppError('blocked');
    return toggleEngagementRow(client, args);
  });
}

// ---- Comments ---------------------------------------------------------------------------------

export async function addComment(
  deps: FeedDeps,
  user: Viewer,
  postId: bigint,
  content: string,
): Promise<CommentItem> {
  const text = content.trim();
  if (text.length === 0) throw new AppError('comment_required');
  if (textLength(text) > COMMENT_MAX_LENGTH) throw new AppError('comment_too_long');
  const added = await addCommentRow(deps.pool, {
    postId,
    userId: user.id,
    body: text,
    now: deps.clock.now(),
  });
  if (added.outcome !== 'added') throw new AppError(added.outcome);
  const item = toCommentItem({
    id: added.id,
    body: text,
    created_at: new Date(added.createdAt),
    author_id: user.id,
    display_name: added.displayName,
    avatar_url: added.avatarUrl,
    sol_address: added.solAddress,
    username: added.username,
  });
  moveSharedCount(deps, postId.toString(), 'comment_count', 1);
  await deps.emissions.settle();
  return item;
}

/** The comment's author deletes it; nobody else may (403). */
export async function deleteComment(
  deps: FeedDeps,
  user: Viewer,
  postId: bigint,
  commentId: bigint,
): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps, async (client) => {
    const tx = drizzle(client);
    const post = await lockLivePost(tx, postId, now, 'for no key update', user.id);
    if (!post) throw new AppError('post_not_found');
    const comment = await lockComment(tx, { postId, commentId });
    if (!comment) throw new AppError('comment_not_found');
    if (comment.authorId !== user.id) {
      throw new AppError('forbidden', { message: 'You can only delete your own comments.' });
    }
    await deleteCommentRow(tx, commentId);
    await adjustCount(tx, postId, 'comment_count', -1);
    // Off the day it was given, as an unlike.
    if (post.authorId !== user.id) {
      await takeFromDay(client, {
        userId: post.authorId,
        at: comment.createdAt,
        counter: 'comments_received',
      });
    }
  });
  dropShared(deps);
}

// ---- Helpers ----------------------------------------------------------------------------------

/**
 * Drops every shared page and row on this instance (a delete here; a vault or capsule event or
 * an older post coming into view from any instance): the next reads load them again.
 */
export function dropShared(deps: Pick<FeedDeps, 'pages' | 'rows'>): void {
  deps.pages.invalidate();
  deps.rows.invalidate();
}

/** A count this instance just moved, moved in the shared pages and rows that hold the post. */
function moveSharedCount(
  deps: FeedDeps,
  postId: string,
  counter: 'like_count' | 'comment_count',
  delta: number,
): void {
  deps.pages.patch((page) => moveCount(page, postId, counter, delta));
  deps.rows.moveCount(postId, counter, delta);
}

/** After commit: the rows are gone; a file that cannot be removed now is only left-over bytes. */
export async function removeFilesQuietly(deps: FeedDeps, keys: string[]): Promise<void> {
  try {
    await removeMediaFiles(deps.media, keys);
  } catch (error) {
    deps.logger.error({ err: error }, 'could not remove media files');
  }
}
