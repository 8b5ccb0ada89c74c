import { SYSTEM_PROGRAM_ID } from '@dum/core';
import bs58 from 'bs58';
import type { RpcClient } from './rpc-client.ts';

/**
 * The one check behind vault supports and message tips: did `expectedSender` pay exactly
 * `lamports` to `expectedRecipient` with a top-level System Program transfer, in a transaction
 * that is confirmed and succeeded?
 *
 * Replay ("this signature was already accepted") is deliberately not checked here: the caller
 * records the signature under a unique constraint in the same database transaction that credits
 * it, which is the only check that holds under concurrency and across instances.
 *
 * Throws AppError `chain_unavailable` when the RPC does not answer, so that nothing is recorded.
 */

export type TransferRejection =
  /** Not a base-58 ed25519 signature. */
  | 'invalid_signature'
  /** The cluster has no confirmed transaction with that signature. */
  | 'unknown_signature'
  /** The transaction executed and failed. */
  | 'failed'
  /** No top-level System Program transfer at all (e.g. only another program's instruction). */
  | 'no_system_transfer'
  /** A matching transfer exists only inside an inner (cross-program) instruction. */
  | 'transfer_not_top_level'
  | 'wrong_sender'
  | 'wrong_recipient'
  | 'wrong_amount'
  /**
   * The matching transfer's block time is before `notBefore` (or unknown): it was made before
   * what it is presented for existed (a vault), so it cannot be a payment to it.
   */
  | 'too_early';

export type TransferVerification =
  | {
      ok: true;
      signature: string;
      slot: number;
      blockTime: number | null;
      /**
       * The extra keys on the matching transfer instruction, past its sender and recipient:
       * Solana Pay's references (read-only, non-signer keys naming what the transfer pays for).
       */
      references: string[];
    }
  | { ok: false; reason: TransferRejection };

export interface VerifyTransferInput {
  signature: string;
  expectedSender: string;
  expectedRecipient: string;
  lamports: bigint;
  /**
   * Unix seconds: the transaction's block time must be at or after it (the same second counts,
   * block times have one-second resolution). Omitted: any time.
   */
  notBefore?: number;
}

interface RpcInstruction {
  programIdIndex: number;
  accounts: number[];
  data: string;
}

interface RpcTransaction {
  slot: number;
  blockTime: number | null;
  transaction: {
    message: {
      accountKeys: string[];
      instructions: RpcInstruction[];
    };
  };
  meta: {
    err: unknown;
    loadedAddresses?: { writable: string[]; readonly: string[] };
    innerInstructions?: { index: number; instructions: RpcInstruction[] }[] | null;
  } | null;
}

interface SystemTransfer {
  from: string;
  to: string;
  lamports: bigint;
  references: string[];
}

function readSystemTransfer(ix: RpcInstruction, keys: string[]): SystemTransfer | null {
  if (keys[ix.programIdIndex] !== SYSTEM_PROGRAM_ID) return null;
  let data: Uint8Array;
  try {
    data = bs58.decode(ix.data);
  } catch {
    return null;
  }
  if (data.length !== 12) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== 2) return null;
  const from = keys[ix.accounts[0] ?? -1];
  const to = keys[ix.accounts[1] ?? -1];
  if (!from || !to) return null;
  const references = ix.accounts.slice(2).flatMap((index) => {
    const key = keys[index];
    return key ? [key] : [];
  });
  return { from, to, lamports: view.getBigUint64(4, true), references };
}

export function isSignature(value: string): boolean {
  try {
    return bs58.decode(value).length === 64;
  } catch {
    return false;
  }
}

export async function verifyTransfer(
  rpc: RpcClient,
  input: VerifyTransferInput,
): Promise<TransferVerification> {
  if (!isSignature(input.signature)) return { ok: false, reason: 'invalid_signature' };
  const tx = await rpc.call<RpcTransaction | null>('getTransaction', [
    input.signature,
    { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
  ]);
  if (!tx || !tx.meta) return { ok: false, reason: 'unknown_signature' };
  if (tx.meta.err !== null && tx.meta.err !== undefined) return { ok: false, reason: 'failed' };
  return judgeTransfer(tx, input);
}

/** The pure part: given the RPC's `json` transaction, accept or name the reason. */
export function judgeTransfer(
  tx: RpcTransaction,
  input: VerifyTransferInput,
): TransferVerification {
  const loaded = tx.meta?.loadedAddresses ?? { writable: [], readonly: [] };
  // The runtime's key order: static keys, then lookup-table writable, then read-only keys.
  const keys = [...tx.transaction.message.accountKeys, ...loaded.writable, ...loaded.readonly];
  const topLevel = tx.transaction.message.instructions
    .map((ix) => readSystemTransfer(ix, keys))
    .filter((t): t is SystemTransfer => t !== null);
  const matches = (t: SystemTransfer) =>
    t.from === input.expectedSender &&
    t.to === input.expectedRecipient &&
    t.lamports === input.lamports;
  const match = topLevel.find(matches);
  if (match) {
    if (
      input.notBefore !== undefined &&
      (tx.blockTime === null || tx.blockTime < input.notBefore)
    ) {
      return { ok: false, reason: 'too_early' };
    }
    return {
      ok: true,
      signature: input.signature,
      slot: tx.slot,
      blockTime: tx.blockTime,
      references: match.references,
    };
  }
  const inner = (tx.meta?.innerInstructions ?? []).flatMap((group) =>
    group.instructions
      .map((ix) => readSystemTransfer(ix, keys))
      .filter((t): t is SystemTransfer => t !== null),
  );
  if (inner.some(matches)) return { ok: false, reason: 'transfer_not_top_level' };
  if (topLevel.length === 0) return { ok: false, reason: 'no_system_transfer' };
  // Name the closest miss: right pair but wrong amount, then right sender, else wrong sender.
  if (topLevel.some((t) => t.from === input.expectedSender && t.to === input.expectedRecipient)) {
    return { ok: false, reason: 'wrong_amount' };
  }
  if (topLevel.some((t) => t.from === input.expectedSender)) {
    return { ok: false, reason: 'wrong_recipient' };
  }
  return { ok: false, reason: 'wrong_sender' };
}
