import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampMs } from './columns.ts';

// ---------------------------------------------------------------------------------------------
// Payments (docs/api.md "Payments", docs/security.md "Payments"): every SOL transfer that pays
// for something, bound to its purpose and spent once. Owned by modules/payments.
// ---------------------------------------------------------------------------------------------

/**
 * Every transaction signature that paid for something, once: a transfer credits one thing only.
 * Written in the same transaction as what it paid for (the support, the tip, the join, the
 * budget), so two concurrent claims of one signature take turns on its key and exactly one wins:
 * only through the slice's spendSignature or its SQL twin spend_transfer_signature (migration
 * 0031), which the support and tipped-message statements call.
 * No foreign key: a signature stays spent after its row goes.
 */
export const spentTransferSignatures = pgTable(
  'spent_transfer_signatures',
  {
    signature: text('signature').primaryKey(),
    /** What the transfer paid for: 'vault_support', 'tip', 'mystery_join' or 'ad_budget'. */
    spentOn: text('spent_on').notNull(),
    /**
     * The purpose it paid (`vault_support:12`, `tip:<address>`, …: modules/payments purpose.ts);
     * null only where it could not be told from the rows of the time (a deleted vault's support).
     */
    purpose: text('purpose'),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [
    check(
      'spent_transfer_signatures_kind',
      sql`${t.spentOn} in ('vault_support', 'tip', 'mystery_join', 'ad_budget')`,
    ),
  ],
);

/**
 * A payment intent, Solana Pay style: the server built a transfer for one purpose and put a
 * fresh `reference` key on it (read-only, not a signer). A transfer that carries the reference
 * counts for this purpose, payer, recipient and amount only, whoever reports it. `signature` is
 * the transfer that paid it, once found (by a callback, a signed-in report or the watcher).
 * Amounts are lamports.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    reference: text('reference').primaryKey(),
    /** `vault_support:{id}`, `mystery_join:{id}`, `tip:{address}` or `ad_budget:{id}`. */
    purpose: text('purpose').notNull(),
    payer: text('payer').notNull(),
    recipient: text('recipient').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestampMs('created_at').notNull(),
    /** The watcher looks for the payment on the cluster until then. */
    expiresAt: timestampMs('expires_at').notNull(),
    /** When a watcher last asked the cluster about it (instances take the oldest first). */
    checkedAt: timestampMs('checked_at'),
    /** Reports whose signature the cluster refused; past a few, reports are refused unasked. */
    failedReports: integer('failed_reports').notNull().default(0),
    signature: text('signature').unique(),
    paidAt: timestampMs('paid_at'),
  },
  (t) => [
    check('payment_intents_amount_positive', sql`${t.amount} > 0`),
    check('payment_intents_paid', sql`(${t.signature} is null) = (${t.paidAt} is null)`),
    index('payment_intents_open')
      .on(t.checkedAt)
      .where(sql`${t.signature} is null`),
  ],
);

/**
 * A payment from a wallet that never signed in (a blink's supporter or tipper): recorded here,
 * with no user row and nothing in its name, until that wallet signs in and it is attributed to
 * its user (a tip becomes the tip message then). `signature` is also spent.
 */
export const anonymousPayments = pgTable(
  'anonymous_payments',
  {
    signature: text('signature').primaryKey(),
    purpose: text('purpose').notNull(),
    payer: text('payer').notNull(),
    recipient: text('recipient').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    createdAt: timestampMs('created_at').notNull(),
    attributedAt: timestampMs('attributed_at'),
  },
  (t) => [
    index('anonymous_payments_unattributed')
      .on(t.payer)
      .where(sql`${t.attributedAt} is null`),
  ],
);
