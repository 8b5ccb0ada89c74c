/** JSON Schemas of the push slice's responses (Fastify's serialiser), from @dum/core's contracts. */
import { pushPublicKeySchema, pushSettingsSchema, pushSubscriptionAnswerSchema } from '@dum/core';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const pushPublicKeyJsonSchema = responseJsonSchema(pushPublicKeySchema);
export const pushSubscriptionJsonSchema = responseJsonSchema(pushSubscriptionAnswerSchema);
export const pushSettingsJsonSchema = responseJsonSchema(pushSettingsSchema);
