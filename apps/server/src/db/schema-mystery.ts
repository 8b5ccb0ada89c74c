import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampMs, userRef } from './columns.ts';

// ---------------------------------------------------------------------------------------------
// Mystery vaults (docs/api.md "Mystery vaults"): a title and a teaser for everyone, a body,
// optional media and a SOL target hidden until it opens. Owned by modules/mystery. Amounts are
// lamports (bigint).
// ---------------------------------------------------------------------------------------------

/**
 * One per mystery vault. `total` and `participantCount` are kept exact in the transaction of
 * each join under this row's lock; the same lock makes open → opened happen once (a join that
 * reaches the target, or the timer job). `mediaKey` lets the creator's browser load the hidden
 * media before it opens (an <img> sends no bearer token).
 */
export const mysteryVaults = pgTable(
  'mystery_vaults',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    creatorId: userRef('creator_id'),
    title: text('title').notNull(),
    teaser: text('teaser').notNull(),
    body: text('body').notNull(),
    imageKey: text('image_key'),
    audioKey: text('audio_key'),
    mediaKey: text('media_key').notNull(),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    participantCount: integer('participant_count').notNull().default(0),
    createdAt: timestampMs('created_at').notNull(),
    endsAt: timestampMs('ends_at').notNull(),
    openedAt: timestampMs('opened_at'),
    openReason: text('open_reason'),
  },
  (t) => [
    check('mystery_vaults_target_positive', sql`${t.target} > 0`),
    check('mystery_vaults_total_non_negative', sql`${t.total} >= 0`),
    check('mystery_vaults_reason', sql`${t.openReason} in ('target', 'timer')`),
    check(
      'mystery_vaults_opened_with_reason',
      sql`(${t.openedAt} is null) = (${t.openReason} is null)`,
    ),
    // Open ones, soonest to end first (the list, and the timer job's scan).
    index('mystery_vaults_open_ends')
      .on(t.endsAt, t.id)
      .where(sql`${t.openedAt} is null`),
    index('mystery_vaults_opened_recent')
      .on(t.openedAt.desc(), t.id.desc())
      .where(sql`${t.openedAt} is not null`),
    index('mystery_vaults_creator').on(t.creatorId, t.id),
  ],
);

/** A participant's contribution to a mystery vault: the sum of their verified joins. */
export const mysteryParticipants = pgTable(
  'mystery_participants',
  {
    vaultId: bigint('vault_id', { mode: 'bigint' })
      .notNull()
      .references(() => mysteryVaults.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    joinedAt: timestampMs('joined_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vaultId, t.userId] }),
    index('mystery_participants_user').on(t.userId, t.vaultId),
    check('mystery_participants_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Each verified join (its transfer), once per signature. */
export const mysteryJoins = pgTable(
  'mystery_joins',
  {
    signature: text('signature').primaryKey(),
    vaultId: bigint('vault_id', { mode: 'bigint' })
      .notNull()
      .references(() => mysteryVaults.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [index('mystery_joins_vault').on(t.vaultId)],
);
