import { Transaction, type Keypair } from '@solana/web3.js';
import type { PlatformKeys } from '../dum-mint.ts';
import { signAndSerialize, web3Keypair } from '../keys.ts';
import type { LocalChain } from '../localnet/local-chain.ts';
import { describeTransactionError } from '../localnet/transaction-error.ts';
import { decodeTransaction } from '../wire.ts';
import { VAULT_PROGRAM_ID } from './constants.ts';
import { deployProgram, type DeploySender } from './deploy.ts';
import { programDataAddress, upgradeableProgramAccounts, type GenesisAccount } from './genesis.ts';
import { initializeConfigInstruction } from './instructions.ts';
import { PROGRAM_DATA_METADATA_SIZE } from './loader.ts';
import { findConfigAddress } from './pda.ts';
import { readVaultProgram } from './program-binary.ts';
import { toWeb3Instruction } from './web3.ts';

/**
 * The vault program on the embedded localnet: in the genesis at VAULT_PROGRAM_ID with the
 * treasury as upgrade authority; upgraded with real loader transactions when the committed build
 * changes; its config initialised by the treasury on first start.
 */

export function vaultProgramGenesis(
  keys: PlatformKeys,
): (rentExemptMinimum: (length: number) => bigint) => GenesisAccount[] {
  return (rentExemptMinimum) =>
    upgradeableProgramAccounts(
      {
        programId: VAULT_PROGRAM_ID,
        elf: readVaultProgram(),
        upgradeAuthority: keys.treasury.address,
      },
      rentExemptMinimum,
    );
}

/** Transactions straight into the ledger (they go through the write-ahead log like any other). */
export function localChainSender(chain: LocalChain): DeploySender {
  async function send(
    instructions: Parameters<DeploySender['send']>[0],
    signers: Keypair[],
  ): Promise<string> {
    const [payer] = signers;
    if (!payer) throw new Error('a transaction needs a fee payer');
    const tx = new Transaction({ feePayer: payer.publicKey, ...chain.latestBlockhash() });
    for (const ix of instructions) tx.add(toWeb3Instruction(ix));
    const raw = signAndSerialize(tx, signers);
    const outcome = chain.submit(raw, decodeTransaction(raw), { preflight: true });
    if (outcome.kind === 'rejected' || outcome.record.err) {
      const err = outcome.kind === 'rejected' ? outcome.err : (outcome.record.err ?? 'unknown');
      const logs = outcome.kind === 'rejected' ? outcome.logs : outcome.record.logs;
      throw new Error(`${describeTransactionError(err)}\n${logs.join('\n')}`);
    }
    await outcome.durable;
    return outcome.record.signature;
  }
  return {
    send,
    async sendAll(transactions) {
      for (const t of transactions) await send(t.instructions, t.signers);
    },
    async getAccount(address) {
      return chain.getAccount(address);
    },
    async minimumBalanceForRentExemption(length) {
      return chain.minimumBalanceForRentExemption(length);
    },
  };
}

function holdsBuild(programData: Uint8Array, elf: Uint8Array): boolean {
  const program = programData.subarray(PROGRAM_DATA_METADATA_SIZE);
  if (program.length < elf.length) return false;
  if (!Buffer.from(program.subarray(0, elf.length)).equals(Buffer.from(elf))) return false;
  return program.subarray(elf.length).every((byte) => byte === 0);
}

function nextSlot(chain: LocalChain): Promise<void> {
  return new Promise((resolve) => {
    const stop = chain.onSlot(() => {
      stop();
      resolve();
    });
  });
}

/** Brings the ledger's vault program to the committed build and makes sure its config exists. */
export async function ensureVaultProgram(chain: LocalChain, keys: PlatformKeys): Promise<void> {
  const sender = localChainSender(chain);
  const treasury = web3Keypair(keys.treasury);
  const elf = readVaultProgram();
  const programData = chain.getAccount(programDataAddress(VAULT_PROGRAM_ID));
  if (programData && !holdsBuild(programData.data, elf)) {
    await deployProgram({ sender, authority: treasury, programId: VAULT_PROGRAM_ID, elf });
    // An upgraded program runs from the next slot on.
    await nextSlot(chain);
  }
  if (chain.getAccount((await findConfigAddress()).address)) return;
  const ix = await initializeConfigInstruction({
    authority: keys.treasury.address,
    treasury: keys.treasury.address,
  });
  await sender.send([ix], [treasury]);
}
