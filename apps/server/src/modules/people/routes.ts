import { AppError, PEOPLE_PAGE_DEFAULT, PEOPLE_PAGE_MAX } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import { pageQuery, parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import {
  blockResponseJsonSchema,
  followResponseJsonSchema,
  mutedWordsJsonSchema,
  userSummaryPageJsonSchema,
} from './json-schemas.ts';
import { getMutedWords, putMutedWords } from './muted-words.ts';
import { listFollows, setBlock, setFollow, type PeopleDeps } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type PeopleRoutesContext = Pick<
  SharedContext,
  'clock' | 'config' | 'database' | 'logger' | 'viewerVersions'
> & { bus: EventBus; emissions: EmissionSequencer };

const listQuery = pageQuery(PEOPLE_PAGE_DEFAULT, PEOPLE_PAGE_MAX);
const noQuery = z.object({});

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** A wallet address in the path, or 400 (a well-formed address nobody uses is a 404 later). */
export function parseAddress(value: string): string {
  if (!ADDRESS.test(value)) {
    throw new AppError('validation_failed', {
      details: [{ path: 'address', message: 'must be a Solana wallet address' }],
    });
  }
  return value;
}

interface AddressParams {
  address: string;
}

export function peopleDepsOf(ctx: PeopleRoutesContext): PeopleDeps {
  return {
    pool: ctx.database.pool,
    clock: ctx.clock,
    bus: ctx.bus,
    logger: ctx.logger,
    emissions: ctx.emissions,
    established: ctx.config.economy.established,
    versions: ctx.viewerVersions,
  };
}

/** Follows and blocks (docs/api.md "People"). */
export function peopleRoutes(app: FastifyInstance, ctx: PeopleRoutesContext): void {
  const deps = peopleDepsOf(ctx);

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route<{ Params: AddressParams }>({
      method,
      url: '/api/follows/:address',
      schema: { response: { 200: followResponseJsonSchema } },
      // A suspended wallet may unfollow, not follow (modules/moderation).
      config: { writeLimit: 'like', refusedWhenSuspended: on },
      handler: async (request) => {
        const user = requireUser(request);
        parseQuery(noQuery, request.query);
        return setFollow(deps, user, parseAddress(request.params.address), on);
      },
    });
    app.route<{ Params: AddressParams }>({
      method,
      url: '/api/blocks/:address',
      schema: { response: { 200: blockResponseJsonSchema } },
      config: { writeLimit: 'other' },
      handler: async (request) => {
        const user = requireUser(request);
        parseQuery(noQuery, request.query);
        return setBlock(deps, user, parseAddress(request.params.address), on);
      },
    });
  }

  for (const side of ['followers', 'following'] as const) {
    app.get<{ Params: AddressParams }>(
      `/api/follows/:address/${side}`,
      { schema: { response: { 200: userSummaryPageJsonSchema } } },
      async (request) => {
        const query = parseQuery(listQuery, request.query);
        return listFollows(deps, {
          side,
          address: parseAddress(request.params.address),
          cursor: query.cursor ?? null,
          limit: query.limit,
        });
      },
    );
  }

  /** GET and PUT /api/users/me/muted-words (docs/api.md "Muted words"). */
  app.get(
    '/api/users/me/muted-words',
    { schema: { response: { 200: mutedWordsJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(noQuery, request.query);
      return getMutedWords(deps.pool, user.id, deps.clock.now());
    },
  );
  app.put(
    '/api/users/me/muted-words',
    { schema: { response: { 200: mutedWordsJsonSchema } }, config: { writeLimit: 'other' } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(noQuery, request.query);
      const words = await putMutedWords(deps.pool, user.id, request.body, deps.clock.now());
      // The feed keeps a viewer's words with their marks (modules/feed, viewer-state.ts): the
      // next read, on any instance, reads them again.
      await deps.versions.bump(user.id);
      return words;
    },
  );
}
