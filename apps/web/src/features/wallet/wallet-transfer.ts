import { t } from '@lingui/core/macro';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { decodeBase58, encodeBase58, encodeBase64 } from './encoding.ts';
import { getLatestBlockhash, rpcCall } from './rpc.ts';
import { signAndSendFeature, signTransactionFeature } from './wallet-standard.ts';

/** The wallet and cluster a transfer goes through. */
export interface TransferContext {
  wallet: Wallet;
  account: WalletAccount;
  /** e.g. 'solana:localnet'. */
  chain: `${string}:${string}`;
  rpcUrl: string;
}

/** Whether the wallet can get a transfer signed and on chain (sign-and-send, or sign). */
export function canSendTransfers(wallet: Wallet | null, account: WalletAccount | null): boolean {
  if (!wallet || !account) return false;
  return Boolean(signAndSendFeature(wallet, account) ?? signTransactionFeature(wallet, account));
}

/**
 * Builds the System transfer, has the wallet sign and send it (or sign it, and sends it through
 * the cluster's RPC), and answers the base-58 signature.
 */
export async function sendTransferWithWallet(
  context: TransferContext,
  input: { from: string; to: string; lamports: bigint },
): Promise<string> {
  const [recentBlockhash, { buildTransferTransaction }] = await Promise.all([
    getLatestBlockhash(context.rpcUrl),
    import('./transfer-transaction.ts'),
  ]);
  return sendTransactionWithWallet(
    context,
    buildTransferTransaction({ ...input, recentBlockhash }),
  );
}

/**
 * Has the wallet sign and send a serialised transaction (or sign it, and sends it through the
 * cluster's RPC); answers the base-58 signature.
 */
export async function sendTransactionWithWallet(
  context: TransferContext,
  transaction: Uint8Array,
): Promise<string> {
  const signAndSend = signAndSendFeature(context.wallet, context.account);
  if (signAndSend) {
    const [output] = await signAndSend.signAndSendTransaction({
      account: context.account,
      transaction,
      chain: context.chain,
      options: { preflightCommitment: 'confirmed' },
    });
    if (!output) throw new Error('Transaction failed');
    return encodeBase58(output.signature);
  }
  const sign = signTransactionFeature(context.wallet, context.account);
  // Shown to people by the flows that send (their failure toasts): in their language.
  if (!sign) throw new Error(t`Phantom wallet not found. Please install Phantom wallet.`);
  const [signed] = await sign.signTransaction({
    account: context.account,
    transaction,
    chain: context.chain,
  });
  if (!signed) throw new Error('Transaction failed');
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a JSON-RPC method name
  const text = await rpcCall(context.rpcUrl, 'sendTransaction', [
    encodeBase64(signed.signedTransaction),
    { encoding: 'base64', preflightCommitment: 'confirmed' },
  ]);
  const match = /"result"\s*:\s*"([1-9A-HJ-NP-Za-km-z]+)"/.exec(text);
  if (!match?.[1]) throw new Error('Transaction failed');
  decodeBase58(match[1]); // a well-formed signature, or this throws
  return match[1];
}

/** A transaction that landed and failed; `err` is the cluster's TransactionError. */
export class TransactionFailedError extends Error {
  constructor(readonly err: unknown) {
    super(t`Transaction failed`);
    this.name = 'TransactionFailedError';
  }
}

interface SignatureStatus {
  confirmationStatus?: string | null;
  err?: unknown;
}

/**
 * Polls getSignatureStatuses until the transaction is confirmed (or finalized); throws when it
 * failed, or when it is still unknown after `timeoutMs` (its blockhash has expired by then).
 */
export async function waitForConfirmation(
  rpcUrl: string,
  signature: string,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a JSON-RPC method name
    const text = await rpcCall(rpcUrl, 'getSignatureStatuses', [
      [signature],
      { searchTransactionHistory: true },
    ]);
    const parsed = JSON.parse(text) as { result?: { value?: (SignatureStatus | null)[] } };
    const status = parsed.result?.value?.[0];
    if (status?.err) throw new TransactionFailedError(status.err);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') {
      return;
    }
    if (Date.now() > deadline) throw new Error(t`The transaction was not confirmed in time`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 400));
  }
}
