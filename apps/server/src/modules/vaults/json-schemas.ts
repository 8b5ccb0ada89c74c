/**
 * JSON Schemas of the vaults' responses for Fastify's compiled serialiser; they mirror the zod
 * schemas in @dum/core (vaults.ts), which the tests check every response against.
 */

const nullableString = { type: ['string', 'null'] } as const;

const escrowSummaryJsonSchema = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      required: [
        'state',
        'programId',
        'address',
        'postId',
        'multiplier',
        'durationSeconds',
        'startTs',
        'endTs',
        'totalDeposited',
        'claimedAmount',
        'participantCount',
        'penaltyBps',
        'rewardsPerSol',
        'stakingRatePerSecond',
        'chainStatus',
        'contentHash',
        'indexedAt',
      ],
      properties: {
        state: { type: 'string' },
        programId: { type: 'string' },
        address: { type: 'string' },
        postId: { type: 'string' },
        multiplier: { type: 'integer' },
        durationSeconds: { type: 'string' },
        startTs: nullableString,
        endTs: nullableString,
        totalDeposited: { type: 'string' },
        claimedAmount: { type: 'string' },
        participantCount: { type: 'integer' },
        penaltyBps: { type: 'integer' },
        rewardsPerSol: { type: 'string' },
        stakingRatePerSecond: { type: 'string' },
        chainStatus: { type: 'string' },
        contentHash: nullableString,
        indexedAt: nullableString,
      },
    },
  ],
} as const;

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
  kind: { type: 'string' },
  escrow: escrowSummaryJsonSchema,
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
  'kind',
  'escrow',
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

/** POST /api/vaults/{id}/escrow/sync */
export const escrowSyncJsonSchema = {
  type: 'object',
  required: ['vault'],
  properties: { vault: vaultSummaryJsonSchema },
} as const;
