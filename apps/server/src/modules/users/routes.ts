import {
  userProfileSchema,
  usernameAvailabilitySchema,
  userSuggestResponseSchema,
  userSummaryPageSchema,
} from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sliceBaseDepsOf, type SharedContext } from '../../context.ts';
import type { MediaStore } from '../media/index.ts';
import { responseJsonSchema } from '../../http/response-schema.ts';
import { parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import { parseAddress } from '../people/index.ts';
import { trustPolicyOf } from '../trust/index.ts';
import {
  getProfile,
  searchPeople,
  suggestPeople,
  updateOwnProfile,
  usernameAvailability,
  type UsersDeps,
} from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type UsersRoutesContext = Pick<SharedContext, 'clock' | 'config' | 'database' | 'logger'> & {
  media: MediaStore;
};

/** Longest search: a wallet address (44) with room for an @. */
const SEARCH_MAX_LENGTH = 64;
export const SEARCH_PAGE_DEFAULT = 10;
export const SEARCH_PAGE_MAX = 20;

const noQuery = z.object({});
const availabilityQuery = z.object({ username: z.string().max(64) });
const searchQuery = z.object({
  // PostgreSQL's text cannot hold a NUL: a 400 here rather than a failed query.
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH)
    .refine((q) => !q.includes('\u0000'), 'must not contain a NUL character'),
  limit: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number()
      .int()
      .min(1)
      .default(SEARCH_PAGE_DEFAULT)
      .transform((n) => Math.min(n, SEARCH_PAGE_MAX)),
  ),
});

const profileJsonSchema = responseJsonSchema(userProfileSchema);
const availabilityJsonSchema = responseJsonSchema(usernameAvailabilitySchema);
const summaryPageJsonSchema = responseJsonSchema(userSummaryPageSchema);
const suggestJsonSchema = responseJsonSchema(userSuggestResponseSchema);
const suggestQuery = z.object({
  prefix: z
    .string()
    .max(SEARCH_MAX_LENGTH)
    .refine((q) => !q.includes('\u0000'), 'must not contain a NUL character'),
});

/** Profiles: a wallet's public profile, editing one's own, name checks and search. */
export function userRoutes(app: FastifyInstance, ctx: UsersRoutesContext): void {
  const deps: UsersDeps = {
    ...sliceBaseDepsOf(ctx),
    aprBps: ctx.config.economy.stakingAprBps,
    media: ctx.media,
    appOrigin: ctx.config.appOrigin,
    established: ctx.config.economy.established,
    trust: trustPolicyOf(ctx),
  };

  /** GET /api/users/username-available?username= (docs/api.md "People"). */
  app.get(
    '/api/users/username-available',
    { schema: { response: { 200: availabilityJsonSchema } } },
    async (request) => {
      const { username } = parseQuery(availabilityQuery, request.query);
      return usernameAvailability(deps, username, request.user?.id ?? null);
    },
  );

  /** GET /api/users/search?q=&limit= (docs/api.md "People"). */
  app.get(
    '/api/users/search',
    { schema: { response: { 200: summaryPageJsonSchema } } },
    async (request) => {
      const query = parseQuery(searchQuery, request.query);
      return searchPeople(deps, {
        q: query.q,
        limit: query.limit,
        viewerId: request.user?.id ?? null,
      });
    },
  );

  /** GET /api/users/suggest?prefix= : the composer's `@` autocomplete (docs/api.md "Mentions"). */
  app.get(
    '/api/users/suggest',
    { schema: { response: { 200: suggestJsonSchema } } },
    async (request) => {
      const query = parseQuery(suggestQuery, request.query);
      return suggestPeople(deps, { prefix: query.prefix, viewerId: request.user?.id ?? null });
    },
  );

  /** PATCH /api/users/me: the caller's profile fields (docs/api.md "People"). */
  app.patch(
    '/api/users/me',
    { schema: { response: { 200: profileJsonSchema } }, config: { writeLimit: 'other' } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(noQuery, request.query);
      return updateOwnProfile(deps, user, request.body);
    },
  );

  /**
   * GET /api/users/{address}: the wallet's public profile with its DUM, found by its wallet
   * address (docs/api.md "People"). 404 `user_not_found` for a wallet that never signed in.
   */
  app.get<{ Params: { address: string } }>(
    '/api/users/:address',
    { schema: { response: { 200: profileJsonSchema } } },
    async (request) => {
      parseQuery(noQuery, request.query);
      return getProfile(deps, parseAddress(request.params.address), request.user?.id ?? null);
    },
  );
}
