/**
 * JSON Schemas of the feed's responses, for Fastify's compiled serialiser (fast-json-stringify):
 * several times faster than JSON.stringify for pages of posts, and nothing outside these fields
 * can leak into a response. Generated from the zod schemas in @dum/core (feed.ts), which tests
 * also check every response against.
 */
import { commentItemSchema, commentPageSchema, feedItemSchema, feedPageSchema } from '@dum/core';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const feedItemJsonSchema = responseJsonSchema(feedItemSchema);

export const feedPageJsonSchema = responseJsonSchema(feedPageSchema);

export const commentItemJsonSchema = responseJsonSchema(commentItemSchema);

export const commentPageJsonSchema = responseJsonSchema(commentPageSchema);
