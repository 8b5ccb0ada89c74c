import { randomBytes } from 'node:crypto';
import type { ChainClient, TransferRejection } from '@dum/chain';
import { AppError } from '@dum/core';
import bs58 from 'bs58';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import { purposeKey, type PaymentPurpose } from './purpose.ts';
import {
  countFailedReport,
  insertIntent,
  markIntentPaid,
  readAnonymousPayment,
  readIntents,
  spendAnonymously,
  type IntentRow,
} from './repo.ts';

/**
 * Every SOL payment a feature takes is checked here, for one purpose (docs/security.md
 * "Payments"). A transfer proves only "A paid C this much"; what it paid for is bound by a
 * Solana Pay reference: a fresh key the server put on the transfer instruction it built, kept
 * with its purpose, payer, recipient and amount. So:
 *
 * - A report that names a reference (a blink's callback, the watcher) counts only for that
 *   intent's purpose, payer, recipient and amount, whoever sends it. A reference the server never
 *   issued is refused before any RPC call, and an intent whose reports keep failing stops asking
 *   the cluster.
 * - A signed-in payer may report its own transfer (the spec's flow: the wallet sends a plain
 *   transfer, then posts its signature); one that carries the reference of an intent for
 *   anything else is refused.
 *
 * Spending the signature once stays with the write that records what it paid for (one
 * transaction), through spent_transfer_signatures.
 */

export interface PaymentDeps {
  pool: pg.Pool;
  chain: Pick<ChainClient, 'rpc' | 'verifyTransfer'>;
  clock: Clock;
}

/** How long an intent is watched for on the cluster (its transaction's blockhash lives ~1 min). */
export const INTENT_LIFETIME_MS = 15 * 60_000;

/** Refused reports of one intent before further reports are refused without asking the cluster. */
export const MAX_FAILED_REPORTS = 5;

export interface PaymentIntent {
  reference: string;
  expiresAt: Date;
}

/** A new intent: the reference to put on the transfer the server builds for `purpose`. */
export async function createPaymentIntent(
  deps: PaymentDeps,
  input: { purpose: PaymentPurpose; payer: string; recipient: string; lamports: bigint },
): Promise<PaymentIntent> {
  // Any 32 bytes name an account; a random one is unguessable and on no curve that matters.
  const reference = bs58.encode(randomBytes(32));
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + INTENT_LIFETIME_MS);
  await insertIntent(deps.pool, {
    reference,
    purpose: purposeKey(input.purpose),
    payer: input.payer,
    recipient: input.recipient,
    amount: input.lamports,
    now,
    expiresAt,
  });
  return { reference, expiresAt };
}

/**
 * Who reports a payment: its signed-in payer, or anyone holding the intent's reference (a
 * blink's callback names the `account` that signed, which must be the intent's payer).
 */
export type PaymentReport =
  { by: 'payer'; payer: string } | { by: 'reference'; reference: string; account?: string };

export interface VerifiedPayment {
  signature: string;
  payer: string;
  slot: number;
  /** The intent the transfer carries the reference of, if any. */
  reference: string | null;
}

export type PaymentVerification =
  { ok: true; payment: VerifiedPayment } | { ok: false; reason: TransferRejection };

export interface PaymentToVerify {
  signature: string;
  purpose: PaymentPurpose;
  recipient: string;
  lamports: bigint;
  /** Unix seconds: the transfer's block time must be at or after it (see verifyTransfer). */
  notBefore?: number;
  report: PaymentReport;
}

/**
 * Verifies a payment for `purpose` on the cluster. A transfer that does not verify answers its
 * reason (each feature names it in its own words); a binding that does not hold throws:
 * `payment_reference_unknown` (never issued), `payment_bound_elsewhere` (the reference's intent
 * is for another purpose, payer, recipient or amount, or was paid by another transfer),
 * `payment_reference_missing` (the transfer does not carry the reference it is reported with),
 * `payment_reports_exhausted`.
 */
