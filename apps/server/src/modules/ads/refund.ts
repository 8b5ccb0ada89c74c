import { buildTransferTransaction, type ChainClient, type Signer } from '@dum/chain';
import { AppError } from '@dum/core';
import bs58 from 'bs58';

/**
 * The refund of an ended campaign: a real System transfer from the treasury to the advertiser,
 * signed here with the treasury's key. The signed bytes are built (and kept) before they are
 * sent, so a retry sends the same transaction, and the cluster takes it once. Another is signed
 * in its place only once the cluster shows the first never landed and never will (nextRefundStep),
 * and is kept before it is sent: at any time at most one refund of a campaign may land.
 */

export interface SignedRefund {
  signature: string;
  /** base64 of the signed transaction. */
  transaction: string;
}

export async function buildRefund(
  chain: Pick<ChainClient, 'rpc'>,
  args: {
    treasury: Signer;
    to: string;
    lamports: bigint;
    campaignId: bigint;
    /** The refund this one replaces (it never landed and never will). */
    replaces?: string;
  },
): Promise<SignedRefund> {
  const { value } = await chain.rpc.call<{ value: { blockhash: string } }>('getLatestBlockhash', [
    { commitment: 'confirmed' },
  ]);
  // A replacement names the one it replaces: it is never the same transaction as that one (even
  // on the same blockhash), and the treasury's history says which refund took the other's place.
  const memo = `Dum Club ad refund: campaign ${args.campaignId.toString()}`;
  const raw = buildTransferTransaction(
    args.treasury,
    args.to,
    args.lamports,
    value.blockhash,
    args.replaces ? `${memo}, replacing ${args.replaces}` : memo,
  );
  // One signature: a compact length of 1, then the 64 signature bytes.
  return {
    signature: bs58.encode(raw.subarray(1, 65)),
    transaction: Buffer.from(raw).toString('base64'),
  };
}

/** `processed`: in a block the cluster has not confirmed yet (it may still be dropped). */
export type RefundState = 'confirmed' | 'processed' | 'failed' | 'unknown';

async function refundState(
  chain: Pick<ChainClient, 'rpc'>,
  signature: string,
): Promise<RefundState> {
  const { value } = await chain.rpc.call<{
    value: ({ confirmationStatus: string | null; err: unknown } | null)[];
  }>('getSignatureStatuses', [[signature], { searchTransactionHistory: true }]);
  const status = value[0];
  if (!status) return 'unknown';
  if (status.err) return 'failed';
  return status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized'
    ? 'confirmed'
    : 'processed';
}

/** Whether the transaction's blockhash may still land (false: it never will). */
async function refundMayLand(
  chain: Pick<ChainClient, 'rpc'>,
  transaction: string,
): Promise<boolean> {
  const raw = Buffer.from(transaction, 'base64');
  // After the signature: the 3-byte header, the compact key count and the keys, the blockhash.
  const message = raw.subarray(65);
  const keyCount = message[3] ?? 0;
  const blockhash = bs58.encode(message.subarray(4 + keyCount * 32, 4 + keyCount * 32 + 32));
  const { value } = await chain.rpc.call<{ value: boolean }>('isBlockhashValid', [
    blockhash,
    { commitment: 'confirmed' },
  ]);
  return value;
}

/**
 * What a kept refund needs next: `paid` when it landed (record it; another must never be built),
 * `send` while it may still land (send the same bytes again and wait), `replace` only when it
 * never will: it failed, or the cluster has no record of it and its blockhash has expired.
 */
export type RefundStep = 'paid' | 'send' | 'replace';

export function refundStep(state: RefundState, blockhashMayLand: boolean): RefundStep {
  if (state === 'confirmed') return 'paid';
  // A failed transfer took its fee and moved nothing; its signature can never land again.
  if (state === 'failed') return 'replace';
  return state === 'processed' || blockhashMayLand ? 'send' : 'replace';
}

/** The cluster's answer to refundStep for a kept refund. */
export async function nextRefundStep(
  chain: Pick<ChainClient, 'rpc'>,
  refund: SignedRefund,
): Promise<RefundStep> {
  // The blockhash first: once it has expired nothing can land the transaction any more, so the
  // status read after that is final. Read the other way round, it could land in between.
  const mayLand = await refundMayLand(chain, refund.transaction);
  return refundStep(await refundState(chain, refund.signature), mayLand);
}

/**
 * Sends the signed refund and waits until it is confirmed. Throws ad_refund_failed when it did
 * not land (the campaign keeps it, and ending again retries).
 */
export async function sendRefund(
  chain: Pick<ChainClient, 'rpc'>,
  refund: SignedRefund,
  confirmTimeoutMs = 30_000,
): Promise<void> {
  if ((await refundState(chain, refund.signature)) === 'confirmed') return;
  try {
    await chain.rpc.call<string>('sendTransaction', [
      refund.transaction,
      { encoding: 'base64', preflightCommitment: 'confirmed' },
    ]);
  } catch (error) {
    // Sent before (already processed) or refused: the cluster's record decides.
    const state = await refundState(chain, refund.signature);
    if (state === 'confirmed') return;
    if (state !== 'processed') throw new AppError('ad_refund_failed', { cause: error });
  }
  const deadline = Date.now() + confirmTimeoutMs;
  for (;;) {
    const state = await refundState(chain, refund.signature);
    if (state === 'confirmed') return;
    if (state === 'failed' || Date.now() > deadline) throw new AppError('ad_refund_failed');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
