import { SYSTEM_PROGRAM_ID } from '@dum/core';
import type { Instruction } from '@solana/kit';
import { Keypair, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { Account, Clock, FailedTransactionMetadata, LiteSvm } from 'litesvm/dist/internal.js';
import { transactionErrorJson, type TransactionErrorJson } from '../localnet/transaction-error.ts';
import { VAULT_PROGRAM_ID } from './constants.ts';
import { vaultProgramErrorFrom, type VaultProgramError } from './errors.ts';
import { initializeConfigInstruction, type InitializeConfigInput } from './instructions.ts';
import { upgradeableProgramAccounts } from './genesis.ts';
import { readVaultProgram } from './program-binary.ts';
import { toWeb3Instruction } from './web3.ts';

/**
 * The vault program in LiteSVM (the real runtime) for tests and benchmarks: the committed build
 * loaded as an upgradeable program, a clock the caller moves, and transactions signed for real.
 */

export type SendResult =
  | {
      ok: true;
      logs: string[];
      computeUnits: bigint;
      /** Units the vault program itself used, per top-level invocation, in order. */
      programUnits: bigint[];
      signature: string;
    }
  | {
      ok: false;
      err: TransactionErrorJson;
      programError: VaultProgramError | null;
      logs: string[];
      computeUnits: bigint;
      programUnits: bigint[];
    };

/** "Program <id> consumed N of M compute units" for top-level invocations of `programId`. */
export function unitsConsumedBy(programId: string, logs: string[]): bigint[] {
  const units: bigint[] = [];
  let depth = 0;
  for (const line of logs) {
    const invoke = /^Program \S+ invoke \[(\d+)\]$/.exec(line);
    if (invoke) {
      depth = Number(invoke[1]);
      continue;
    }
    const consumed = /^Program (\S+) consumed (\d+) of \d+ compute units$/.exec(line);
    if (consumed) {
      if (consumed[1] === programId && depth === 1) units.push(BigInt(consumed[2] ?? '0'));
      continue;
    }
    // Builtins log no "consumed" line; every invocation ends with success or failed.
    if (/^Program \S+ (success|failed)/.test(line)) depth -= 1;
  }
  return units;
}

export interface AccountState {
  lamports: bigint;
  data: Uint8Array;
  owner: string;
  executable: boolean;
}

const SYSTEM_OWNER = new Uint8Array(32);

export class VaultTestbed {
  readonly svm: LiteSvm;
  readonly programId: string;
  readonly upgradeAuthority: Keypair;
  readonly treasury: Keypair;
  private slot = 1n;
  private unixTimestamp: bigint;

  constructor(options: { programId?: string; elf?: Uint8Array; startTime?: bigint } = {}) {
    this.svm = new LiteSvm();
    // Equal transactions (withdrawing twice) must reach the program, not the duplicate check.
    this.svm.setTransactionHistory(0n);
    this.programId = options.programId ?? VAULT_PROGRAM_ID;
    this.upgradeAuthority = Keypair.generate();
    this.treasury = Keypair.generate();
    this.unixTimestamp = options.startTime ?? 1_767_225_600n; // 2026-01-01T00:00:00Z
    this.applyClock();
    const accounts = upgradeableProgramAccounts(
      {
        programId: this.programId,
        elf: options.elf ?? readVaultProgram(),
        upgradeAuthority: this.upgradeAuthority.publicKey.toBase58(),
      },
      (length) => this.svm.minimumBalanceForRentExemption(BigInt(length)),
    );
    for (const { address, account } of accounts) {
      this.setAccount(address, account);
    }
    this.fund(this.upgradeAuthority.publicKey.toBase58(), 100_000_000_000n);
    this.fund(this.treasury.publicKey.toBase58(), 1_000_000_000n);
  }

  /** Initialises the config with the upgrade authority and this testbed's treasury. */
  async initializeConfig(
    overrides: Partial<Omit<InitializeConfigInput, 'authority'>> = {},
  ): Promise<SendResult> {
    const ix = await initializeConfigInstruction({
      authority: this.upgradeAuthority.publicKey.toBase58(),
      treasury: this.treasury.publicKey.toBase58(),
      programId: this.programId,
      ...overrides,
    });
    return this.send([ix], [this.upgradeAuthority]);
  }

  get now(): bigint {
    return this.unixTimestamp;
  }

  /** Moves the Clock sysvar to `unixTimestamp` (and one slot on). */
  setTime(unixTimestamp: bigint): void {
    this.unixTimestamp = unixTimestamp;
    this.slot += 1n;
    this.applyClock();
  }

  advance(seconds: bigint): void {
    this.setTime(this.unixTimestamp + seconds);
  }

  private applyClock(): void {
    this.svm.setClock(new Clock(this.slot, this.unixTimestamp, 0n, 1n, this.unixTimestamp));
  }

  fund(address: string, lamports: bigint): void {
    const result = this.svm.airdrop(bs58.decode(address), lamports);
    if (!result || result instanceof FailedTransactionMetadata) {
      throw new Error(`airdrop to ${address} failed`);
    }
  }

  newFundedKeypair(lamports = 10_000_000_000n): Keypair {
    const keypair = Keypair.generate();
    this.fund(keypair.publicKey.toBase58(), lamports);
    return keypair;
  }

  setAccount(address: string, account: AccountState): void {
    this.svm.setAccount(
      bs58.decode(address),
      new Account(
        account.lamports,
        account.data,
        account.owner === SYSTEM_PROGRAM_ID ? SYSTEM_OWNER : bs58.decode(account.owner),
        account.executable,
        0n,
      ),
    );
  }

  account(address: string): AccountState | null {
    const account = this.svm.getAccount(bs58.decode(address));
    if (!account || account.lamports() === 0n) return null;
    return {
      lamports: account.lamports(),
      data: account.data(),
      owner: bs58.encode(account.owner()),
      executable: account.executable(),
    };
  }

  balance(address: string): bigint {
    return this.svm.getBalance(bs58.decode(address)) ?? 0n;
  }

  /** Signs with `signers` (the first pays the fee) and executes at once. */
  send(instructions: Instruction[], signers: Keypair[], feePayer?: Keypair): SendResult {
    const payer = feePayer ?? signers[0];
    if (!payer) throw new Error('a transaction needs a fee payer');
    const tx = new Transaction({
      feePayer: payer.publicKey,
      blockhash: this.svm.latestBlockhash(),
      lastValidBlockHeight: 0,
    });
    for (const ix of instructions) tx.add(toWeb3Instruction(ix));
    const unique = [payer, ...signers.filter((s) => !s.publicKey.equals(payer.publicKey))];
    tx.sign(...unique);
    const raw = tx.serialize();
    const result = this.svm.sendLegacyTransaction(raw);
    if (result instanceof FailedTransactionMetadata) {
      const err = transactionErrorJson(result.err());
      const meta = result.meta();
      return {
        ok: false,
        err,
        programError: vaultProgramErrorFrom(err),
        logs: meta.logs(),
        computeUnits: meta.computeUnitsConsumed(),
        programUnits: unitsConsumedBy(this.programId, meta.logs()),
      };
    }
    return {
      ok: true,
      logs: result.logs(),
      computeUnits: result.computeUnitsConsumed(),
      programUnits: unitsConsumedBy(this.programId, result.logs()),
      signature: bs58.encode(result.signature()),
    };
  }
}
