import {
  AppError,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_MIN_LENGTH,
  searchQuerySchema,
  TAG_MAX_LENGTH,
  textLength,
} from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../context.ts';
import { cursorParam, parseQuery } from '../../http/validate.ts';
import { feedItemsReader } from '../feed/index.ts';
import {
  feedPageJsonSchema,
  postSearchPageJsonSchema,
  topCreatorsJsonSchema,
  trendingPageJsonSchema,
  trendingTagsJsonSchema,
  userSearchPageJsonSchema,
} from './json-schemas.ts';
import {
  getTagPosts,
  getTopCreators,
  getTrending,
  getTrendingTags,
  searchPeople,
  searchPosts,
  type DiscoverDeps,
} from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type DiscoverRoutesContext = Pick<SharedContext, 'clock' | 'database'>;

const cursorQuery = z.object({ cursor: cursorParam });
const noQuery = z.object({});

const TAG = new RegExp(`^[\\p{L}\\p{N}_]{1,${TAG_MAX_LENGTH}}$`, 'u');

/** A tag in the path (without its `#`), lower-cased, or 400. */
export function parseTag(value: string): string {
  if (!TAG.test(value)) {
    throw new AppError('validation_failed', {
      details: [
        {
          path: 'tag',
          message: `must be 1 to ${TAG_MAX_LENGTH} letters, digits or underscores (no #)`,
        },
      ],
    });
  }
  return value.toLowerCase();
}

/** The search text, trimmed, or 400 when it is empty, too long or holds a NUL. */
export function parseSearchText(value: string): string {
  const text = value.trim();
  // PostgreSQL's text cannot hold a NUL: refused here rather than failing in the query.
  if (text.includes('\u0000')) {
    throw new AppError('validation_failed', {
      details: [{ path: 'q', message: 'must not contain a NUL character' }],
    });
  }
  const length = textLength(text);
  if (length < SEARCH_QUERY_MIN_LENGTH || length > SEARCH_QUERY_MAX_LENGTH) {
    throw new AppError('validation_failed', {
      details: [
        {
          path: 'q',
          message:
            length === 0
              ? 'must not be empty'
              : `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
        },
      ],
    });
  }
  return text;
}

/** Search, tags, trending posts and top creators (docs/api.md "Discover and search"). */
export function discoverRoutes(app: FastifyInstance, ctx: DiscoverRoutesContext): void {
  const deps: DiscoverDeps = {
    pool: ctx.database.pool,
    clock: ctx.clock,
    readItems: feedItemsReader(ctx),
  };

  app.get('/api/search', async (request, reply) => {
    const query = parseQuery(searchQuerySchema, request.query);
    const q = parseSearchText(query.q);
    const cursor = query.cursor || null;
    const viewer = request.user;
    reply.type('application/json; charset=utf-8');
    if (query.type === 'users') {
      const page = await searchPeople(deps, { q, cursor, viewer });
      return reply.send(reply.serializeInput(page, userSearchPageJsonSchema));
    }
    // The last word is a prefix unless the text ends with a space (a word typed in full).
    const typed = /\s$/u.test(query.q) ? `${q} ` : q;
    const page = await searchPosts(deps, { q: typed, cursor, viewer });
    return reply.send(reply.serializeInput(page, postSearchPageJsonSchema));
  });

  app.get<{ Params: { tag: string } }>(
    '/api/discover/tags/:tag/posts',
    { schema: { response: { 200: feedPageJsonSchema } } },
    async (request) => {
      const tag = parseTag(request.params.tag);
      const { cursor } = parseQuery(cursorQuery, request.query);
      return getTagPosts(deps, { tag, cursor: cursor ?? null, viewer: request.user });
    },
  );

  app.get(
    '/api/discover/trending',
    { schema: { response: { 200: trendingPageJsonSchema } } },
    async (request) => {
      const { cursor } = parseQuery(cursorQuery, request.query);
      return getTrending(deps, { cursor: cursor ?? null, viewer: request.user });
    },
  );

  app.get(
    '/api/discover/tags',
    { schema: { response: { 200: trendingTagsJsonSchema } } },
    async (request) => {
      parseQuery(noQuery, request.query);
      return getTrendingTags(deps);
    },
  );

  app.get(
    '/api/discover/creators',
    { schema: { response: { 200: topCreatorsJsonSchema } } },
    async (request) => {
      parseQuery(noQuery, request.query);
      return getTopCreators(deps, request.user);
    },
  );
}
