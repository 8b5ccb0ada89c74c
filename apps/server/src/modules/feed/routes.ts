import {
  COMMENTS_PAGE_DEFAULT,
  COMMENTS_PAGE_MAX,
  createCommentRequestSchema,
  createPostRequestSchema,
  engageRequestSchema,
  FEED_PAGE_DEFAULT,
  FEED_PAGE_MAX,
  REPLIES_PAGE_DEFAULT,
  REPLIES_PAGE_MAX,
  type FeedItem,
  type FeedPageResponse,
} from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sliceBaseDepsOf, type SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import type { EscrowDeps } from '../escrow/index.ts';
import type { MediaStore } from '../media/index.ts';
import { pageQuery, parseBody, parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import { parseAddress } from '../people/index.ts';
import { parseId } from './cursor.ts';
import { createFollowingPageCache } from './following-page-cache.ts';
import { createPageCache } from './page-cache.ts';
import { createRowCache } from './row-cache.ts';
import type { SharedPage } from './shared-page.ts';
import { createViewerMarksCache } from './viewer-state.ts';
import {
  commentItemJsonSchema,
  commentPageJsonSchema,
  feedItemJsonSchema,
  feedPageJsonSchema,
} from './json-schemas.ts';
import { addComment, deleteComment, listComments, listReplies } from './comments.ts';
import { mutedOut, mutedOutBody, mutedOutComments } from './muted.ts';
import type { FeedDeps } from './deps.ts';
import { toggleEngagement } from './engagement.ts';
import { setRepost } from './reposts.ts';
import { createPost, deletePost } from './posts.ts';
import {
  getFeedBody,
  getFollowingBody,
  getFeedPage,
  getPost,
  getUserPosts,
  loadSharedRows,
  loadViewerMarks,
} from './reads.ts';
import { dropShared } from './shared-caches.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type FeedRoutesContext = Pick<
  SharedContext,
  'clock' | 'config' | 'database' | 'logger' | 'viewerVersions'
> & { bus: EventBus; emissions: EmissionSequencer; escrow: EscrowDeps; media: MediaStore };

const noQuery = z.object({});
const feedQuery = pageQuery(FEED_PAGE_DEFAULT, FEED_PAGE_MAX).extend({
  /**
   * 'all' (or absent): every post; 'following': the viewer's and those they follow; 'media':
   * the posts with an image or audio (Reels).
   */
  scope: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['all', 'following', 'media']).default('all'),
  ),
});
const userPostsQuery = pageQuery(FEED_PAGE_DEFAULT, FEED_PAGE_MAX);
const commentsQuery = pageQuery(COMMENTS_PAGE_DEFAULT, COMMENTS_PAGE_MAX);
const repliesQuery = pageQuery(REPLIES_PAGE_DEFAULT, REPLIES_PAGE_MAX);

/** The feed's pages kept at once (page-cache.ts): the first pages and the deep ones read most. */
const PAGE_CACHE_MAX_PAGES = 2_000;
/** Posts held by id (row-cache.ts): the Following first pages of recent readers draw on them. */
const ROW_CACHE_MAX_ROWS = 20_000;
/** Signed-in viewers' marks (viewer-state.ts): kept 5 minutes, for up to 50,000 viewers. */
const VIEWER_MARKS_TTL_MS = 5 * 60_000;
const VIEWER_MARKS_MAX_VIEWERS = 50_000;
/** Past this many likes (or bookmarks, waits, blocks) a viewer's pages read them in SQL. */
const VIEWER_MARKS_MAX = 5_000;

interface PostParams {
  id: string;
}
interface CommentParams {
  id: string;
  commentId: string;
}

/** Adds a sponsored item to a signed-in viewer's For you page (modules/ads' feedSponsor). */
export interface PageSponsor {
  /** Whether any campaign may be served now: answered from memory, so pages without ads pay nothing. */
  serving(): Promise<boolean>;
  insert(items: FeedItem[], viewerId: string): Promise<FeedItem[]>;
}

/** The feed: posts, likes and bookmarks, comments (docs/api.md "Feed"). */
export function feedRoutes(
  app: FastifyInstance,
  ctx: FeedRoutesContext,
  sponsor?: PageSponsor,
): void {
  const deps = feedDepsOf(app, ctx);
  postRoutes(app, deps, sponsor);
  repostRoutes(app, deps);
  engageRoutes(app, deps);
  commentRoutes(app, deps);
}

/**
 * The feed's dependencies for this app, with its first-page cache, which a post made (or a vault
 * supported) on any instance drops.
 */
