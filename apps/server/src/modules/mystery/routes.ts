import {
  createMysteryRequestSchema,
  joinMysteryRequestSchema,
  mysteryScopeSchema,
} from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sliceBaseDepsOf, type SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import { parseBody, parsePathId, parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import {
  createMystery,
  getMystery,
  joinMystery,
  listMysteries,
  type MysteryDeps,
} from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type MysteryRoutesContext = Pick<
  SharedContext,
  'chain' | 'clock' | 'config' | 'database' | 'logger'
> & { bus: EventBus; emissions: EmissionSequencer };

interface MysteryParams {
  id: string;
}

/** A mystery vault id in a path: a positive integer, else 400. */
function parseMysteryId(value: string): bigint {
  return parsePathId(value, 'a mystery vault');
}

const listQuery = z.object({
  scope: mysteryScopeSchema.default('open'),
  cursor: z.string().min(1).max(300).optional(),
});

export function mysteryDepsOf(ctx: MysteryRoutesContext): MysteryDeps {
  return {
    ...sliceBaseDepsOf(ctx),
    bus: ctx.bus,
    chain: ctx.chain,
    emissions: ctx.emissions,
    appOrigin: ctx.config.appOrigin,
    vaultsEnabled: ctx.config.vaults.enabled,
  };
}

/** Mystery vaults (docs/api.md "Mystery vaults"). */
export function mysteryRoutes(app: FastifyInstance, deps: MysteryDeps): void {
  app.post(
    '/api/mystery-vaults',
    { config: { writeLimit: 'post', refusedWhenSuspended: true } },
    async (request, reply) => {
      const user = requireUser(request);
      const body = parseBody(createMysteryRequestSchema, request.body ?? {});
      const vault = await createMystery(deps, user, body);
      return reply.code(201).send(vault);
    },
  );

  app.get('/api/mystery-vaults', async (request) => {
    const { scope, cursor } = parseQuery(listQuery, request.query);
    return listMysteries(deps, { scope, cursor, viewerId: request.user?.id ?? null });
  });

  app.get<{ Params: MysteryParams }>('/api/mystery-vaults/:id', async (request) => {
    parseQuery(z.object({}), request.query);
    return getMystery(deps, parseMysteryId(request.params.id), request.user?.id ?? null);
  });

  app.post<{ Params: MysteryParams }>(
    '/api/mystery-vaults/:id/join',
    { config: { writeLimit: 'support' } },
    async (request) => {
      const user = requireUser(request);
      const id = parseMysteryId(request.params.id);
      const body = parseBody(joinMysteryRequestSchema, request.body ?? {});
      return joinMystery(deps, user, id, body);
    },
  );
}
