import { DM_PAGE_DEFAULT, DM_PAGE_MAX, sendMessageRequestSchema } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sliceBaseDepsOf, type SharedContext } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import { trustPolicyOf } from '../trust/index.ts';
import {
  conversationPageJsonSchema,
  conversationStateJsonSchema,
  directMessageJsonSchema,
  directMessagePageJsonSchema,
  unreadCountJsonSchema,
} from './json-schemas.ts';
import { acceptConversation, declineConversation, getConversationState } from './requests.ts';
import {
  getConversations,
  getThread,
  getUnreadCount,
  markRead,
  sendMessage,
  type MessageDeps,
} from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type MessagesRoutesContext = Pick<
  SharedContext,
  'chain' | 'clock' | 'config' | 'database' | 'logger'
> & { bus: EventBus; emissions: EmissionSequencer };

interface AddressParams {
  address: string;
}

const conversationsQuery = z.object({ cursor: z.string().max(400).optional() });
const threadQuery = z.object({
  cursor: z.string().max(400).optional(),
  // A larger limit is cut to the most a page holds.
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(DM_PAGE_DEFAULT)
    .transform((limit) => Math.min(limit, DM_PAGE_MAX)),
});

export function messageDepsOf(ctx: MessagesRoutesContext): MessageDeps {
  return {
    ...sliceBaseDepsOf(ctx),
    bus: ctx.bus,
    chain: ctx.chain,
    appOrigin: ctx.config.appOrigin,
    emissions: ctx.emissions,
    trust: trustPolicyOf(ctx),
    peers: new Map(),
  };
}

/**
 * Direct messages (docs/api.md "Messages"): every route is the signed-in caller's own, and a
 * conversation is named by the other participant's wallet, so nobody reads a conversation they
 * are not in.
 */
export function messageRoutes(app: FastifyInstance, deps: MessageDeps): void {
  app.get(
    '/api/conversations',
    { schema: { response: { 200: conversationPageJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { cursor } = parseQuery(conversationsQuery, request.query);
      return getConversations(deps, user, cursor);
    },
  );

  app.get(
    '/api/conversations/unread',
    { schema: { response: { 200: unreadCountJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(z.object({}), request.query);
      return getUnreadCount(deps, user);
    },
  );

  app.get<{ Params: AddressParams }>(
    '/api/conversations/:address/messages',
    { schema: { response: { 200: directMessagePageJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      const page = parseQuery(threadQuery, request.query);
      return getThread(deps, user, request.params.address, page);
    },
  );

  // The same answer, 201 with the message, for a retry of a recorded tip (docs/api.md).
  app.post<{ Params: AddressParams }>(
    '/api/conversations/:address/messages',
    {
      schema: { response: { 201: directMessageJsonSchema } },
      config: { writeLimit: 'message', refusedWhenSuspended: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = parseBody(sendMessageRequestSchema, request.body ?? {});
      const sent = await sendMessage(deps, user, request.params.address, body);
      return reply.status(201).send(sent.message);
    },
  );

  app.post<{ Params: AddressParams }>(
    '/api/conversations/:address/read',
    { schema: { response: { 200: unreadCountJsonSchema } }, config: { writeLimit: 'message' } },
    async (request) => {
      const user = requireUser(request);
      return markRead(deps, user, request.params.address);
    },
  );

  requestRoutes(app, deps);
}

/**
 * Message requests: the Requests folder, a conversation's folder, accepting and declining
 * (requests.ts).
 */
function requestRoutes(app: FastifyInstance, deps: MessageDeps): void {
  app.get(
    '/api/conversations/requests',
    { schema: { response: { 200: conversationPageJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { cursor } = parseQuery(conversationsQuery, request.query);
      return getConversations(deps, user, cursor, 'requests');
    },
  );

  app.get<{ Params: AddressParams }>(
    '/api/conversations/:address',
    { schema: { response: { 200: conversationStateJsonSchema } } },
    async (request) => {
      const user = requireUser(request);
      parseQuery(z.object({}), request.query);
      return getConversationState(deps, user, request.params.address);
    },
  );

  app.post<{ Params: AddressParams }>(
    '/api/conversations/:address/accept',
    {
      schema: { response: { 200: conversationStateJsonSchema } },
      config: { writeLimit: 'message' },
    },
    async (request) => {
      const user = requireUser(request);
      return acceptConversation(deps, user, request.params.address);
    },
  );

  app.post<{ Params: AddressParams }>(
    '/api/conversations/:address/decline',
    {
      schema: { response: { 200: conversationStateJsonSchema } },
      config: { writeLimit: 'message' },
    },
    async (request) => {
      const user = requireUser(request);
      return declineConversation(deps, user, request.params.address);
    },
  );
}
