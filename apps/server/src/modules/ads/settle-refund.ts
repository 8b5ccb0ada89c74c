import type { ChainClient, Signer } from '@dum/chain';
import { utcDay } from '@dum/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import { inTransaction } from '../../db/prepared.ts';
import { buildRefund, nextRefundStep, sendRefund, type SignedRefund } from './refund.ts';
import { lockCampaign, markRefundPaid, readCampaign, replaceRefund } from './repo.ts';

/**
 * Paying an ended campaign's refund, once. The campaign row keeps one refund transaction and,
 * once it landed, when; a new transaction takes the kept one's place only after the cluster shows
 * the kept one never landed and never will, and is kept before it is sent. So at any time one
 * refund of a campaign at most may land, whichever instance sends it, and the row records that
 * one as paid.
 */

export interface RefundDeps {
  pool: pg.Pool;
  clock: Clock;
  chain: Pick<ChainClient, 'rpc'>;
  logger: FastifyBaseLogger;
}

/** The campaign's refund: the treasury's transfer to the advertiser's wallet (`to`). */
export interface RefundTerms {
  treasury: Signer;
  to: string;
  campaignId: bigint;
}

export function buildRefundFor(
  deps: RefundDeps,
  terms: RefundTerms,
  lamports: bigint,
  replaces?: string,
): Promise<SignedRefund> {
  return buildRefund(deps.chain, { ...terms, lamports, replaces });
}

/**
 * Pays an ended campaign's refund unless it is recorded paid. Throws ad_refund_failed when it
 * did not land this time (a later call takes it up where this one left it).
 */
export async function settleRefund(deps: RefundDeps, terms: RefundTerms): Promise<void> {
  const id = terms.campaignId;
  const row = await readCampaign(deps.pool, id, utcDay(deps.clock.now()));
  if (!row || row.refund_confirmed_at || !row.refund_signature || !row.refund_transaction) return;
  let refund: SignedRefund = {
    signature: row.refund_signature,
    transaction: row.refund_transaction,
  };
  const step = await nextRefundStep(deps.chain, refund);
  if (step === 'replace') {
    const lamports = BigInt(row.refund_lamports ?? '0');
    const kept = await replaceDeadRefund(deps, terms, lamports, refund);
    if (!kept) return;
    refund = kept;
  }
  if (step !== 'paid') await sendRefund(deps.chain, refund);
  await markRefundPaid(deps.pool, { id, signature: refund.signature, now: deps.clock.now() });
}

/**
 * Signs a refund in place of `dead` (which never landed and never will) and keeps it, under the
 * campaign's lock, unless another call replaced it first: then that one is the refund to send.
 * Null: nothing is left to send (the refund is recorded paid).
 */
async function replaceDeadRefund(
  deps: RefundDeps,
  terms: RefundTerms,
  lamports: bigint,
  dead: SignedRefund,
): Promise<SignedRefund | null> {
  const fresh = await buildRefundFor(deps, terms, lamports, dead.signature);
  return inTransaction(deps, async (client) => {
    const locked = await lockCampaign(client, terms.campaignId);
    if (!locked || locked.refund_confirmed_at) return null;
    if (locked.refund_signature !== dead.signature) {
      // Replaced by another call: `fresh` is dropped unsent.
      return locked.refund_signature && locked.refund_transaction
        ? { signature: locked.refund_signature, transaction: locked.refund_transaction }
        : null;
    }
    await replaceRefund(client, {
      id: terms.campaignId,
      replaced: dead.signature,
      ...fresh,
    });
    deps.logger.warn(
      {
        campaignId: terms.campaignId.toString(),
        replaced: dead.signature,
        signature: fresh.signature,
      },
      'ad refund replaced: the kept one never landed and never will',
    );
    return fresh;
  });
}
