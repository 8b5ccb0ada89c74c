import { checkVaultAmount, formatBaseUnitsExact } from '@dum/core';
import { t } from '@lingui/core/macro';
import { postWithRetries, sendSolTransfer, type SolTransferSteps } from '../wallet/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { VAULT_TEXT } from './vault-messages.ts';
import type { SupportVaultResult } from './vault-types.ts';

/**
 * The vault support flow of spec sections 5, 7 and 8, in order: the checks (vault id, wallet
 * and creator wallet; a wallet that can sign; the minimum; the balance against the amount plus
 * the 0.000005 SOL fee margin), a real System transfer to the creator through the connected
 * wallet, the wait for confirmation, then POST /api/vaults/{id}/support. The steps that touch
 * the wallet, the cluster and the API are passed in, so the order and the messages are tested
 * without them. The transfer and the retried call are the ones a message tip uses too
 * (features/wallet/sol-transfer-flow.ts).
 */

/** `R` is what the server answers: a support's result, or a mystery join's (features/mystery). */
export interface SupportSteps<R = SupportVaultResult> extends SolTransferSteps {
  postSupport(vaultId: string, body: { transactionSignature: string; amount: string }): Promise<R>;
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

export interface SupportOutcome<R = SupportVaultResult> {
  result: R;
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

export async function runVaultSupport<R = SupportVaultResult>(
  steps: SupportSteps<R>,
  request: SupportRequest,
): Promise<SupportOutcome<R>> {
  const { vaultId, wallet, creatorWallet } = request;
  if (!vaultId || !wallet || !creatorWallet) throw new SupportError(VAULT_TEXT.missingData);
  if (!request.canSign) throw new SupportError(VAULT_TEXT.walletNotFound);
  const checked = checkVaultAmount(request.amount);
  if (!checked.ok) {
    throw new SupportError(
      checked.reason === 'invalid_amount'
        ? t`Please enter a valid numeric amount.`
        : VAULT_TEXT.minimum,
    );
  }
  const lamports = checked.lamports;
  const signature = await sendSolTransfer(steps, { from: wallet, to: creatorWallet, lamports });
  const amount = formatBaseUnitsExact(lamports, 9);
  const body = { transactionSignature: signature, amount };
  // Same signature, same answer: retrying after a network failure is safe.
  const result = await postWithRetries(() => steps.postSupport(vaultId, body));
  return { result, solText: amount, signature };
}

/** The description under 'Failed to Support Vault': the message, or 'Transaction failed'. */
export function supportFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error);
  if (error instanceof Error && error.message) return error.message;
  return VAULT_TEXT.failedFallback;
}
