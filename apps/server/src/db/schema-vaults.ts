import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestampMs, userRef } from './columns.ts';
import { messages } from './schema-feed.ts';

// ---------------------------------------------------------------------------------------------
// Vaults (docs/api.md, "Vaults"): a vault post's target and progress, and the supports that fund it. Owned by
// modules/vaults. Amounts are lamports (bigint).
// ---------------------------------------------------------------------------------------------

/**
 * One per vault post. `total` and `supporterCount` are kept exact in the transaction of each
 * support, under this row's lock; the row lock also makes active → unlocked happen once.
 * `mediaKey` is a random capability that lets the creator (only they receive it) load the
 * post's withheld media before the unlock.
 */
export const vaults = pgTable(
  'vaults',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .unique()
      .references(() => messages.id, { onDelete: 'cascade' }),
    creatorId: userRef('creator_id'),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    supporterCount: integer('supporter_count').notNull().default(0),
    status: text('status').notNull().default('active'),
    mediaKey: text('media_key').notNull(),
    /** direct: verified transfers to the creator (decision 008); escrow: the vault program (009). */
    kind: text('kind').notNull().default('direct'),
    createdAt: timestampMs('created_at').notNull(),
    endsAt: timestampMs('ends_at').notNull(),
    unlockedAt: timestampMs('unlocked_at'),
  },
  (t) => [
    check('vaults_status', sql`${t.status} in ('active', 'unlocked', 'paid_out')`),
    check('vaults_amounts', sql`${t.target} > 0 and ${t.total} >= 0 and ${t.supporterCount} >= 0`),
    check('vaults_unlocked_at', sql`(${t.status} = 'active') = (${t.unlockedAt} is null)`),
    check('vaults_kind', sql`${t.kind} in ('direct', 'escrow')`),
    index('vaults_creator').on(t.creatorId, t.createdAt),
  ],
);

/**
 * A verified support: a confirmed System transfer from the supporter to the creator. The
 * signature is unique for good, so a transaction can be credited once, ever (a deleted vault
 * post keeps its supports, with vault_id set to null, so their signatures stay used).
 */
export const vaultSupports = pgTable(
  'vault_supports',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    vaultId: bigint('vault_id', { mode: 'bigint' }).references(() => vaults.id, {
      onDelete: 'set null',
    }),
    supporterId: userRef('supporter_id'),
    signature: text('signature').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('vault_supports_signature').on(t.signature),
    check('vault_supports_amount_positive', sql`${t.amount} > 0`),
    index('vault_supports_vault').on(t.vaultId, t.createdAt),
    index('vault_supports_supporter').on(t.supporterId, t.vaultId),
    // Discover's trending job reads the last 24 hours of supports.
    index('vault_supports_recent').on(t.createdAt),
  ],
);

/**
 * Each supporter's running total per vault, kept in the statement that records each support:
 * the leaderboard reads it (one row per supporter, not per support), a first support counts a
 * new supporter (the upsert inserts), and the real-time audience is read from it.
 */
