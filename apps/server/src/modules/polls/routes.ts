import { AppError, pollVoteRequestSchema } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import type { SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import { parseBody } from '../../http/validate.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import { requireUser } from '../auth/index.ts';
import { pollVoteJsonSchema } from './json-schemas.ts';
import { vote, type VoteDeps } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type PollsRoutesContext = Pick<SharedContext, 'clock' | 'database' | 'logger'> & {
  bus: EventBus;
  emissions: EmissionSequencer;
};

interface PollParams {
  id: string;
}

/** A post id in the path, or 400 (as the feed's routes read one; bigint range). */
function parsePostId(value: string): bigint {
  if (!/^[1-9]\d{0,18}$/.test(value) || BigInt(value) > 9_223_372_036_854_775_807n) {
    throw new AppError('validation_failed', {
      details: [{ path: 'id', message: 'must be a post id (a positive integer)' }],
    });
  }
  return BigInt(value);
}

/** A poll's vote (docs/api.md "Polls"); polls are created with their post (modules/feed). */
export function pollRoutes(app: FastifyInstance, ctx: PollsRoutesContext): void {
  const deps: VoteDeps = {
    pool: ctx.database.pool,
    clock: ctx.clock,
    bus: ctx.bus,
    logger: ctx.logger,
    emissions: ctx.emissions,
  };

  app.post<{ Params: PollParams }>(
    '/api/messages/:id/poll/vote',
    {
      schema: { response: { 200: pollVoteJsonSchema } },
      config: { writeLimit: 'like', refusedWhenSuspended: true },
    },
    async (request) => {
      const user = requireUser(request);
      const id = parsePostId(request.params.id);
      const { option } = parseBody(pollVoteRequestSchema, request.body);
      return { poll: await vote(deps, user.id, id, option) };
    },
  );
}
