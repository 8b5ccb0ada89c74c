import { insufficientBalanceMessage } from '@dum/core';
import { ApiError } from '../../lib/api-client.ts';

/**
 * Sending SOL from the connected wallet, then telling the server about it: the steps a vault
 * support and a message tip share. The balance check (the amount plus the 0.000005 SOL fee
 * margin, with the spec's 'Insufficient balance. You need X SOL but only have Y SOL'), a real
 * System transfer signed by the wallet, the wait for confirmation; then the server call,
 * retried after network failures because it is idempotent (same signature, same answer). The
 * steps that touch the wallet, the cluster and the API are passed in, so the order and the
 * messages are tested without them.
 */

export interface SolTransferSteps {
  /** SOL balance of an address in lamports (confirmed commitment). */
  getBalance(address: string): Promise<bigint>;
  /** Signs and sends the transfer through the wallet; resolves the base-58 signature. */
  sendTransfer(input: { from: string; to: string; lamports: bigint }): Promise<string>;
  /** Resolves once the transaction is confirmed; throws if it failed or never confirms. */
  confirm(signature: string): Promise<void>;
}

/** A refusal before anything was sent, whose message is the one to show. */
export class TransferCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransferCheckError';
  }
}

/**
 * Checks the balance, sends `lamports` from `from` to `to` and waits for confirmation; answers
 * the signature. `onSent` hears the signature as soon as the wallet has it, before the wait, so
 * a caller can keep it even if the confirmation or what follows fails.
 */
export async function sendSolTransfer(
  steps: SolTransferSteps,
  input: { from: string; to: string; lamports: bigint },
  onSent?: (signature: string) => void,
): Promise<string> {
  const balance = await steps.getBalance(input.from);
  const insufficient = insufficientBalanceMessage(balance, input.lamports);
  if (insufficient) throw new TransferCheckError(insufficient);
  const signature = await steps.sendTransfer(input);
  onSent?.(signature);
  await steps.confirm(signature);
  return signature;
}

/** How many times an idempotent call is made after network errors before giving up. */
export const POST_ATTEMPTS = 3;

/**
 * Makes an idempotent call, again after a network failure (up to POST_ATTEMPTS in all, waiting
 * a little longer each time); an answer from the server (an ApiError) is final.
 */
export async function postWithRetries<T>(
  post: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    }),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await post();
    } catch (error) {
      if (error instanceof ApiError || attempt >= POST_ATTEMPTS) throw error;
      await wait(400 * attempt);
    }
  }
}