export const vaultSupporters = pgTable(
  'vault_supporters',
  {
    vaultId: bigint('vault_id', { mode: 'bigint' })
      .notNull()
      .references(() => vaults.id, { onDelete: 'cascade' }),
    supporterId: userRef('supporter_id'),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    supports: integer('supports').notNull(),
    firstAt: timestampMs('first_at').notNull(),
    lastAt: timestampMs('last_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vaultId, t.supporterId] }),
    check('vault_supporters_positive', sql`${t.total} > 0 and ${t.supports} > 0`),
    index('vault_supporters_rank').on(t.vaultId, t.total.desc(), t.lastAt),
    index('vault_supporters_supporter').on(t.supporterId, t.lastAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Escrow vaults (docs/vault-program.md, decision 009): the vault program's accounts, indexed from the chain.
// The vaults row stays what the feed reads (total, supporter count, status); these rows hold
// the chain's facts. Lamports are bigint; DUM amounts and rates, u64 that may reach 2^64 - 1,
// are numeric(20).
// ---------------------------------------------------------------------------------------------

/** One per escrow vault; written by the indexer under the vaults row's lock. */
export const escrowVaults = pgTable(
  'escrow_vaults',
  {
    vaultId: bigint('vault_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => vaults.id, { onDelete: 'cascade' }),
    /** pending until the vault account is found on chain (then live, for good). */
    state: text('state').notNull().default('pending'),
    programId: text('program_id').notNull(),
    /** The vault PDA: "vault", post id, creator wallet. */
    address: text('address').notNull(),
    creatorWallet: text('creator_wallet').notNull(),
    multiplier: integer('multiplier').notNull(),
    durationSeconds: bigint('duration_seconds', { mode: 'bigint' }).notNull(),
    /** SHA-256 of the post's media (hex), which the chain must hold as a media ref. */
    contentHash: text('content_hash'),
    startTs: bigint('start_ts', { mode: 'bigint' }),
    endTs: bigint('end_ts', { mode: 'bigint' }),
    totalDeposited: bigint('total_deposited', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    claimedAmount: bigint('claimed_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    participantCount: integer('participant_count').notNull().default(0),
    penaltyBps: integer('penalty_bps').notNull(),
    rewardsPerSol: numeric('rewards_per_sol', { precision: 20, scale: 0 }).notNull(),
    stakingRatePerSecond: numeric('staking_rate_per_second', {
      precision: 20,
      scale: 0,
    }).notNull(),
    chainStatus: text('chain_status').notNull().default('active'),
    indexedAt: timestampMs('indexed_at'),
    /** The slot of the read last applied: an older read is never applied over a newer one. */
    indexedSlot: bigint('indexed_slot', { mode: 'bigint' }),
    /** The timer's claim: one instance re-indexes this vault until then (SKIP LOCKED). */
    leaseUntil: timestampMs('lease_until'),
  },
  (t) => [
    uniqueIndex('escrow_vaults_address').on(t.address),
    check('escrow_vaults_state', sql`${t.state} in ('pending', 'live')`),
    check('escrow_vaults_multiplier', sql`${t.multiplier} between 1 and 10`),
    index('escrow_vaults_due').on(t.indexedAt),
  ],
);

/**
 * One per deposit account of an escrow vault. `totalDeposited` only grows on chain; each growth
 * seen under the vault's lock is announced and rewarded once (the ledger's reference is the
 * deposit address and that total).
 */
export const escrowDeposits = pgTable(
  'escrow_deposits',
  {
    address: text('address').primaryKey(),
    vaultId: bigint('vault_id', { mode: 'bigint' })
      .notNull()
      .references(() => vaults.id, { onDelete: 'cascade' }),
    participant: text('participant').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    totalDeposited: bigint('total_deposited', { mode: 'bigint' }).notNull(),
    accruedReward: numeric('accrued_reward', { precision: 20, scale: 0 }).notNull(),
    rewardMinted: numeric('reward_minted', { precision: 20, scale: 0 }).notNull(),
    penaltyPaid: bigint('penalty_paid', { mode: 'bigint' }).notNull(),
    firstDepositTs: bigint('first_deposit_ts', { mode: 'bigint' }).notNull(),
    lastUpdateTs: bigint('last_update_ts', { mode: 'bigint' }).notNull(),
    rewarded: boolean('rewarded').notNull(),
    refunded: boolean('refunded').notNull(),
    claimed: boolean('claimed').notNull(),
    slot: bigint('slot', { mode: 'bigint' }).notNull(),
    indexedAt: timestampMs('indexed_at').notNull(),
  },
  (t) => [
    uniqueIndex('escrow_deposits_vault_participant').on(t.vaultId, t.participant),
    index('escrow_deposits_rank').on(t.vaultId, t.amount.desc()),
    index('escrow_deposits_participant').on(t.participant, t.lastUpdateTs),
    // Discover's trending job reads the deposits of the last 24 hours.
    index('escrow_deposits_recent').on(t.lastUpdateTs),
  ],
);
