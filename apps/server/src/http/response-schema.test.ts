import {
  commentItemSchema,
  commentPageSchema,
  escrowSyncResponseSchema,
  feedItemSchema,
  feedPageSchema,
  leaderboardEntrySchema,
  supportVaultResponseSchema,
  type CommentItem,
  type EscrowSummary,
  type FeedItem,
  type VaultSummary,
  type VaultSupport,
} from '@dum/core';
import fastJsonStringify from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema } from './response-schema.ts';

/*
 * Each route's response schema is generated from its zod contract; these samples (every
 * nullable field both ways, optional fields present and absent) must come out of Fastify's
 * compiled serialiser exactly as JSON.stringify writes them: nothing dropped, nothing renamed.
 */

const escrow: EscrowSummary = {
  state: 'live',
  programId: 'Prog1111111111111111111111111111111111111111',
  address: 'Vault111111111111111111111111111111111111111',
  postId: '42',
  multiplier: 2,
  durationSeconds: '604800',
  startTs: '1700000000',
  endTs: '1700604800',
  totalDeposited: '150000000',
  claimedAmount: '0',
  participantCount: 3,
  penaltyBps: 1000,
  rewardsPerSol: '150000000000',
  stakingRatePerSecond: '12',
  chainStatus: 'active',
  contentHash: 'ab'.repeat(32),
  indexedAt: '2026-01-02T03:04:05.000Z',
};

const directVault: VaultSummary = {
  id: '7',
  status: 'active',
  currentAmount: '20000000',
  targetAmount: '100000000',
  supporterCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2026-01-08T00:00:00.000Z',
  creator: { walletAddress: 'Wallet11111111111111111111111111111111111111' },
  kind: 'direct',
  escrow: null,
};

const escrowVault: VaultSummary = {
  ...directVault,
  id: '8',
  status: 'unlocked',
  kind: 'escrow',
  escrow,
};

const pendingEscrowVault: VaultSummary = {
  ...escrowVault,
  id: '9',
  status: 'active',
  escrow: { ...escrow, state: 'pending', startTs: null, endTs: null, indexedAt: null },
};

const publicPost: FeedItem = {
  id: '41',
  kind: 'public',
  body: 'gm "friends" \n <script>',
  content: 'gm "friends" \n <script>',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-02T00:00:00.000Z',
  author: {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    avatarUrl: null,
    displayName: 'Ada',
    username: null,
    isVerified: false,
  },
  author_wallet: 'Wallet11111111111111111111111111111111111111',
  imageUrl: '/media/a.webp',
  altText: 'A cat "asleep" on a <keyboard>',
  audioUrl: null,
  vault: null,
  likeCount: 0,
  commentCount: 12,
  liked: true,
  bookmarked: false,
  repostCount: 2,
  repostedByViewer: false,
  repostedBy: { address: 'Wallet22222222222222222222222222222222222222', displayName: 'Bo "b"' },
  quoted: null,
  quotedUnavailable: true,
  mentions: [
    { address: 'Wallet33333333333333333333333333333333333333', username: 'cy', start: 0, end: 3 },
  ],
  poll: {
    options: [
      { text: 'yes', votes: 3 },
      { text: 'no <b>', votes: 1 },
    ],
    totalVotes: 4,
    endsAt: '2026-01-02T00:00:00.000Z',
    ended: false,
    viewerVote: 1,
  },
  replyPolicy: 'following',
};

const lockedVaultPost: FeedItem = {
  ...publicPost,
  id: '42',
  kind: 'vault',
  expiresAt: null,
  author: { ...publicPost.author, avatarUrl: '/media/me.webp', username: 'ada', isVerified: true },
  imageUrl: null,
  vault: directVault,
  locked: true,
};

const unlockedEscrowPost: FeedItem = {
  ...lockedVaultPost,
  id: '43',
  imageUrl: '/media/b.webp',
  audioUrl: '/media/c.mp3',
  vault: escrowVault,
  locked: false,
};

const pendingEscrowPost: FeedItem = { ...lockedVaultPost, id: '44', vault: pendingEscrowVault };

const comment: CommentItem = {
  id: '5',
  body: 'nice',
  display_name: null,
  avatar_url: null,
  author_wallet: 'Wallet11111111111111111111111111111111111111',
  created_at: '2026-01-01T00:00:00.000Z',
  authorId: 'c0ffee00-0000-4000-8000-000000000002',
  username: 'bob',
  parentId: '4',
  replyCount: 0,
  replyTo: { address: 'Wallet33333333333333333333333333333333333333', username: null },
  mentions: [],
};

