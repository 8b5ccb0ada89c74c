/**
 * JSON Schemas of the feed's responses, for Fastify's compiled serialiser (fast-json-stringify):
 * several times faster than JSON.stringify for pages of posts, and nothing outside these fields
 * can leak into a response. They mirror the zod schemas in @dum/core (feed.ts), which tests check
 * every response against.
 */

import { nullableVaultSummaryJsonSchema } from '../vaults/json-schemas.ts';

const nullableString = { type: ['string', 'null'] } as const;

export const feedItemJsonSchema = {
  type: 'object',
  required: [
    'id',
    'kind',
    'body',
    'content',
    'createdAt',
    'expiresAt',
    'author',
    'author_wallet',
    'imageUrl',
    'audioUrl',
    'vault',
    'likeCount',
    'commentCount',
    'liked',
    'bookmarked',
  ],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string' },
    body: { type: 'string' },
    content: { type: 'string' },
    createdAt: { type: 'string' },
    expiresAt: nullableString,
    author: {
      type: 'object',
      required: ['id', 'avatarUrl', 'displayName', 'username', 'isVerified'],
      properties: {
        id: { type: 'string' },
        avatarUrl: nullableString,
        displayName: nullableString,
        username: nullableString,
        isVerified: { type: 'boolean' },
      },
    },
    author_wallet: { type: 'string' },
    imageUrl: nullableString,
    audioUrl: nullableString,
    vault: nullableVaultSummaryJsonSchema,
    locked: { type: 'boolean' },
    likeCount: { type: 'integer' },
    commentCount: { type: 'integer' },
    liked: { type: 'boolean' },
    bookmarked: { type: 'boolean' },
  },
} as const;

export const feedPageJsonSchema = {
  type: 'object',
  required: ['items', 'nextCursor'],
  properties: {
    items: { type: 'array', items: feedItemJsonSchema },
    nextCursor: nullableString,
  },
} as const;

export const commentItemJsonSchema = {
  type: 'object',
  required: [
    'id',
    'body',
    'display_name',
    'avatar_url',
    'author_wallet',
    'created_at',
    'authorId',
    'username',
  ],
  properties: {
    id: { type: 'string' },
    body: { type: 'string' },
    display_name: nullableString,
    avatar_url: nullableString,
    author_wallet: { type: 'string' },
    created_at: { type: 'string' },
    authorId: { type: 'string' },
    username: nullableString,
  },
} as const;

export const commentPageJsonSchema = {
  type: 'object',
  required: ['items', 'nextCursor'],
  properties: {
    items: { type: 'array', items: commentItemJsonSchema },
    nextCursor: nullableString,
  },
} as const;
