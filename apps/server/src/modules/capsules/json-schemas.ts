/** JSON Schemas of the capsules' responses (Fastify's serialiser), from @dum/core's contracts. */
import { capsuleNotifyResponseSchema, capsulePageSchema } from '@dum/core';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const capsuleNotifyJsonSchema = responseJsonSchema(capsuleNotifyResponseSchema);

export const capsulePageJsonSchema = responseJsonSchema(capsulePageSchema);
