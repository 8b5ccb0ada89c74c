/**
 * JSON Schemas of the ads' responses for Fastify's compiled serialiser, generated from the zod
 * schemas in @dum/core (ads.ts), which the tests also check every response against.
 */
import {
  adCampaignDetailSchema,
  adCampaignListSchema,
  adConfigSchema,
  adEventResponseSchema,
} from '@dum/core';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const adCampaignDetailJsonSchema = responseJsonSchema(adCampaignDetailSchema);
export const adCampaignListJsonSchema = responseJsonSchema(adCampaignListSchema);
export const adConfigJsonSchema = responseJsonSchema(adConfigSchema);
export const adEventJsonSchema = responseJsonSchema(adEventResponseSchema);
