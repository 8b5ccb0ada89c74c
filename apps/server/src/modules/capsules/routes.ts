import { capsuleScopeSchema } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import { cursorParam, emptyToUndefined, parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import { feedItemsReader, parseId } from '../feed/index.ts';
import { capsuleNotifyJsonSchema, capsulePageJsonSchema } from './json-schemas.ts';
import { listCapsules, setNotify, type NotifyDeps } from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type CapsulesRoutesContext = Pick<
  SharedContext,
  'clock' | 'database' | 'logger' | 'viewerVersions'
> & { bus: EventBus };

const listQuery = z.object({
  scope: z.preprocess(emptyToUndefined, capsuleScopeSchema.default('soon')),
  cursor: cursorParam,
});

interface CapsuleParams {
  id: string;
}

/** Time capsules' 'Notify me' and lists (docs/api.md "Time capsules"). */
export function capsuleRoutes(app: FastifyInstance, ctx: CapsulesRoutesContext): void {
  const deps: NotifyDeps = {
    pool: ctx.database.pool,
    clock: ctx.clock,
    bus: ctx.bus,
    logger: ctx.logger,
    versions: ctx.viewerVersions,
  };
  const readItems = feedItemsReader(ctx);

  app.get(
    '/api/time-capsules',
    { schema: { response: { 200: capsulePageJsonSchema } } },
    async (request) => {
      const query = parseQuery(listQuery, request.query);
      const viewerId =
        query.scope === 'mine' ? requireUser(request).id : (request.user?.id ?? null);
      return listCapsules(deps, readItems, {
        scope: query.scope,
        cursor: query.cursor ?? null,
        viewerId,
      });
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route<{ Params: CapsuleParams }>({
      method,
      url: '/api/time-capsules/:id/notify',
      schema: { response: { 200: capsuleNotifyJsonSchema } },
      config: { writeLimit: 'like' },
      handler: async (request) => {
        const user = requireUser(request);
        const id = parseId(request.params.id, 'post');
        return setNotify(deps, user.id, id, method === 'POST');
      },
    });
  }
}
