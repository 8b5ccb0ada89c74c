import type { Queryable } from '../../db/prepared.ts';

/**
 * The payments slice's SQL: intents, the spent-signature check and anonymous payments.
 * Lamports travel as text and become bigint in the service.
 */

export interface IntentRow {
  reference: string;
  purpose: string;
  payer: string;
  recipient: string;
  amount: string;
  created_at: Date;
  expires_at: Date;
  failed_reports: number;
  signature: string | null;
}

const INTENT_COLUMNS = `reference, purpose, payer, recipient, amount::text as amount, created_at,
  expires_at, failed_reports, signature`;

export async function insertIntent(
  db: Queryable,
  intent: {
    reference: string;
    purpose: string;
    payer: string;
    recipient: string;
    amount: bigint;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query({
    name: 'payments_insert_intent',
    text: `insert into payment_intents (reference, purpose, payer, recipient, amount, created_at,
        expires_at)
      values ($1, $2, $3, $4, $5, $6, $7)`,
    values: [
      intent.reference,
      intent.purpose,
      intent.payer,
      intent.recipient,
      intent.amount.toString(),
      intent.now,
      intent.expiresAt,
    ],
  });
}

/** The intents with these references (the ones the server issued; others are not ours). */
export async function readIntents(db: Queryable, references: string[]): Promise<IntentRow[]> {
  if (references.length === 0) return [];
  const result = await db.query<IntentRow>({
    name: 'payments_read_intents',
    text: `select ${INTENT_COLUMNS} from payment_intents where reference = any($1::text[])`,
    values: [references],
  });
  return result.rows;
}

/** One more report whose transfer the cluster refused. */
export async function countFailedReport(db: Queryable, reference: string): Promise<void> {
  await db.query({
    name: 'payments_failed_report',
    text: `update payment_intents set failed_reports = failed_reports + 1 where reference = $1`,
    values: [reference],
  });
}

/** The intent is paid by this signature (the first one found wins; later ones change nothing). */
export async function markIntentPaid(
  db: Queryable,
  args: { reference: string; signature: string; now: Date },
): Promise<void> {
  await db.query({
    name: 'payments_mark_paid',
    text: `update payment_intents set signature = $2, paid_at = $3
      where reference = $1 and signature is null
        and not exists (select 1 from payment_intents where signature = $2)`,
    values: [args.reference, args.signature, args.now],
  });
}

/**
 * Takes up to `limit` open intents for one watcher pass: unpaid, not expired, and not looked at
 * since `checkedBefore`, oldest look first. Each is stamped as looked at in the same statement,
 * and rows another instance is stamping are skipped, so instances take disjoint batches.
 */
export async function claimOpenIntents(
  db: Queryable,
  args: { now: Date; checkedBefore: Date; limit: number },
): Promise<IntentRow[]> {
  const result = await db.query<IntentRow>({
    name: 'payments_claim_open',
    text: `update payment_intents set checked_at = $1
      where reference in (
        select reference from payment_intents
        where signature is null and expires_at > $1
          and (checked_at is null or checked_at < $2)
        order by checked_at nulls first, created_at
        limit $3
        for update skip locked)
      returning ${INTENT_COLUMNS}`,
    values: [args.now, args.checkedBefore, args.limit],
  });
  return result.rows;
}

/**
 * Takes the signature for one purpose in the caller's transaction (the write that records what
 * it paid for): false when it paid for anything already. Its key is held to commit, so a
 * concurrent claim waits and then finds it taken. spend_transfer_signature (sql/, PL/pgSQL) is
 * the same in SQL, for the statements that record a support or a tipped message in one call.
 */
export async function spendSignature(
  db: Queryable,
  args: {
    signature: string;
    spentOn: 'vault_support' | 'tip' | 'mystery_join' | 'ad_budget';
    purpose: string;
    now: Date;
  },
): Promise<boolean> {
  const result = await db.query<{ spent: boolean }>({
    name: 'payments_spend',
    text: `select spend_transfer_signature($1, $2, $3, $4) as spent`,
    values: [args.signature, args.spentOn, args.purpose, args.now],
  });
  return result.rows[0]?.spent === true;
}

/** Whether this signature already paid for something. */
export async function signatureIsSpent(db: Queryable, signature: string): Promise<boolean> {
  const result = await db.query({
    name: 'payments_signature_spent',
    text: `select 1 from spent_transfer_signatures where signature = $1`,
    values: [signature],
  });
  return (result.rowCount ?? 0) > 0;
}

/**
 * Spends the signature for a payment by a wallet with no user, and records it as that wallet's
 * anonymous payment, in the caller's transaction. `spent` is false (nothing written) when the
 * signature paid for something already; `firstFromPayer` says whether this wallet paid for this
 * purpose before (a vault counts each supporter once).
 */
export async function spendAnonymously(
  db: Queryable,
  payment: {
    signature: string;
    spentOn: 'vault_support' | 'tip';
    purpose: string;
    payer: string;
    recipient: string;
    amount: bigint;
    slot: number;
    now: Date;
  },
): Promise<{ spent: boolean; firstFromPayer: boolean }> {
  const spent = await spendSignature(db, {
    signature: payment.signature,
    spentOn: payment.spentOn,
    purpose: payment.purpose,
    now: payment.now,
  });
  if (!spent) return { spent: false, firstFromPayer: false };
  const result = await db.query<{ first: boolean }>({
    name: 'payments_insert_anonymous',
    text: `with earlier as (
        select 1 from anonymous_payments where payer = $3 and purpose = $2 limit 1
      ), ins as (
        insert into anonymous_payments (signature, purpose, payer, recipient, amount, slot,
          created_at)
        values ($1, $2, $3, $4, $5, $6, $7)
      )
      select not exists (select 1 from earlier) as first`,
    values: [
      payment.signature,
      payment.purpose,
      payment.payer,
      payment.recipient,
      payment.amount.toString(),
      payment.slot,
      payment.now,
    ],
  });
  return { spent: true, firstFromPayer: result.rows[0]?.first ?? true };
}

export interface AnonymousPaymentRow {
  signature: string;
  purpose: string;
  payer: string;
  recipient: string;
  amount: string;
  /** Read with the unattributed payments only. */
  slot?: string;
  created_at?: Date;
}

/** An anonymous payment by its signature (a repeated report answers the first one again). */
export async function readAnonymousPayment(
  db: Queryable,
  signature: string,
): Promise<AnonymousPaymentRow | null> {
  const result = await db.query<AnonymousPaymentRow>({
    name: 'payments_read_anonymous',
    text: `select signature, purpose, payer, recipient, amount::text as amount
      from anonymous_payments where signature = $1`,
    values: [signature],
  });
  return result.rows[0] ?? null;
}

/** A wallet's anonymous payments not yet attributed to its user, oldest first. */
export async function readUnattributedPayments(
  db: Queryable,
  payer: string,
): Promise<AnonymousPaymentRow[]> {
  const result = await db.query<AnonymousPaymentRow>({
    name: 'payments_unattributed',
    text: `select signature, purpose, payer, recipient, amount::text as amount, slot::text as slot, created_at
      from anonymous_payments where payer = $1 and attributed_at is null
      order by created_at, signature`,
    values: [payer],
  });
  return result.rows;
}

/**
 * Marks one anonymous payment attributed, in the caller's transaction (which writes what it
 * becomes); false when another sign-in attributed it first.
 */
export async function claimAnonymousPayment(
  db: Queryable,
  args: { signature: string; now: Date },
): Promise<boolean> {
  const result = await db.query({
    name: 'payments_claim_anonymous',
    text: `update anonymous_payments set attributed_at = $2
      where signature = $1 and attributed_at is null`,
    values: [args.signature, args.now],
  });
  return (result.rowCount ?? 0) > 0;
}

/**
 * Deletes up to `limit` intents that expired unpaid before `before`: their transaction can no
 * longer land, and a callback that late is answered as for an unknown reference.
 */
export async function deleteStaleIntents(
  db: Queryable,
  args: { before: Date; limit: number },
): Promise<number> {
  const result = await db.query({
    name: 'payments_delete_stale',
    text: `delete from payment_intents where reference in (
        select reference from payment_intents
        where signature is null and expires_at < $1
        limit $2 for update skip locked)`,
    values: [args.before, args.limit],
  });
  return result.rowCount ?? 0;
}
