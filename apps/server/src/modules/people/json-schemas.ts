/**
 * JSON Schemas of the people slice's responses, for Fastify's compiled serialiser, generated
 * from the zod schemas in @dum/core (people.ts).
 */
import {
  blockResponseSchema,
  followResponseSchema,
  mutedWordsSchema,
  userSummaryPageSchema,
} from '@dum/core';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const followResponseJsonSchema = responseJsonSchema(followResponseSchema);

export const blockResponseJsonSchema = responseJsonSchema(blockResponseSchema);

export const userSummaryPageJsonSchema = responseJsonSchema(userSummaryPageSchema);

export const mutedWordsJsonSchema = responseJsonSchema(mutedWordsSchema);
