/**
 * JSON Schemas of the discover slice's responses, for Fastify's compiled serialiser, generated
 * from the zod schemas in @dum/core (discover.ts, feed.ts). The search answers one of two page
 * shapes, each with its own schema (the serialiser cannot tell a union's branches apart by
 * their `type` value).
 */
import {
  feedPageSchema,
  postSearchPageSchema,
  topCreatorsSchema,
  trendingPageSchema,
  trendingTagsSchema,
  userSearchPageSchema,
} from '@dum/core';
import { responseJsonSchema } from '../../http/response-schema.ts';

export const postSearchPageJsonSchema = responseJsonSchema(postSearchPageSchema);

export const userSearchPageJsonSchema = responseJsonSchema(userSearchPageSchema);

export const feedPageJsonSchema = responseJsonSchema(feedPageSchema);

export const trendingPageJsonSchema = responseJsonSchema(trendingPageSchema);

export const trendingTagsJsonSchema = responseJsonSchema(trendingTagsSchema);

export const topCreatorsJsonSchema = responseJsonSchema(topCreatorsSchema);
