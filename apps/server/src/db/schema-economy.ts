import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ActivityParams } from '@dum/core';
import { users } from './schema-users.ts';

/**
 * A wallet's DUM, kept in step with emission_ledger in the same transaction as every mint
 * (modules/emissions: ledger.ts and sequencer.ts). `balance` is what the person can stake;
 * `staked` is locked in the off-chain staking ledger; `stakingRewards` is accrued staking reward
 * not yet claimed, settled up to `stakeSettledAt`. `totalEarned` is every DUM ever minted to
 * this wallet.
 */
export const dumAccounts = pgTable(
  'dum_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    staked: bigint('staked', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    stakingRewards: bigint('staking_rewards', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    stakeSettledAt: timestamp('stake_settled_at', { withTimezone: true }),
    totalEarned: bigint('total_earned', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'dum_accounts_non_negative',
      sql`${t.balance} >= 0 and ${t.staked} >= 0 and ${t.stakingRewards} >= 0 and ${t.totalEarned} >= 0`,
    ),
  ],
);

/**
 * The Live Activity stream: one row per thing worth showing (a post, a like, DUM earned, a
 * halving, a milestone...). Written in the transaction of the action; public, so messages hold
 * display names, never anything private.
 */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** The line as data (core's ActivityParams): the web app words it in the reader's language. */
    params: jsonb('params').$type<ActivityParams>(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_recent').on(t.createdAt.desc(), t.id.desc())],
);
