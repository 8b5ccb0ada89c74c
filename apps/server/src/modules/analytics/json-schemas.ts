/**
 * JSON Schema of the analytics response, for Fastify's compiled serialiser, generated from the
 * zod schema in @dum/core (discover.ts).
 */
import { analyticsResponseSchema } from '@dum/core';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const analyticsResponseJsonSchema = responseJsonSchema(analyticsResponseSchema);
