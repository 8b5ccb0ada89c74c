import { address, getAddressEncoder, getProgramDerivedAddress, type Address } from '@solana/kit';
import { SEEDS, VAULT_PROGRAM_ID } from './constants.ts';
import { checkPostId } from './inputs.ts';

/**
 * Program addresses from fixed labels (docs/vault-program.md, Accounts and addresses); the
 * program re-derives each.
 */

export const UPGRADEABLE_LOADER_ID = address('BPFLoaderUpgradeab1e11111111111111111111111');

export interface ProgramAddress {
  address: Address;
  bump: number;
}

const addressEncoder = getAddressEncoder();

async function derive(programId: string, seeds: (string | Uint8Array)[]): Promise<ProgramAddress> {
  const [derived, bump] = await getProgramDerivedAddress({
    programAddress: address(programId),
    seeds: seeds.map((seed) => (typeof seed === 'string' ? new TextEncoder().encode(seed) : seed)),
  });
  return { address: derived, bump };
}

export function postIdSeed(postId: bigint | number | string): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, checkPostId(postId), true);
  return bytes;
}

function key(value: string): Uint8Array {
  return addressEncoder.encode(address(value)) as Uint8Array;
}

export function findConfigAddress(programId: string = VAULT_PROGRAM_ID): Promise<ProgramAddress> {
  return derive(programId, [SEEDS.config]);
}

export function findDumMintAddress(programId: string = VAULT_PROGRAM_ID): Promise<ProgramAddress> {
  return derive(programId, [SEEDS.dumMint]);
}

export function findVaultAddress(
  postId: bigint | number | string,
  creator: string,
  programId: string = VAULT_PROGRAM_ID,
): Promise<ProgramAddress> {
  return derive(programId, [SEEDS.vault, postIdSeed(postId), key(creator)]);
}

export function findDepositAddress(
  vault: string,
  participant: string,
  programId: string = VAULT_PROGRAM_ID,
): Promise<ProgramAddress> {
  return derive(programId, [SEEDS.deposit, key(vault), key(participant)]);
}

export function findMediaRefAddress(
  vault: string,
  contentHash: Uint8Array,
  programId: string = VAULT_PROGRAM_ID,
): Promise<ProgramAddress> {
  if (contentHash.length !== 32) throw new Error('a content hash is 32 bytes (SHA-256)');
  return derive(programId, [SEEDS.mediaRef, key(vault), contentHash]);
}

/** The upgradeable loader's ProgramData account of a program (it holds the upgrade authority). */
export async function findProgramDataAddress(
  programId: string = VAULT_PROGRAM_ID,
): Promise<Address> {
  const [derived] = await getProgramDerivedAddress({
    programAddress: UPGRADEABLE_LOADER_ID,
    seeds: [key(programId)],
  });
  return derived;
}
