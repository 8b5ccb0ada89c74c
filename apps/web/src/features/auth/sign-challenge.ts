import { parseSiwsMessage } from '@dum/core';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { SignedChallenge } from './auth-api.ts';
import { AUTH_ERRORS } from './auth-messages.ts';
import { encodeBase58, encodeBase64 } from '../wallet/index.ts';
import { getLatestBlockhash } from '../wallet/index.ts';
import { signInFeature, signMessageFeature, signTransactionFeature } from '../wallet/index.ts';

export { signingPath, type SigningPath } from '../wallet/index.ts';

export interface SigningContext {
  /** e.g. 'solana:localnet', for wallets that take a chain with a transaction. */
  chain: `${string}:${string}`;
  rpcUrl: string;
}

/**
 * Signs the server's challenge with the best path the wallet offers: `solana:signIn` (the wallet
 * writes the same SIWS text from its fields), else `solana:signMessage`, else a memo-only
 * transaction that is signed and never sent.
 */
export async function signChallenge(
  wallet: Wallet,
  account: WalletAccount,
  message: string,
  context: SigningContext,
): Promise<SignedChallenge> {
  const signIn = signInFeature(wallet);
  const fields = signIn ? parseSiwsMessage(message) : null;
  if (signIn && fields) {
    const [output] = await signIn.signIn(fields);
    if (!output) throw new Error(AUTH_ERRORS.signFailed);
    return {
      message: new TextDecoder().decode(output.signedMessage),
      signature: encodeBase58(output.signature),
    };
  }
  const signMessage = signMessageFeature(wallet, account);
  if (signMessage) {
    const [output] = await signMessage.signMessage({
      account,
      message: new TextEncoder().encode(message),
    });
    if (!output) throw new Error(AUTH_ERRORS.signFailed);
    return { message, signature: encodeBase58(output.signature) };
  }
  const signTransaction = signTransactionFeature(wallet, account);
  if (signTransaction) {
    const [recentBlockhash, { buildMemoTransaction }] = await Promise.all([
      getLatestBlockhash(context.rpcUrl),
      import('../wallet/memo-transaction-entry.ts'),
    ]);
    const transaction = buildMemoTransaction({
      signer: account.address,
      memo: message,
      recentBlockhash,
    });
    const [output] = await signTransaction.signTransaction({
      account,
      transaction,
      chain: context.chain,
    });
    if (!output) throw new Error(AUTH_ERRORS.signFailed);
    return { message, signedTransaction: encodeBase64(output.signedTransaction) };
  }
  throw new Error(AUTH_ERRORS.walletCannotSign);
}
