import { SYSTEM_PROGRAM_ID } from '@dum/core';
import { AccountRole, address } from '@solana/kit';
import { buildLegacyTransaction } from './legacy-transaction.ts';

/** The System Program's Transfer instruction data: tag 2 (u32 LE), then the lamports (u64 LE). */
export function transferInstructionData(lamports: bigint): Uint8Array {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return data;
}

/**
 * A plain SOL transfer (a vault support, a message tip): a legacy transaction paid by
 * the sender with one System Program transfer, for the wallet to sign and send. Loaded on
 * demand, so kit stays out of the feed's first load.
 */
export function buildTransferTransaction(input: {
  from: string;
  to: string;
  lamports: bigint;
  recentBlockhash: string;
}): Uint8Array {
  return buildLegacyTransaction({
    feePayer: input.from,
    recentBlockhash: input.recentBlockhash,
    instructions: [
      {
        programAddress: address(SYSTEM_PROGRAM_ID),
        accounts: [
          { address: address(input.from), role: AccountRole.WRITABLE_SIGNER },
          { address: address(input.to), role: AccountRole.WRITABLE },
        ],
        data: transferInstructionData(input.lamports),
      },
    ],
  });
}
