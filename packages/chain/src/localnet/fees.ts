import { SYSTEM_PROGRAM_ID } from '@dum/core';
import { COMPUTE_BUDGET_PROGRAM_ID, LAMPORTS_PER_SIGNATURE } from '../programs.ts';
import type { DecodedMessage } from '../wire.ts';

/** What a transaction pays, and whether its blockhash is a durable nonce instead. */

/** 5000 lamports per signature plus the compute-unit price times the limit (priority fee). */
export function calculateFee(message: DecodedMessage): bigint {
  let unitPrice = 0n;
  let unitLimit: bigint | null = null;
  let otherInstructions = 0n;
  for (const ix of message.instructions) {
    if (message.staticAccountKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM_ID) {
      otherInstructions += 1n;
      continue;
    }
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) unitLimit = BigInt(view.getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) unitPrice = view.getBigUint64(1, true);
  }
  const limit =
    unitLimit ??
    (otherInstructions * 200_000n > 1_400_000n ? 1_400_000n : otherInstructions * 200_000n);
  const priority = (unitPrice * limit + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures) + priority;
}

/** A durable-nonce transaction opens with AdvanceNonceAccount; its blockhash never expires. */
export function usesDurableNonce(message: DecodedMessage): boolean {
  const first = message.instructions[0];
  if (!first) return false;
  return (
    message.staticAccountKeys[first.programIdIndex] === SYSTEM_PROGRAM_ID &&
    first.data.length >= 4 &&
    first.data[0] === 4 &&
    first.data[1] === 0
  );
}
