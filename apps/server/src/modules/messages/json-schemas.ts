/**
 * JSON Schemas of the messages' responses for Fastify's compiled serialiser, generated from the
 * zod schemas in @dum/core (messages.ts), which the tests also check every response against.
 */
import {
  conversationPageSchema,
  conversationStateSchema,
  directMessagePageSchema,
  directMessageSchema,
  unreadCountSchema,
} from '@dum/core';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const directMessageJsonSchema = responseJsonSchema(directMessageSchema);
export const directMessagePageJsonSchema = responseJsonSchema(directMessagePageSchema);
export const conversationPageJsonSchema = responseJsonSchema(conversationPageSchema);
export const conversationStateJsonSchema = responseJsonSchema(conversationStateSchema);
export const unreadCountJsonSchema = responseJsonSchema(unreadCountSchema);
