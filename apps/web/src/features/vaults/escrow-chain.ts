import type { Instruction } from '@solana/kit';
import {
  createVaultProgramReader,
  programErrorForCode,
  VaultInputError,
  vaultProgramErrorFrom,
  type RpcCall,
  type VaultProgramReader,
} from '@dum/chain/vault-program';
import { t } from '@lingui/core/macro';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { inputErrorText, programErrorText } from './escrow-messages.ts';
import { VAULT_TEXT } from './vault-messages.ts';
import { buildLegacyTransaction } from '../wallet/index.ts';
import { getLatestBlockhash, rpcCall } from '../wallet/index.ts';
import {
  sendTransactionWithWallet,
  TransactionFailedError,
  waitForConfirmation,
  type TransferContext,
} from '../wallet/index.ts';

/**
 * The escrow screens' way to the chain: one legacy transaction of vault-program instructions
 * paid and signed by the connected wallet, its confirmation, and the program's errors read back
 * as the texts of docs/vault-program.md. Loaded with the escrow screens only (it brings kit).
 */

/** Signs and sends `instructions` with the wallet, then waits until they are confirmed. */
export async function sendAndConfirm(
  context: TransferContext,
  instructions: readonly Instruction[],
): Promise<string> {
  const recentBlockhash = await getLatestBlockhash(context.rpcUrl);
  const transaction = buildLegacyTransaction({
    feePayer: context.account.address,
    instructions,
    recentBlockhash,
  });
  const signature = await sendTransactionWithWallet(context, transaction);
  await waitForConfirmation(context.rpcUrl, signature);
  return signature;
}

/** A JSON-RPC caller for the program reader, over the app's minimal fetch client. */
export function rpcCaller(rpcUrl: string): RpcCall {
  return async <T>(method: string, params: unknown[]): Promise<T> => {
    const text = await rpcCall(rpcUrl, method, params);
    return (JSON.parse(text) as { result: T }).result;
  };
}

export function chainReader(rpcUrl: string, programId: string): VaultProgramReader {
  return createVaultProgramReader(rpcCaller(rpcUrl), programId);
}

const CUSTOM_ERROR = /custom program error: 0x([0-9a-f]+)/i;

/**
 * The text a person sees when an escrow step fails: the program's own error (from a failed
 * simulation's 'custom program error: 0x…' or a landed transaction's InstructionError), the
 * spec's input and chain texts, the server's message, else the error's message, else
 * 'Transaction failed'.
 */
export function escrowErrorMessage(error: unknown): string {
  if (error instanceof TransactionFailedError) {
    const failure = vaultProgramErrorFrom(error.err);
    return failure
      ? programErrorText({ name: failure.errorName, msg: failure.message })
      : VAULT_TEXT.failedFallback;
  }
  if (error instanceof VaultInputError) return inputErrorText(error.message);
  if (error instanceof ApiError) return errorMessage(error);
  if (error instanceof Error) {
    const custom = CUSTOM_ERROR.exec(error.message);
    if (custom?.[1]) {
      const known = programErrorForCode(parseInt(custom[1], 16));
      if (known) return programErrorText(known);
    }
    if (/User rejected|rejected the request/i.test(error.message)) {
      return t`User rejected the request`;
    }
    if (/no record of a prior credit|insufficient (funds|lamports)/i.test(error.message)) {
      return t`Insufficient balance for this transaction and its fee`;
    }
    if (error.message) return error.message;
  }
  return VAULT_TEXT.failedFallback;
}