function feedDepsOf(app: FastifyInstance, ctx: FeedRoutesContext): FeedDeps {
  const deps: FeedDeps = {
    ...sliceBaseDepsOf(ctx),
    bus: ctx.bus,
    media: ctx.media,
    pages: createPageCache<SharedPage>({
      ttlMs: ctx.config.feed.anonymousCacheMs,
      clock: ctx.clock,
      maxPages: PAGE_CACHE_MAX_PAGES,
    }),
    rows: createRowCache({
      ttlMs: ctx.config.feed.anonymousCacheMs,
      clock: ctx.clock,
      maxRows: ROW_CACHE_MAX_ROWS,
      load: loadSharedRows({ pool: ctx.database.pool, clock: ctx.clock }),
    }),
    marks: createViewerMarksCache({
      versions: ctx.viewerVersions,
      clock: ctx.clock,
      ttlMs: VIEWER_MARKS_TTL_MS,
      maxViewers: VIEWER_MARKS_MAX_VIEWERS,
      load: (viewerId) =>
        loadViewerMarks(ctx.database.pool, viewerId, VIEWER_MARKS_MAX, ctx.clock.now()),
    }),
    versions: ctx.viewerVersions,
    followingCache: createFollowingPageCache(ctx.config.feed.followingCacheMs, ctx.clock),
    appOrigin: ctx.config.appOrigin,
    emissions: ctx.emissions,
    vaultsEnabled: ctx.config.vaults.enabled,
    escrow: ctx.escrow,
    established: ctx.config.economy.established,
  };
  // A post made (or a vault supported) on any instance drops this instance's cached pages.
  const unsubscribe = ctx.bus.subscribe((message) => {
    if (message.kind !== 'event') return;
    const { event } = message;
    if (event.type === 'new_post') {
      // A new post drops only the pages it could be on; an older post coming into view, all.
      const { createdAt, author } = event.data;
      if (createdAt) deps.pages.postAdded(Date.parse(createdAt));
      else dropShared(deps);
      // A post by a wallet drops the cached Following pages it belongs in.
      deps.followingCache.postedBy(author.id);
    }
    // A repost on any instance: the reposter's followers' Following pages may now hold the post.
    if (event.type === 'post_reposted') deps.followingCache.postedBy(event.data.reposterId);
    if (
      event.type === 'vault_support' ||
      event.type === 'vault_completed' ||
      event.type === 'time_capsule_opened'
    ) {
      dropShared(deps);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
  });
  return deps;
}

/** The feed's pages, posts, likes and bookmarks. */
function postRoutes(app: FastifyInstance, deps: FeedDeps, sponsor?: PageSponsor): void {
  app.get(
    '/api/messages-v2/feed',
    { schema: { response: { 200: feedPageJsonSchema } } },
    async (request, reply) => {
      const query = parseQuery(feedQuery, request.query);
      const cursor = query.cursor ?? null;
      if (query.scope === 'following') {
        const viewer = requireUser(request);
        const marks = deps.marks.get(viewer.id);
        const read = getFollowingBody(deps, { cursor, limit: query.limit, viewer, marks });
        const body = await mutedOutBody(deps, viewer.id, read, marks);
        return reply.type('application/json; charset=utf-8').send(body);
      }
      if (query.scope === 'media') {
        return mutedOut(
          deps,
          request.user?.id ?? null,
          getFeedPage(deps, { cursor, limit: query.limit, viewer: request.user, media: true }),
        );
      }
      const viewer = request.user;
      const marks = viewer ? deps.marks.get(viewer.id) : undefined;
      const read = getFeedBody(deps, { cursor, limit: query.limit, viewer, marks });
      const body = await mutedOutBody(deps, viewer?.id ?? null, read, marks);
      // A signed-in For you page may carry one sponsored item (modules/ads, app.ts wires it);
      // only while some campaign is being served is the page taken apart for it.
      if (request.user && sponsor && (await sponsor.serving())) {
        const page = JSON.parse(body.toString('utf8')) as FeedPageResponse;
        return { ...page, items: await sponsor.insert(page.items, request.user.id) };
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get<{ Params: { address: string } }>(
    '/api/users/:address/posts',
    { schema: { response: { 200: feedPageJsonSchema } } },
    async (request) => {
      const query = parseQuery(userPostsQuery, request.query);
      const read = getUserPosts(deps, {
        address: parseAddress(request.params.address),
        cursor: query.cursor ?? null,
        limit: query.limit,
        viewer: request.user,
      });
      return mutedOut(deps, request.user?.id ?? null, read);
    },
  );

  app.get<{ Params: PostParams }>(
    '/api/messages-v2/messages/:id',
    { schema: { response: { 200: feedItemJsonSchema } } },
    async (request) => {
      parseQuery(noQuery, request.query);
      return getPost(deps, parseId(request.params.id, 'post'), request.user);
    },
  );

  app.post(
    '/api/messages-v2/messages',
    {
      schema: { response: { 201: feedItemJsonSchema } },
      config: { writeLimit: 'post', refusedWhenSuspended: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const input = parseBody(createPostRequestSchema, request.body);
      const item = await createPost(deps, user, input);
      return reply.status(201).send(item);
    },
  );

  app.delete<{ Params: PostParams }>(
    '/api/messages-v2/messages/:id',
    { config: { writeLimit: 'other' } },
    async (request) => {
      const user = requireUser(request);
      const id = parseId(request.params.id, 'post');
      await deletePost(deps, user, id);
      return { id: id.toString(), deleted: true };
    },
  );
}

/** Reposts: PUT adds the viewer's, DELETE takes it back (docs/api.md "Reposts"). */
function repostRoutes(app: FastifyInstance, deps: FeedDeps): void {
  app.put<{ Params: PostParams }>(
    '/api/messages/:id/repost',
    { config: { writeLimit: 'like' } },
    async (request) => {
      const user = requireUser(request);
      return setRepost(deps, user, parseId(request.params.id, 'post'), true);
    },
  );

  app.delete<{ Params: PostParams }>(
    '/api/messages/:id/repost',
    { config: { writeLimit: 'like' } },
    async (request) => {
      const user = requireUser(request);
      return setRepost(deps, user, parseId(request.params.id, 'post'), false);
    },
  );
}

/** Likes and bookmarks. */
function engageRoutes(app: FastifyInstance, deps: FeedDeps): void {
  app.post<{ Params: PostParams }>(
    '/api/messages/:id/engage',
    { config: { writeLimit: 'like' } },
    async (request) => {
      const user = requireUser(request);
      const id = parseId(request.params.id, 'post');
      const { kind } = parseBody(engageRequestSchema, request.body);
      return toggleEngagement(deps, user, id, kind);
    },
  );
}

/** A post's comments, and a comment's replies. */
function commentRoutes(app: FastifyInstance, deps: FeedDeps): void {
  app.get<{ Params: PostParams }>(
    '/api/messages/:id/comments',
    { schema: { response: { 200: commentPageJsonSchema } } },
    async (request) => {
      const postId = parseId(request.params.id, 'post');
      const query = parseQuery(commentsQuery, request.query);
      const read = listComments(deps, {
        postId,
        cursor: query.cursor ?? null,
        limit: query.limit,
        viewerId: request.user?.id ?? null,
      });
      return mutedOutComments(deps, request.user?.id ?? null, read);
    },
  );

  app.post<{ Params: PostParams }>(
    '/api/messages/:id/comments',
    {
      schema: { response: { 201: commentItemJsonSchema } },
      config: { writeLimit: 'comment', refusedWhenSuspended: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const postId = parseId(request.params.id, 'post');
      const body = parseBody(createCommentRequestSchema, request.body);
      const parentId = body.parentId ? parseId(body.parentId, 'comment') : null;
      const added = await addComment(deps, user, postId, { content: body.content, parentId });
      return reply.status(201).send(added);
    },
  );

  app.get<{ Params: PostParams }>(
    '/api/comments/:id/replies',
    { schema: { response: { 200: commentPageJsonSchema } } },
    async (request) => {
      const commentId = parseId(request.params.id, 'comment');
      const query = parseQuery(repliesQuery, request.query);
      const read = listReplies(deps, {
        commentId,
        cursor: query.cursor ?? null,
        limit: query.limit,
        viewerId: request.user?.id ?? null,
      });
      return mutedOutComments(deps, request.user?.id ?? null, read);
    },
  );

  app.delete<{ Params: CommentParams }>(
    '/api/messages/:id/comments/:commentId',
    { config: { writeLimit: 'other' } },
    async (request) => {
      const user = requireUser(request);
      const postId = parseId(request.params.id, 'post');
      const commentId = parseId(request.params.commentId, 'comment');
      await deleteComment(deps, user, postId, commentId);
      return { id: commentId.toString(), deleted: true };
    },
  );
}
