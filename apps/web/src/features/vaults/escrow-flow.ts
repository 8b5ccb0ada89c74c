import {
  FEE_MARGIN_LAMPORTS,
  formatBaseUnitsExact,
  insufficientBalanceMessage,
  parseDecimalAmount,
} from '@dum/core';
import { t } from '@lingui/core/macro';
import {
  addMediaRefInstruction,
  claimVaultInstruction,
  createVaultInstruction,
  earlyWithdrawInstruction,
  findVaultAddress,
  joinVaultInstruction,
  MAX_DEPOSITS_PER_CLAIM,
  VaultInputError,
  withdrawWithRewardsInstructions,
  type MediaType,
  type VaultProgramReader,
} from '@dum/chain/vault-program';
import type { Instruction } from '@solana/kit';
import { ApiError } from '../../lib/api-client.ts';
import type { PostVault } from '../post/index.ts';
import { claimableDeposits, inBatches } from './escrow-display.ts';
import type { EscrowView } from './escrow-types.ts';
import { INPUT_TEXT } from './escrow-messages.ts';
import { VAULT_TEXT } from './vault-messages.ts';

/**
 * The escrow vault flows (docs/vault-program.md): the input checks (multiplier, duration), one wallet-signed transaction of vault-program instructions, then
 * POST /api/vaults/{id}/escrow/sync so the server reads the chain. The steps that touch the
 * wallet, the cluster and the API are passed in, so order and messages are tested without them.
 */

export interface EscrowSteps {
  /** The connected wallet (the signed-in one), or null: 'Wallet not connected'. */
  wallet: string | null;
  getBalance: (address: string) => Promise<bigint>;
  /** Signs and sends one transaction with the wallet and waits for it to be confirmed. */
  sendAndConfirm: (instructions: Instruction[]) => Promise<string>;
  reader: Pick<VaultProgramReader, 'getVault' | 'getDeposit' | 'listDeposits'>;
  sync: (vaultId: string, signature?: string) => Promise<{ vault: PostVault }>;
}

export interface EscrowTarget {
  vaultId: string;
  escrow: Pick<EscrowView, 'programId' | 'address' | 'postId' | 'multiplier' | 'durationSeconds'>;
}

export interface EscrowOutcome {
  signature: string | null;
  vault: PostVault | null;
}

/** Rent the program takes from a participant's first join (a 136-byte deposit account). */
export const DEPOSIT_RENT_LAMPORTS = 1_837_440n;

function requireWallet(steps: EscrowSteps): string {
  if (!steps.wallet) throw new Error(t`Wallet not connected`);
  return steps.wallet;
}

