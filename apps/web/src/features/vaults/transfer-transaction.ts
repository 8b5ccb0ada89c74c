import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';

export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111';

/** The System Program's Transfer instruction data: tag 2 (u32 LE), then the lamports (u64 LE). */
export function transferInstructionData(lamports: bigint): Uint8Array {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return data;
}

/**
 * A vault support (spec section 7: "a plain SOL transfer to the creator"): a legacy transaction
 * paid by the supporter with one System Program transfer, for the wallet to sign and send.
 * Loaded on demand, so kit stays out of the feed's first load.
 */
export function buildTransferTransaction(input: {
  from: string;
  to: string;
  lamports: bigint;
  recentBlockhash: string;
}): Uint8Array {
  const from = address(input.from);
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(input.recentBlockhash), lastValidBlockHeight: 0n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: address(SYSTEM_PROGRAM_ID),
          accounts: [
            { address: from, role: AccountRole.WRITABLE_SIGNER },
            { address: address(input.to), role: AccountRole.WRITABLE },
          ],
          data: transferInstructionData(input.lamports),
        },
        m,
      ),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}
