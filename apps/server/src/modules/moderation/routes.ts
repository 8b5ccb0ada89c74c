import {
  createReportRequestSchema,
  decideReportRequestSchema,
  liftSuspensionRequestSchema,
} from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import type { MediaStore } from '../media/index.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import { trustPolicyOf } from '../trust/index.ts';
import { createReport } from './filing.ts';
import {
  moderationQueueJsonSchema,
  moderationStatusJsonSchema,
  reportJsonSchema,
  reportListJsonSchema,
} from './json-schemas.ts';
import {
  assertNotSuspended,
  decideReport,
  getReport,
  liftSuspension,
  moderationQueue,
  moderationStatus,
  myReports,
  type ModerationDeps,
} from './service.ts';
import type { ContentOwners } from './owners.ts';
import { watchSuspensions } from './suspensions.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type ModerationRoutesContext = Pick<SharedContext, 'clock' | 'config' | 'database' | 'logger'> & {
  bus: EventBus;
  media: MediaStore;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write a suspended wallet may not make (post, comment, message, follow): the moderation
     * slice's hook answers 403 `account_suspended` before the route runs (docs/api.md
     * "Moderation"). One check for every such route.
     */
    refusedWhenSuspended?: boolean;
  }
}

const noQuery = z.object({});

/**
 * The moderation slice's dependencies, once per context (slice-deps.ts), with the content
 * owners' writes handed in.
 */
export function moderationDepsOf(
  ctx: ModerationRoutesContext,
  owners: ContentOwners,
): ModerationDeps {
  return {
    db: ctx.database.db,
    pool: ctx.database.pool,
    bus: ctx.bus,
    clock: ctx.clock,
    logger: ctx.logger,
    media: ctx.media,
    moderators: ctx.config.moderation.moderators,
    autoHideReports: ctx.config.moderation.autoHideReports,
    holdReports: ctx.config.moderation.holdReports,
    established: ctx.config.economy.established,
    trust: trustPolicyOf(ctx),
    owners,
  };
}

/**
 * The suspension check on every route that opts in (`config.refusedWhenSuspended`), and this
 * instance's ear for other instances' suspensions (suspensions.ts). Registered by app.ts before
 * the slices' routes, after authentication.
 */
export function registerSuspensionCheck(app: FastifyInstance, ctx: ModerationRoutesContext): void {
  const deps = { pool: ctx.database.pool, clock: ctx.clock };
  const stopWatching = watchSuspensions(ctx.database.pool, ctx.bus);
  app.addHook('onClose', () => {
    stopWatching();
  });
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.refusedWhenSuspended || !request.user) return;
    await assertNotSuspended(deps, request.user.id);
  });
}

/** Reports, the moderators' queue and actions (docs/api.md "Moderation"). */
export function moderationRoutes(app: FastifyInstance, deps: ModerationDeps): void {
  app.post(
    '/api/reports',
    { schema: { response: { 201: reportJsonSchema } }, config: { writeLimit: 'report' } },
    async (request, reply) => {
      const user = requireUser(request);
      const body = parseBody(createReportRequestSchema, request.body ?? {});
      return reply.status(201).send(await createReport(deps, user, body));
    },
  );

  app.get(
    '/api/reports',
    { schema: { response: { 200: reportListJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(noQuery, request.query);
      return { items: await myReports(deps, user) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/reports/:id',
    { schema: { response: { 200: reportJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(noQuery, request.query);
      return getReport(deps, user, request.params.id);
    },
  );

  app.get(
    '/api/moderation/me',
    { schema: { response: { 200: moderationStatusJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(noQuery, request.query);
      return moderationStatus(deps, user);
    },
  );

  app.get(
    '/api/moderation/queue',
    { schema: { response: { 200: moderationQueueJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(noQuery, request.query);
      return moderationQueue(deps, user);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/moderation/reports/:id/decision',
    { schema: { response: { 200: reportJsonSchema } }, config: { writeLimit: 'other' } },
    async (request) => {
      const user = requireUser(request);
      const body = parseBody(decideReportRequestSchema, request.body ?? {});
      return decideReport(deps, user, request.params.id, body);
    },
  );

  app.post<{ Params: { address: string } }>(
    '/api/moderation/wallets/:address/lift',
    { config: { writeLimit: 'other' } },
    async (request, reply) => {
      const user = requireUser(request);
      const body = parseBody(liftSuspensionRequestSchema, request.body ?? {});
      await liftSuspension(deps, user, request.params.address, body.reason);
      return reply.status(204).send();
    },
  );
}
