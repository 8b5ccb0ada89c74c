import {
  checkVaultAmount,
  formatBaseUnitsExact,
  insufficientBalanceMessage,
  VAULT_MESSAGES,
} from '@dum/core';
import { ApiError } from '../../lib/api-client.ts';
import type { SupportVaultResult } from './vault-types.ts';

/**
 * The vault support flow of spec sections 5, 7 and 8, in order: the checks (vault id, wallet
 * and creator wallet; a wallet that can sign; the minimum; the balance against the amount plus
 * the 0.000005 SOL fee margin), a real System transfer to the creator through the connected
 * wallet, the wait for confirmation, then POST /api/vaults/{id}/support. The steps that touch
 * the wallet, the cluster and the API are passed in, so the order and the messages are tested
 * without them.
 */

export interface SupportSteps {
  /** SOL balance of an address in lamports (confirmed commitment). */
  getBalance(address: string): Promise<bigint>;
  /** Signs and sends the transfer through the wallet; resolves the base-58 signature. */
  sendTransfer(input: { from: string; to: string; lamports: bigint }): Promise<string>;
  /** Resolves once the transaction is confirmed; throws if it failed or never confirms. */
  confirm(signature: string): Promise<void>;
  postSupport(
    vaultId: string,
    body: { transactionSignature: string; amount: string },
  ): Promise<SupportVaultResult>;
}

export interface SupportRequest {
  vaultId: string | null | undefined;
  /** The connected wallet's address (it is also the signed-in user's). */
  wallet: string | null | undefined;
  creatorWallet: string | null | undefined;
  /** A wallet is connected that can sign and send (or sign) transactions. */
  canSign: boolean;
  /** SOL, as typed. */
  amount: string;
}

export interface SupportOutcome {
  result: SupportVaultResult;
  /** What was sent, for the success toast ('Successfully vaulted {n} SOL on-chain!'). */
  solText: string;
  signature: string;
}

/** A failure whose message is the one to show under 'Failed to Support Vault'. */
export class SupportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SupportError';
  }
}

/** How many times the support call is retried after a network error (it is idempotent). */
const POST_ATTEMPTS = 3;

export async function runVaultSupport(
  steps: SupportSteps,
  request: SupportRequest,
): Promise<SupportOutcome> {
  const { vaultId, wallet, creatorWallet } = request;
  if (!vaultId || !wallet || !creatorWallet) throw new SupportError(VAULT_MESSAGES.missingData);
  if (!request.canSign) throw new SupportError(VAULT_MESSAGES.walletNotFound);
  const checked = checkVaultAmount(request.amount);
  if (!checked.ok) {
    throw new SupportError(
      checked.reason === 'invalid_amount'
        ? 'Please enter a valid numeric amount.'
        : VAULT_MESSAGES.minimum,
    );
  }
  const lamports = checked.lamports;
  const balance = await steps.getBalance(wallet);
  const insufficient = insufficientBalanceMessage(balance, lamports);
  if (insufficient) throw new SupportError(insufficient);

  const signature = await steps.sendTransfer({ from: wallet, to: creatorWallet, lamports });
  await steps.confirm(signature);

  const amount = formatBaseUnitsExact(lamports, 9);
  const body = { transactionSignature: signature, amount };
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await steps.postSupport(vaultId, body);
      return { result, solText: amount, signature };
    } catch (error) {
      // Same signature, same answer: retrying after a network failure is safe.
      if (error instanceof ApiError || attempt >= POST_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    }
  }
}

/** The description under 'Failed to Support Vault': the message, or 'Transaction failed'. */
export function supportFailureMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return VAULT_MESSAGES.failedFallback;
}
