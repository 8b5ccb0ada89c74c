/** JSON Schemas of the polls' responses (Fastify's serialiser), from @dum/core's contracts. */
import { pollVoteResponseSchema } from '@dum/core';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const pollVoteJsonSchema = responseJsonSchema(pollVoteResponseSchema);
