import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
} from '@solana/kit';

/**
 * The app's one way to build a transaction: legacy, paid by `feePayer`, valid for
 * `recentBlockhash`, holding `instructions`, as wire bytes for a wallet to sign. Loaded on
 * demand by its callers, so kit stays out of the first-load bundle.
 */
export function buildLegacyTransaction(input: {
  feePayer: string;
  instructions: readonly Instruction[];
  recentBlockhash: string;
}): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(address(input.feePayer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(input.recentBlockhash), lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(input.instructions, m),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}
