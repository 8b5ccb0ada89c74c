import { AccountRole, address, type Instruction } from '@solana/kit';
import type { Connection } from '@solana/web3.js';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { SYSTEM_PROGRAM_ADDRESS } from './instructions.ts';
import { programDataAddress } from './genesis.ts';
import {
  BUFFER_METADATA_SIZE,
  PROGRAM_ACCOUNT_SIZE,
  PROGRAM_DATA_METADATA_SIZE,
  deployWithMaxDataLenInstruction,
  extendProgramInstruction,
  initializeBufferInstruction,
  upgradeAuthorityOf,
  upgradeInstruction,
  writeInstruction,
} from './loader.ts';
import { UPGRADEABLE_LOADER_ID } from './pda.ts';
import { toWeb3Instruction } from './web3.ts';

/**
 * Deployment through the real BPF Loader Upgradeable, the way `solana program deploy` does it:
 * a buffer account, the program written into it in chunks, then DeployWithMaxDataLen (or Upgrade
 * for a program that exists). Works against any cluster through a `DeploySender`.
 */

/** Bytes of program per Write transaction: a legacy transaction holds at most 1232 bytes. */
export const WRITE_CHUNK_BYTES = 1000;

export interface ChainAccount {
  lamports: bigint;
  data: Uint8Array;
  owner: string;
  executable: boolean;
}

export interface DeploySender {
  /** Sends one transaction (the first signer pays) and resolves once it is confirmed. */
  send(instructions: Instruction[], signers: Keypair[]): Promise<string>;
  /** Independent transactions that may go out together (the buffer writes). */
  sendAll(transactions: { instructions: Instruction[]; signers: Keypair[] }[]): Promise<void>;
  getAccount(address: string): Promise<ChainAccount | null>;
  minimumBalanceForRentExemption(length: number): Promise<bigint>;
}

export class DeployError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeployError';
  }
}

function createAccountInstruction(input: {
  payer: string;
  account: string;
  lamports: bigint;
  space: number;
  owner: string;
}): Instruction {
  const data = new Uint8Array(52);
  const view = new DataView(data.buffer);
  view.setUint32(0, 0, true);
  view.setBigUint64(4, input.lamports, true);
  view.setBigUint64(12, BigInt(input.space), true);
  data.set(bs58.decode(input.owner), 20);
  return {
    programAddress: SYSTEM_PROGRAM_ADDRESS,
    accounts: [
      { address: address(input.payer), role: AccountRole.WRITABLE_SIGNER },
      { address: address(input.account), role: AccountRole.WRITABLE_SIGNER },
    ],
    data,
  };
}

/** Creates a buffer owned by `authority` holding `elf`; returns its address. */
async function writeBuffer(sender: DeploySender, authority: Keypair, elf: Uint8Array) {
  const buffer = Keypair.generate();
  const bufferAddress = buffer.publicKey.toBase58();
  const payer = authority.publicKey.toBase58();
  const space = BUFFER_METADATA_SIZE + elf.length;
  await sender.send(
    [
      createAccountInstruction({
        payer,
        account: bufferAddress,
        lamports: await sender.minimumBalanceForRentExemption(space),
        space,
        owner: UPGRADEABLE_LOADER_ID,
      }),
      initializeBufferInstruction(bufferAddress, payer),
    ],
    [authority, buffer],
  );
  const writes = [];
  for (let offset = 0; offset < elf.length; offset += WRITE_CHUNK_BYTES) {
    const chunk = elf.subarray(offset, offset + WRITE_CHUNK_BYTES);
    writes.push({
      instructions: [writeInstruction(bufferAddress, payer, offset, chunk)],
      signers: [authority],
    });
  }
  await sender.sendAll(writes);
  // Every chunk must be in place before the loader verifies the program.
  const written = await sender.getAccount(bufferAddress);
  const bytes = written?.data.subarray(BUFFER_METADATA_SIZE);
  if (!bytes || !Buffer.from(bytes).equals(Buffer.from(elf))) {
    throw new DeployError('the buffer does not hold the program after writing');
  }
  return bufferAddress;
}

export interface DeployResult {
  programId: string;
  programData: string;
  kind: 'deployed' | 'upgraded';
  signature: string;
}

/**
 * Deploys `elf` at `programKeypair`'s address with `authority` as payer and upgrade authority,
 * or upgrades the program there when it exists and `authority` may upgrade it.
 */
