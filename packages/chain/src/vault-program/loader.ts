import { AccountRole, address, type Instruction } from '@solana/kit';
import { SYSTEM_PROGRAM_ADDRESS } from './instructions.ts';
import { UPGRADEABLE_LOADER_ID } from './pda.ts';

/**
 * BPF Loader Upgradeable (loader v3): the account layouts and instructions a deployment uses
 * (buffer, write, DeployWithMaxDataLen, upgrade). Serialized as the loader reads them: bincode,
 * a u32 variant tag first.
 */

export const RENT_SYSVAR_ADDRESS = address('SysvarRent111111111111111111111111111111111');
export const CLOCK_SYSVAR_ADDRESS = address('SysvarC1ock11111111111111111111111111111111');

/** UpgradeableLoaderState::Program: tag 2, the ProgramData address. */
export const PROGRAM_ACCOUNT_SIZE = 36;
/** Buffer: tag 1, Option<authority>; the program bytes follow. */
export const BUFFER_METADATA_SIZE = 37;
/** ProgramData: tag 3, slot, Option<upgrade authority>; the program bytes follow. */
export const PROGRAM_DATA_METADATA_SIZE = 45;

const LoaderInstruction = {
  InitializeBuffer: 0,
  Write: 1,
  DeployWithMaxDataLen: 2,
  Upgrade: 3,
  ExtendProgram: 6,
} as const;
const PROGRAM_STATE_TAG = 2;
const PROGRAM_DATA_STATE_TAG = 3;

function tagged(tag: number, extra = 0): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(4 + extra);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, tag, true);
  return { bytes, view };
}

export function programAccountData(programDataAddress: Uint8Array): Uint8Array {
  const { bytes } = tagged(PROGRAM_STATE_TAG, 32);
  bytes.set(programDataAddress, 4);
  return bytes;
}

export function programDataAccountData(
  slot: bigint,
  upgradeAuthority: Uint8Array | null,
  elf: Uint8Array,
): Uint8Array {
  const bytes = new Uint8Array(PROGRAM_DATA_METADATA_SIZE + elf.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, PROGRAM_DATA_STATE_TAG, true);
  view.setBigUint64(4, slot, true);
  if (upgradeAuthority) {
    bytes[12] = 1;
    bytes.set(upgradeAuthority, 13);
  }
  bytes.set(elf, PROGRAM_DATA_METADATA_SIZE);
  return bytes;
}

/** The upgrade authority recorded in a ProgramData account (null when the program is final). */
export function upgradeAuthorityOf(programData: Uint8Array): Uint8Array | null {
  if (programData.length < PROGRAM_DATA_METADATA_SIZE) return null;
  if (
    new DataView(programData.buffer, programData.byteOffset).getUint32(0, true) !==
    PROGRAM_DATA_STATE_TAG
  ) {
    return null;
  }
  return programData[12] === 1 ? programData.slice(13, 45) : null;
}

export function initializeBufferInstruction(buffer: string, authority: string): Instruction {
  return {
    programAddress: UPGRADEABLE_LOADER_ID,
    accounts: [
      { address: address(buffer), role: AccountRole.WRITABLE },
      { address: address(authority), role: AccountRole.READONLY },
    ],
    data: tagged(LoaderInstruction.InitializeBuffer).bytes,
  };
}

export function writeInstruction(
  buffer: string,
  authority: string,
  offset: number,
  chunk: Uint8Array,
): Instruction {
  const { bytes, view } = tagged(LoaderInstruction.Write, 4 + 8 + chunk.length);
  view.setUint32(4, offset, true);
  view.setBigUint64(8, BigInt(chunk.length), true);
  bytes.set(chunk, 16);
  return {
    programAddress: UPGRADEABLE_LOADER_ID,
    accounts: [
      { address: address(buffer), role: AccountRole.WRITABLE },
      { address: address(authority), role: AccountRole.READONLY_SIGNER },
    ],
    data: bytes,
  };
}

export function deployWithMaxDataLenInstruction(input: {
  payer: string;
  programData: string;
  program: string;
  buffer: string;
  authority: string;
  maxDataLen: bigint;
}): Instruction {
  const { bytes, view } = tagged(LoaderInstruction.DeployWithMaxDataLen, 8);
  view.setBigUint64(4, input.maxDataLen, true);
  return {
    programAddress: UPGRADEABLE_LOADER_ID,
    accounts: [
      { address: address(input.payer), role: AccountRole.WRITABLE_SIGNER },
      { address: address(input.programData), role: AccountRole.WRITABLE },
      { address: address(input.program), role: AccountRole.WRITABLE },
      { address: address(input.buffer), role: AccountRole.WRITABLE },
      { address: RENT_SYSVAR_ADDRESS, role: AccountRole.READONLY },
      { address: CLOCK_SYSVAR_ADDRESS, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: address(input.authority), role: AccountRole.READONLY_SIGNER },
    ],
    data: bytes,
  };
}

export function upgradeInstruction(input: {
  programData: string;
  program: string;
  buffer: string;
  /** Receives the buffer's lamports. */
  spill: string;
  authority: string;
}): Instruction {
  return {
    programAddress: UPGRADEABLE_LOADER_ID,
    accounts: [
      { address: address(input.programData), role: AccountRole.WRITABLE },
      { address: address(input.program), role: AccountRole.WRITABLE },
      { address: address(input.buffer), role: AccountRole.WRITABLE },
      { address: address(input.spill), role: AccountRole.WRITABLE },
      { address: RENT_SYSVAR_ADDRESS, role: AccountRole.READONLY },
      { address: CLOCK_SYSVAR_ADDRESS, role: AccountRole.READONLY },
      { address: address(input.authority), role: AccountRole.READONLY_SIGNER },
    ],
    data: tagged(LoaderInstruction.Upgrade).bytes,
  };
}

/** Grows a program's ProgramData account so a larger build fits (the payer funds the rent). */
export function extendProgramInstruction(input: {
  programData: string;
  program: string;
  payer: string;
  additionalBytes: number;
}): Instruction {
  const { bytes, view } = tagged(LoaderInstruction.ExtendProgram, 4);
  view.setUint32(4, input.additionalBytes, true);
  return {
    programAddress: UPGRADEABLE_LOADER_ID,
    accounts: [
      { address: address(input.programData), role: AccountRole.WRITABLE },
      { address: address(input.program), role: AccountRole.WRITABLE },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: address(input.payer), role: AccountRole.WRITABLE_SIGNER },
    ],
    data: bytes,
  };
}
