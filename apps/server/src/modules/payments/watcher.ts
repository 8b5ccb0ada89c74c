import { AppError } from '@dum/core';
import type { FastifyBaseLogger } from 'fastify';
import { parsePurpose, type PaymentPurpose } from './purpose.ts';
import { claimOpenIntents, deleteStaleIntents, markIntentPaid, signatureIsSpent } from './repo.ts';
import type { PaymentDeps } from './service.ts';

/**
 * Finds the payments of open intents on the cluster without their callback, as Solana Pay's
 * `findReference` does: `getSignaturesForAddress` on each reference. A blink client that closes
 * before it calls back still gets its support or tip recorded, once: the recorder goes through
 * the feature's own call (which spends the signature once), and instances claim disjoint
 * batches of intents.
 */

export interface FoundPayment {
  reference: string;
  purpose: PaymentPurpose;
  payer: string;
  recipient: string;
  lamports: bigint;
  signature: string;
}

/** Records a found payment through the feature it pays for (composed where the slices meet). */
export type PaymentRecorder = (found: FoundPayment) => Promise<void>;

export interface WatchResult {
  checked: number;
  recorded: number;
  deleted: number;
}

/** Unpaid intents are kept this long past their expiry (a late callback still gets its answer). */
export const STALE_INTENT_MS = 7 * 24 * 3600_000;

/** Intents one pass takes, and how long an intent rests between two looks. */
export const WATCH_BATCH = 200;
export const WATCH_RECHECK_MS = 4_000;

/** Signatures read per reference: a reference is paid once, the rest is a payer's mistake. */
const SIGNATURES_PER_REFERENCE = 10;

interface SignatureInfo {
  signature: string;
  err: unknown;
}

export async function watchPayments(
  deps: PaymentDeps & { logger: FastifyBaseLogger },
  record: PaymentRecorder,
  options: { limit?: number; recheckMs?: number } = {},
): Promise<WatchResult> {
  const now = deps.clock.now();
  const intents = await claimOpenIntents(deps.pool, {
    now,
    checkedBefore: new Date(now.getTime() - (options.recheckMs ?? WATCH_RECHECK_MS)),
    limit: options.limit ?? WATCH_BATCH,
  });
  let recorded = 0;
  for (const intent of intents) {
    const purpose = parsePurpose(intent.purpose);
    if (!purpose) continue;
    const found = await deps.chain.rpc.call<SignatureInfo[]>('getSignaturesForAddress', [
      intent.reference,
      { limit: SIGNATURES_PER_REFERENCE, commitment: 'confirmed' },
    ]);
    // Newest first on the wire; the first transfer that paid is the payment.
    for (const { signature } of found.filter((info) => info.err === null).reverse()) {
      const paid = { reference: intent.reference, signature, now: deps.clock.now() };
      if (await signatureIsSpent(deps.pool, signature)) {
        await markIntentPaid(deps.pool, paid);
        break;
      }
      try {
        await record({
          reference: intent.reference,
          purpose,
          payer: intent.payer,
          recipient: intent.recipient,
          lamports: BigInt(intent.amount),
          signature,
        });
        recorded += 1;
      } catch (error) {
        // Refused by the feature (the vault closed meanwhile, a block): final, like the
        // callback's answer would be. Anything else (the database, the cluster) is tried again
        // on a later pass.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        deps.logger.warn(
          { reference: intent.reference, signature, code: error.code },
          'payment found on the cluster was refused',
        );
      }
      await markIntentPaid(deps.pool, paid);
      break;
    }
  }
  const deleted = await deleteStaleIntents(deps.pool, {
    before: new Date(now.getTime() - STALE_INTENT_MS),
    limit: options.limit ?? WATCH_BATCH,
  });
  return { checked: intents.length, recorded, deleted };
}
