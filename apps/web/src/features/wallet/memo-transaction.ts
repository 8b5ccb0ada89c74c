import { MEMO_PROGRAM_ID } from '@dum/core';
import { AccountRole, address } from '@solana/kit';
import { buildLegacyTransaction } from './legacy-transaction.ts';

/**
 * The sign-in transaction for wallets that can sign only transactions (a Ledger behind a
 * software wallet): a legacy transaction, paid by the signer, whose only instruction is an SPL
 * Memo carrying the challenge and naming the signer. It is signed and handed to the server,
 * never sent. Loaded on demand: kit stays out of the first-load bundle.
 */
export function buildMemoTransaction(input: {
  signer: string;
  memo: string;
  recentBlockhash: string;
}): Uint8Array {
  return buildLegacyTransaction({
    feePayer: input.signer,
    recentBlockhash: input.recentBlockhash,
    instructions: [
      {
        programAddress: address(MEMO_PROGRAM_ID),
        accounts: [{ address: address(input.signer), role: AccountRole.READONLY_SIGNER }],
        data: new TextEncoder().encode(input.memo),
      },
    ],
  });
}
