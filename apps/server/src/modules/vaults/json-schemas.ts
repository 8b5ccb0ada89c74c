/**
 * JSON Schemas of the vaults' responses for Fastify's compiled serialiser; they mirror the zod
 * schemas in @dum/core (vaults.ts), which the tests check every response against.
 */

const nullableString = { type: ['string', 'null'] } as const;

const vaultSummaryProperties = {
  id: { type: 'string' },
  status: { type: 'string' },
  currentAmount: { type: 'string' },
  targetAmount: { type: 'string' },
  supporterCount: { type: 'integer' },
  createdAt: { type: 'string' },
  endsAt: { type: 'string' },
  creator: {
    type: 'object',
    required: ['walletAddress'],
    properties: { walletAddress: { type: 'string' } },
  },
} as const;

const vaultSummaryRequired = [
  'id',
  'status',
  'currentAmount',
  'targetAmount',
  'supporterCount',
  'createdAt',
  'endsAt',
  'creator',
] as const;

export const vaultSummaryJsonSchema = {
  type: 'object',
  required: vaultSummaryRequired,
  properties: vaultSummaryProperties,
} as const;

/** A feed item's `vault`: the summary, or null for posts that are not vault posts. */
export const nullableVaultSummaryJsonSchema = {
  anyOf: [{ type: 'null' }, vaultSummaryJsonSchema],
} as const;

const vaultUserJsonSchema = {
  type: 'object',
  required: ['id', 'username', 'displayName', 'walletAddress'],
  properties: {
    id: { type: 'string' },
    username: nullableString,
    displayName: nullableString,
    walletAddress: { type: 'string' },
  },
} as const;

export const vaultSupportJsonSchema = {
  type: 'object',
  required: ['id', 'vaultId', 'supporter', 'amount', 'transactionSignature', 'slot', 'createdAt'],
  properties: {
    id: { type: 'string' },
    vaultId: { type: 'string' },
    supporter: vaultUserJsonSchema,
    amount: { type: 'string' },
    transactionSignature: { type: 'string' },
    slot: { type: 'integer' },
    createdAt: { type: 'string' },
  },
} as const;

export const supportResponseJsonSchema = {
  type: 'object',
  required: ['support', 'vault'],
  properties: { support: vaultSupportJsonSchema, vault: vaultSummaryJsonSchema },
} as const;

export const leaderboardJsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'supporter', 'total', 'supports'],
    properties: {
      id: { type: 'string' },
      supporter: vaultUserJsonSchema,
      total: { type: 'string' },
      supports: { type: 'integer' },
    },
  },
} as const;

export const myVaultsJsonSchema = {
  type: 'object',
  required: ['items', 'totals'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: [...vaultSummaryRequired, 'postId', 'body', 'unlockedAt', 'given'],
        properties: {
          ...vaultSummaryProperties,
          postId: { type: 'string' },
          body: { type: 'string' },
          unlockedAt: nullableString,
          given: { type: 'string' },
        },
      },
    },
    totals: {
      type: 'object',
      required: ['vaults', 'amount', 'unlocked'],
      properties: {
        vaults: { type: 'integer' },
        amount: { type: 'string' },
        unlocked: { type: 'integer' },
      },
    },
  },
} as const;