export async function deployProgram(input: {
  sender: DeploySender;
  authority: Keypair;
  programKeypair?: Keypair;
  /** For an upgrade of an existing program, its address is enough. */
  programId?: string;
  elf: Uint8Array;
  /** ProgramData room for later upgrades; twice the program by default. */
  maxDataLen?: number;
}): Promise<DeployResult> {
  const { sender, authority, elf } = input;
  const programId = input.programKeypair?.publicKey.toBase58() ?? input.programId;
  if (!programId)
    throw new DeployError('a program keypair (or, to upgrade, a program id) is needed');
  const programData = programDataAddress(programId);
  const authorityAddress = authority.publicKey.toBase58();
  const existing = await sender.getAccount(programId);

  if (existing) {
    if (existing.owner !== UPGRADEABLE_LOADER_ID || !existing.executable) {
      throw new DeployError(`${programId} exists and is not an upgradeable program`);
    }
    const data = await sender.getAccount(programData);
    const recorded = data ? upgradeAuthorityOf(data.data) : null;
    if (!data || !recorded || bs58.encode(recorded) !== authorityAddress) {
      throw new DeployError(`${authorityAddress} is not the upgrade authority of ${programId}`);
    }
    const buffer = await writeBuffer(sender, authority, elf);
    const room = data.data.length - PROGRAM_DATA_METADATA_SIZE;
    const instructions: Instruction[] = [];
    if (room < elf.length) {
      instructions.push(
        extendProgramInstruction({
          programData,
          program: programId,
          payer: authorityAddress,
          additionalBytes: elf.length - room,
        }),
      );
    }
    instructions.push(
      upgradeInstruction({
        programData,
        program: programId,
        buffer,
        spill: authorityAddress,
        authority: authorityAddress,
      }),
    );
    const signature = await sender.send(instructions, [authority]);
    return { programId, programData, kind: 'upgraded', signature };
  }

  if (!input.programKeypair) {
    throw new DeployError(`no program at ${programId}: deploying needs its keypair`);
  }
  const buffer = await writeBuffer(sender, authority, elf);
  const signature = await sender.send(
    [
      createAccountInstruction({
        payer: authorityAddress,
        account: programId,
        lamports: await sender.minimumBalanceForRentExemption(PROGRAM_ACCOUNT_SIZE),
        space: PROGRAM_ACCOUNT_SIZE,
        owner: UPGRADEABLE_LOADER_ID,
      }),
      deployWithMaxDataLenInstruction({
        payer: authorityAddress,
        programData,
        program: programId,
        buffer,
        authority: authorityAddress,
        maxDataLen: BigInt(Math.max(input.maxDataLen ?? elf.length * 2, elf.length)),
      }),
    ],
    [authority, input.programKeypair],
  );
  return { programId, programData, kind: 'deployed', signature };
}

/** A DeploySender over any cluster's JSON-RPC, through @solana/web3.js. */
export function connectionSender(
  connection: Connection,
  options: { concurrency?: number } = {},
): DeploySender {
  const concurrency = options.concurrency ?? 16;

  async function signAndSend(instructions: Instruction[], signers: Keypair[]) {
    const [payer] = signers;
    if (!payer) throw new DeployError('a transaction needs a fee payer');
    const latest = await connection.getLatestBlockhash('confirmed');
    const tx = new Transaction({ feePayer: payer.publicKey, ...latest });
    for (const ix of instructions) tx.add(toWeb3Instruction(ix));
    tx.sign(...signers);
    const signature = await connection.sendRawTransaction(tx.serialize(), {
      preflightCommitment: 'confirmed',
    });
    return { signature, latest };
  }

  async function confirm(
    signature: string,
    latest: { blockhash: string; lastValidBlockHeight: number },
  ) {
    await confirmSignature(connection, signature, latest.lastValidBlockHeight);
  }

  return {
    async send(instructions, signers) {
      const { signature, latest } = await signAndSend(instructions, signers);
      await confirm(signature, latest);
      return signature;
    },
    async sendAll(transactions) {
      for (let i = 0; i < transactions.length; i += concurrency) {
        const batch = transactions.slice(i, i + concurrency);
        const sent = await Promise.all(batch.map((t) => signAndSend(t.instructions, t.signers)));
        await Promise.all(sent.map(({ signature, latest }) => confirm(signature, latest)));
      }
    },
    async getAccount(account) {
      const info = await connection.getAccountInfo(new PublicKey(account), 'confirmed');
      if (!info) return null;
      return {
        lamports: BigInt(info.lamports),
        data: new Uint8Array(info.data),
        owner: info.owner.toBase58(),
        executable: info.executable,
      };
    },
    async minimumBalanceForRentExemption(length) {
      return BigInt(await connection.getMinimumBalanceForRentExemption(length, 'confirmed'));
    },
  };
}

/**
 * Waits until `signature` is confirmed by polling getSignatureStatuses (no WebSocket: works the
 * same on every cluster and behind any proxy); throws when it failed or its blockhash expired.
 */
export async function confirmSignature(
  connection: Connection,
  signature: string,
  lastValidBlockHeight: number,
  pollMs = 200,
): Promise<void> {
  for (;;) {
    const { value } = await connection.getSignatureStatuses([signature]);
    const status = value[0];
    if (status?.err) {
      throw new DeployError(`transaction ${signature} failed: ${JSON.stringify(status.err)}`);
    }
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') {
      return;
    }
    if ((await connection.getBlockHeight('confirmed')) > lastValidBlockHeight) {
      throw new DeployError(`transaction ${signature} expired before it was confirmed`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