/** The server reads the chain after every transaction; a lag is retried briefly. */
async function syncAfter(
  steps: EscrowSteps,
  vaultId: string,
  signature: string | null,
): Promise<PostVault> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await steps.sync(vaultId, signature ?? undefined)).vault;
    } catch (error) {
      const lagging = error instanceof ApiError && error.code === 'escrow_not_on_chain';
      const network = !(error instanceof ApiError);
      if (attempt >= 4 || !(lagging || network)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** A join amount typed in SOL: a number > 0 with at most 9 decimals, as lamports. */
export function parseJoinAmount(text: string): bigint {
  const parsed = parseDecimalAmount(text, 9);
  if (!parsed.ok) throw new VaultInputError('amount', t`Please enter a valid numeric amount.`);
  if (parsed.value <= 0n) throw new VaultInputError('amount', INPUT_TEXT.amount);
  return parsed.value;
}

export async function joinEscrow(
  steps: EscrowSteps,
  target: EscrowTarget,
  amountText: string,
): Promise<EscrowOutcome & { solText: string }> {
  const lamports = parseJoinAmount(amountText);
  const wallet = requireWallet(steps);
  const [balance, deposit] = await Promise.all([
    steps.getBalance(wallet),
    steps.reader.getDeposit(target.escrow.address, wallet),
  ]);
  // The first join also pays the rent of the participant's deposit account.
  const rent = deposit ? 0n : DEPOSIT_RENT_LAMPORTS;
  if (insufficientBalanceMessage(balance, lamports + rent) !== null) {
    throw new Error(VAULT_TEXT.insufficient(lamports + rent + FEE_MARGIN_LAMPORTS, balance));
  }
  const signature = await steps.sendAndConfirm([
    await joinVaultInstruction({
      participant: wallet,
      vault: target.escrow.address,
      lamports,
      programId: target.escrow.programId,
    }),
  ]);
  const vault = await syncAfter(steps, target.vaultId, signature);
  return { signature, vault, solText: formatBaseUnitsExact(lamports, 9) };
}

export async function earlyWithdrawEscrow(
  steps: EscrowSteps,
  target: EscrowTarget,
): Promise<EscrowOutcome> {
  const wallet = requireWallet(steps);
  const onChain = await steps.reader.getVault(target.escrow.address);
  if (!onChain) throw new Error(t`The vault is not on chain yet`);
  const signature = await steps.sendAndConfirm([
    await earlyWithdrawInstruction({
      participant: wallet,
      vault: target.escrow.address,
      treasury: onChain.treasury,
      programId: target.escrow.programId,
    }),
  ]);
  return { signature, vault: await syncAfter(steps, target.vaultId, signature) };
}

export async function withdrawEscrow(
  steps: EscrowSteps,
  target: EscrowTarget,
): Promise<EscrowOutcome> {
  const wallet = requireWallet(steps);
  const signature = await steps.sendAndConfirm(
    await withdrawWithRewardsInstructions({
      participant: wallet,
      vault: target.escrow.address,
      programId: target.escrow.programId,
    }),
  );
  return { signature, vault: await syncAfter(steps, target.vaultId, signature) };
}

/** The creator takes every unclaimed deposit, 20 per transaction (the program's bound). */
export async function claimEscrow(
  steps: EscrowSteps,
  target: EscrowTarget,
): Promise<EscrowOutcome & { claimed: number }> {
  const wallet = requireWallet(steps);
  const deposits = await steps.reader.listDeposits({ vault: target.escrow.address });
  const claimable = claimableDeposits(
    deposits.map(({ address, deposit }) => ({
      address,
      amount: deposit.amount,
      claimed: deposit.claimed,
    })),
  );
  if (claimable.length === 0) throw new Error(t`Nothing to claim`);
  const batches = inBatches(claimable, MAX_DEPOSITS_PER_CLAIM);
  let signature: string | null = null;
  for (const batch of batches) {
    signature = await steps.sendAndConfirm([
      claimVaultInstruction({
        creator: wallet,
        vault: target.escrow.address,
        deposits: batch,
        programId: target.escrow.programId,
      }),
    ]);
  }
  return {
    signature,
    vault: await syncAfter(steps, target.vaultId, signature),
    claimed: claimable.length,
  };
}

export interface EscrowMedia {
  contentHash: Uint8Array;
  mediaType: MediaType;
  size: bigint;
}

/**
 * Puts a pending escrow vault on chain: create_vault (and add_media_ref when the post has
 * media, so the media is committed before anyone can join) in one transaction, then sync. A
 * vault already on chain (a retry after a lost answer) is only synced.
 */
export async function createEscrowOnChain(
  steps: EscrowSteps,
  target: EscrowTarget & { durationDays: number },
  media: EscrowMedia | null,
): Promise<EscrowOutcome> {
  const wallet = requireWallet(steps);
  const { programId, postId, multiplier } = target.escrow;
  const vaultAddress =
    target.escrow.address || (await findVaultAddress(postId, wallet, programId)).address;
  if (await steps.reader.getVault(vaultAddress)) {
    return { signature: null, vault: await syncAfter(steps, target.vaultId, null) };
  }
  const instructions = [
    await createVaultInstruction({
      creator: wallet,
      postId,
      multiplier,
      durationDays: target.durationDays,
      programId,
    }),
  ];
  if (media) {
    instructions.push(
      await addMediaRefInstruction({
        creator: wallet,
        vault: vaultAddress,
        mediaType: media.mediaType,
        contentHash: media.contentHash,
        size: media.size,
        programId,
      }),
    );
  }
  const signature = await steps.sendAndConfirm(instructions);
  return { signature, vault: await syncAfter(steps, target.vaultId, signature) };
}

/** Whole days of a vault's duration (the program takes days). */
export function durationDaysOf(durationSeconds: string): number {
  const seconds = /^\d+$/.test(durationSeconds) ? Number(durationSeconds) : 0;
  return Math.max(1, Math.round(seconds / 86_400));
}