export async function verifyPayment(
  deps: PaymentDeps,
  input: PaymentToVerify,
): Promise<PaymentVerification> {
  const key = purposeKey(input.purpose);
  if (input.report.by === 'reference') {
    return verifyByReference(deps, input, input.report, key);
  }

  const payer = input.report.payer;
  const verified = await deps.chain.verifyTransfer({
    signature: input.signature,
    expectedSender: payer,
    expectedRecipient: input.recipient,
    lamports: input.lamports,
    ...(input.notBefore === undefined ? {} : { notBefore: input.notBefore }),
  });
  if (!verified.ok) return verified;
  const intents = await readIntents(deps.pool, verified.references);
  for (const intent of intents) {
    if (!boundTo(intent, { key, payer, recipient: input.recipient, lamports: input.lamports })) {
      throw new AppError('payment_bound_elsewhere');
    }
  }
  return {
    ok: true,
    payment: {
      signature: input.signature,
      payer,
      slot: verified.slot,
      reference: intents[0]?.reference ?? null,
    },
  };
}

async function verifyByReference(
  deps: PaymentDeps,
  input: PaymentToVerify,
  report: Extract<PaymentReport, { by: 'reference' }>,
  key: string,
): Promise<PaymentVerification> {
  const { reference } = report;
  const [intent] = await readIntents(deps.pool, [reference]);
  if (!intent) throw new AppError('payment_reference_unknown');
  if (
    !boundTo(intent, {
      key,
      payer: intent.payer,
      recipient: input.recipient,
      lamports: input.lamports,
    }) ||
    (intent.signature !== null && intent.signature !== input.signature)
  ) {
    throw new AppError('payment_bound_elsewhere');
  }
  if (report.account !== undefined && report.account !== intent.payer) {
    throw new AppError('transfer_wrong_sender');
  }
  if (intent.failed_reports >= MAX_FAILED_REPORTS) throw new AppError('payment_reports_exhausted');
  const verified = await deps.chain.verifyTransfer({
    signature: input.signature,
    expectedSender: intent.payer,
    expectedRecipient: intent.recipient,
    lamports: BigInt(intent.amount),
    ...(input.notBefore === undefined ? {} : { notBefore: input.notBefore }),
  });
  if (!verified.ok || !verified.references.includes(reference)) {
    await countFailedReport(deps.pool, reference);
    if (!verified.ok) return verified;
    throw new AppError('payment_reference_missing');
  }
  return {
    ok: true,
    payment: { signature: input.signature, payer: intent.payer, slot: verified.slot, reference },
  };
}

function boundTo(
  intent: IntentRow,
  payment: { key: string; payer: string; recipient: string; lamports: bigint },
): boolean {
  return (
    intent.purpose === payment.key &&
    intent.payer === payment.payer &&
    intent.recipient === payment.recipient &&
    BigInt(intent.amount) === payment.lamports
  );
}

/** Records that the payment was taken for its intent, so the watcher stops looking for it. */
export async function settleIntent(deps: PaymentDeps, payment: VerifiedPayment): Promise<void> {
  if (payment.reference === null) return;
  await markIntentPaid(deps.pool, {
    reference: payment.reference,
    signature: payment.signature,
    now: deps.clock.now(),
  });
}

/**
 * A payment by a wallet with no user here (a blink's tipper), whose purpose needs nothing
 * written but the payment itself: verified for its purpose by its intent's reference, then
 * recorded as the wallet's anonymous payment, with no user row and nothing in its name. The same
 * report again answers the same; the signature spent on anything else is 409.
 */
export async function recordAnonymousPayment(
  deps: PaymentDeps,
  input: PaymentToVerify & {
    report: Extract<PaymentReport, { by: 'reference' }>;
    spentOn: 'tip';
  },
): Promise<PaymentVerification> {
  const checked = await verifyPayment(deps, input);
  if (!checked.ok) return checked;
  const { payment } = checked;
  const purpose = purposeKey(input.purpose);
  const spent = await spendAnonymously(deps.pool, {
    signature: input.signature,
    spentOn: input.spentOn,
    purpose,
    payer: payment.payer,
    recipient: input.recipient,
    amount: input.lamports,
    slot: payment.slot,
    now: deps.clock.now(),
  });
  if (!spent.spent) {
    const existing = await readAnonymousPayment(deps.pool, input.signature);
    if (existing?.purpose !== purpose || existing.payer !== payment.payer) {
      throw new AppError('transaction_already_used');
    }
  }
  await settleIntent(deps, payment);
  return checked;
}
