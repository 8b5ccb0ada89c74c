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

export const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

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
  const signer = address(input.signer);
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(signer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(input.recentBlockhash), lastValidBlockHeight: 0n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: address(MEMO_PROGRAM_ID),
          accounts: [{ address: signer, role: AccountRole.READONLY_SIGNER }],
          data: new TextEncoder().encode(input.memo),
        },
        m,
      ),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}