const supporter = {
  id: 'c0ffee00-0000-4000-8000-000000000002',
  username: null,
  displayName: 'Bob',
  walletAddress: 'Wallet22222222222222222222222222222222222222',
};

const support: VaultSupport = {
  id: '11',
  vaultId: '7',
  supporter,
  amount: '20000000',
  transactionSignature: 'Sig1111',
  slot: 123456,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const posts = [publicPost, lockedVaultPost, unlockedEscrowPost, pendingEscrowPost];

const routes: { name: string; contract: z.ZodType; samples: unknown[] }[] = [
  {
    name: 'GET /api/messages (a feed page)',
    contract: feedPageSchema,
    samples: [
      { items: posts, nextCursor: 'abc' },
      { items: [], nextCursor: null },
    ],
  },
  {
    name: 'GET /api/messages/{id}, POST /api/messages-v2/messages (one post)',
    contract: feedItemSchema,
    samples: posts,
  },
  {
    name: 'GET /api/messages/{id}/comments',
    contract: commentPageSchema,
    samples: [
      {
        items: [comment, { ...comment, id: '6', display_name: 'Bo', avatar_url: '/x' }],
        nextCursor: '6',
      },
      { items: [], nextCursor: null },
    ],
  },
  {
    name: 'GET /api/comments/{id}/replies',
    contract: commentPageSchema,
    samples: [
      { items: [comment, { ...comment, id: '7', replyTo: null }], nextCursor: '7' },
      { items: [], nextCursor: null },
    ],
  },
  {
    name: 'POST /api/messages/{id}/comments',
    contract: commentItemSchema,
    samples: [comment, { ...comment, username: null }],
  },
  {
    name: 'POST /api/vaults/{id}/support',
    contract: supportVaultResponseSchema,
    samples: [
      { support, vault: directVault },
      { support, vault: { ...directVault, status: 'unlocked', currentAmount: '100000000' } },
    ],
  },
  {
    name: 'GET /api/vaults/{id}/leaderboard',
    contract: z.array(leaderboardEntrySchema),
    samples: [[], [{ id: supporter.id, supporter, total: '30000000', supports: 2 }]],
  },
  {
    name: 'POST /api/vaults/{id}/escrow/sync',
    contract: escrowSyncResponseSchema,
    samples: [{ vault: escrowVault }, { vault: pendingEscrowVault }],
  },
];

describe('response schemas generated from the core contracts', () => {
  for (const route of routes) {
    it(`${route.name}: the serialiser writes what JSON.stringify writes`, () => {
      const serialise: (value: unknown) => string = fastJsonStringify(
        responseJsonSchema(route.contract),
      );
      for (const sample of route.samples) {
        // Samples are valid contracts; the serialiser writes optional fields after the required
        // ones, so the texts are compared as the values they parse to.
        const valid = route.contract.parse(sample);
        expect(JSON.parse(serialise(sample))).toStrictEqual(JSON.parse(JSON.stringify(valid)));
      }
    });
  }

  it('leaves out fields outside the contract, as the hand-written schemas did', () => {
    const serialise: (value: unknown) => string = fastJsonStringify(
      responseJsonSchema(feedItemSchema),
    );
    const row = {
      ...lockedVaultPost,
      authorId: 'internal',
      vault: { ...directVault, creatorId: 'x' },
    };
    expect(JSON.parse(serialise(row))).toStrictEqual(lockedVaultPost);
  });

  it('keeps only the keywords the serialiser reads, with null first in a union', () => {
    const schema = z.object({
      count: z.number().int().min(0),
      name: z.string().regex(/^a/).nullable(),
      state: z.enum(['a', 'b']),
      nested: z.object({ ok: z.boolean() }).nullable(),
      note: z.string().optional(),
    });
    expect(responseJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        count: { type: 'integer' },
        name: { type: ['string', 'null'] },
        state: { type: 'string' },
        nested: {
          anyOf: [
            { type: 'null' },
            { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
          ],
        },
        note: { type: 'string' },
      },
      required: ['count', 'name', 'state', 'nested'],
    });
  });

  it("writes a record's entries (z.record keeps its value schema)", () => {
    const schema = z.object({
      byKind: z.record(z.string(), z.string().regex(/^\d+$/)),
      value: z.union([z.number().int(), z.string()]),
    });
    const serialise: (value: unknown) => string = fastJsonStringify(responseJsonSchema(schema));
    const sample = { byKind: { like_given: '150', follow: '3' }, value: '12' };
    expect(JSON.parse(serialise(sample))).toStrictEqual(sample);
    expect(JSON.parse(serialise({ byKind: {}, value: 7 }))).toStrictEqual({ byKind: {}, value: 7 });
  });
});
