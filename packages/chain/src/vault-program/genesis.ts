import { PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import { PROGRAM_ACCOUNT_SIZE, programAccountData, programDataAccountData } from './loader.ts';
import { UPGRADEABLE_LOADER_ID } from './pda.ts';

export interface GenesisAccount {
  address: string;
  account: { lamports: bigint; data: Uint8Array; owner: string; executable: boolean };
}

export interface GenesisProgram {
  programId: string;
  elf: Uint8Array;
  upgradeAuthority: string | null;
  /** Room for upgrades in the ProgramData account; twice the program by default. */
  maxDataLen?: number;
}

export function programDataAddress(programId: string): string {
  return PublicKey.findProgramAddressSync(
    [bs58.decode(programId)],
    new PublicKey(UPGRADEABLE_LOADER_ID),
  )[0].toBase58();
}

/**
 * The two accounts of an upgradeable program (BPF Loader Upgradeable), as a cluster's genesis
 * holds them (solana-test-validator's --upgradeable-program does the same): the ProgramData
 * account with the upgrade authority and the program bytes, then the executable program account.
 */
export function upgradeableProgramAccounts(
  program: GenesisProgram,
  rentExemptMinimum: (length: number) => bigint,
): GenesisAccount[] {
  const programData = programDataAddress(program.programId);
  const maxDataLen = Math.max(program.maxDataLen ?? program.elf.length * 2, program.elf.length);
  const withRoom = new Uint8Array(maxDataLen);
  withRoom.set(program.elf);
  const programDataBytes = programDataAccountData(
    0n,
    program.upgradeAuthority ? bs58.decode(program.upgradeAuthority) : null,
    withRoom,
  );
  return [
    // ProgramData first: the runtime loads the program from it when the program account appears.
    {
      address: programData,
      account: {
        lamports: rentExemptMinimum(programDataBytes.length),
        data: programDataBytes,
        owner: UPGRADEABLE_LOADER_ID,
        executable: false,
      },
    },
    {
      address: program.programId,
      account: {
        lamports: rentExemptMinimum(PROGRAM_ACCOUNT_SIZE),
        data: programAccountData(bs58.decode(programData)),
        owner: UPGRADEABLE_LOADER_ID,
        executable: true,
      },
    },
  ];
}
