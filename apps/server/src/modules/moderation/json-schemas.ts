/**
 * JSON Schemas of the moderation responses for Fastify's compiled serialiser, generated from
 * the zod schemas in @dum/core (moderation.ts).
 */
import {
  moderationQueueSchema,
  moderationStatusSchema,
  reportListSchema,
  reportSchema,
} from '@dum/core';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const reportJsonSchema = responseJsonSchema(reportSchema);
export const reportListJsonSchema = responseJsonSchema(reportListSchema);
export const moderationQueueJsonSchema = responseJsonSchema(moderationQueueSchema);
export const moderationStatusJsonSchema = responseJsonSchema(moderationStatusSchema);
