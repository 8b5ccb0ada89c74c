import { isAddress } from '@solana/kit';
import { FIRST_ERROR_CODE, PROGRAM_ERRORS, type ProgramErrorName } from './constants.ts';

/** The user-facing texts of chain errors (the product's wording: keep them verbatim). */
export const CHAIN_ERROR_MESSAGES = {
  walletNotConnected: 'Wallet not connected',
  programNotInitialized: 'Program not initialized. Call initialize() first.',
  programNotConfigured: 'Program not configured',
  invalidIdl: 'Invalid IDL: missing required fields',
  createVaultDeprecated:
    'createVault(targetAmount, durationSeconds) is deprecated: create a vault post from the composer (escrow), which calls createVaultInstruction({ creator, postId, multiplier, durationDays }); the program derives the target and the end time itself',
  joinVaultDeprecated:
    "joinVault(vaultAddress, amount) is deprecated: join from the vault's Join button, which calls joinVaultInstruction({ participant, vault, lamports }) with the amount in lamports as a bigint",
} as const;

export function idlFetchFailedMessage(status: number | string): string {
  return `Failed to fetch the contract definition: ${status}`;
}

export function invalidProgramIdMessage(value: string): string {
  return `Invalid program ID: ${value}`;
}

/**
 * The vault program's address for a cluster's configuration: 'Program not configured' without
 * one, 'Invalid program ID: …' for anything that is not a base-58 32-byte address.
 */
export function resolveVaultProgramId(value: string | null | undefined): string {
  if (value === undefined || value === null || value.trim() === '') {
    throw new Error(CHAIN_ERROR_MESSAGES.programNotConfigured);
  }
  if (!isAddress(value.trim())) throw new Error(invalidProgramIdMessage(value));
  return value.trim();
}

/** A failure the vault program reported (InstructionError Custom code 6000 and up). */
export class VaultProgramError extends Error {
  constructor(
    readonly code: number,
    readonly errorName: ProgramErrorName,
    message: string,
    readonly instructionIndex: number,
  ) {
    super(message);
    this.name = 'VaultProgramError';
  }
}

export function programErrorForCode(code: number): { name: ProgramErrorName; msg: string } | null {
  return PROGRAM_ERRORS[code - FIRST_ERROR_CODE] ?? null;
}

/**
 * Reads a transaction error as the RPC reports it (`{"InstructionError":[i,{"Custom":n}]}`) and
 * returns the vault program's error when it is one of ours.
 */
export function vaultProgramErrorFrom(err: unknown): VaultProgramError | null {
  if (typeof err !== 'object' || err === null || !('InstructionError' in err)) return null;
  const detail = err.InstructionError;
  if (!Array.isArray(detail) || detail.length !== 2) return null;
  const [index, inner] = detail as [unknown, unknown];
  if (typeof index !== 'number' || typeof inner !== 'object' || inner === null) return null;
  if (!('Custom' in inner)) return null;
  const code = inner.Custom;
  if (typeof code !== 'number') return null;
  const known = programErrorForCode(code);
  return known ? new VaultProgramError(code, known.name, known.msg, index) : null;
}
