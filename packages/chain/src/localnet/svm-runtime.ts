import bs58 from 'bs58';
import {
  Account,
  Clock,
  FailedTransactionMetadata,
  LiteSvm,
  type TransactionMetadata,
} from 'litesvm/dist/internal.js';
import { ADDRESS_LOOKUP_TABLE_PROGRAM_ID, TOKEN_PROGRAM_ID, isTokenProgram } from '../programs.ts';
import { decodeLookupTableAddresses, decodeMint, decodeTokenAccount } from '../token-layout.ts';
import type { DecodedMessage, DecodedTransaction } from '../wire.ts';
import { calculateFee, usesDurableNonce } from './fees.ts';
import { transactionErrorJson, type TransactionErrorJson } from './transaction-error.ts';
import {
  accountKeysOf,
  type InnerInstructionRecord,
  type LocalAccount,
  type SimulationResult,
  type TokenBalance,
  type TransactionRecord,
} from './transaction-record.ts';

/**
 * LiteSVM (the real Solana runtime) as the localnet uses it: account reads, lookup tables,
 * simulation, and execution that records balances before and after. It knows nothing of slots
 * or durability; LocalChain adds those around it.
 */

export const SLOTS_PER_EPOCH = 432_000;
const TOKEN_OWNER_FIRST_BYTE = bs58.decode(TOKEN_PROGRAM_ID)[0];

export type ExecutionOutcome =
  | { record: TransactionRecord }
  | { rejected: { err: TransactionErrorJson; logs: string[]; unitsConsumed: bigint } };

export interface ExecutionContext {
  seq: number;
  slot: number;
  unixTimestamp: number;
  /** Refuse (and undo) a transaction that fails, instead of keeping it and its fee. */
  preflight?: boolean;
}

interface BalanceSnapshot {
  lamports: bigint[];
  tokens: TokenBalance[];
  /** Writable accounts as they were, to undo a refused transaction (see `execute`). */
  writableAccounts: [Uint8Array, Account][];
}

/** A token account's balance as the transaction records report it, without its index. */
type TokenState = Omit<TokenBalance, 'accountIndex'>;

/** The token-state cache is cleared when it holds this many addresses. */
const TOKEN_STATE_MAX = 131_072;

export class SvmRuntime {
  private readonly mintDecimals = new Map<string, number>();
  /**
   * The token state (null: not a token account) of writable accounts as last read, so that a
   * transaction without a token program reads its accounts' lamports alone (a full account read
   * costs several times a balance read, most of it in copying the owner). Exact because an
   * account's token state (token-program owner, initialised token data) can change only while
   * a token program runs in a transaction where the account is writable, and every program
   * that runs (through CPI too) is among the transaction's account keys: such transactions read
   * their writable accounts in full before and after and refresh the entries; `setAccount`
   * drops the address's entry.
   */
  private readonly tokenStates = new Map<string, TokenState | null>();

  private constructor(private readonly svm: LiteSvm) {
    // Blockhash age is checked by LocalChain (recentBlockhashes) so that a blockhash stays valid
    // for 150 slots like on a cluster; LiteSVM alone accepts only its single latest one.
    this.svm.setBlockhashCheck(false);
    this.svm.setSigverify(true);
    // Duplicates are detected against our own index, which survives restarts.
    this.svm.setTransactionHistory(0n);
  }

  static empty(): SvmRuntime {
    return new SvmRuntime(new LiteSvm());
  }

  static fromBytes(state: Uint8Array): SvmRuntime {
    return new SvmRuntime(LiteSvm.fromBytes(state));
  }

  toBytes(): Uint8Array {
    return this.svm.toBytes();
  }

  setAccount(
    address: string,
    account: { lamports: bigint; data: Uint8Array; owner: string; executable: boolean },
  ): void {
    this.tokenStates.delete(address);
    this.svm.setAccount(
      bs58.decode(address),
      new Account(
        account.lamports,
        account.data,
        bs58.decode(account.owner),
        account.executable,
        0n,
      ),
    );
  }

  setClock(slot: number, unixTimestamp: number): void {
    const epoch = BigInt(Math.floor(slot / SLOTS_PER_EPOCH));
    this.svm.setClock(
      new Clock(BigInt(slot), BigInt(unixTimestamp), epoch, epoch + 1n, BigInt(unixTimestamp)),
    );
  }

  setSlotHashes(hashes: { slot: bigint; hash: string }[]): void {
    this.svm.setSlotHashes(hashes);
  }

  // ---- accounts --------------------------------------------------------------------------------

  getAccount(address: string): LocalAccount | null {
    const account = this.svm.getAccount(bs58.decode(address));
    if (!account) return null;
    const lamports = account.lamports();
    // A zero-lamport account does not exist on a cluster.
    if (lamports === 0n) return null;
    return {
      lamports,
      data: account.data(),
      owner: bs58.encode(account.owner()),
      executable: account.executable(),
      rentEpoch: account.rentEpoch(),
    };
  }

  getBalance(address: string): bigint {
    return this.svm.getBalance(bs58.decode(address)) ?? 0n;
  }

  getProgramAccounts(programId: string): { address: string; account: LocalAccount }[] {
    return this.svm
      .getProgramAccounts(bs58.decode(programId))
      .map((entry) => {
        const account = entry.account();
        return {
          address: bs58.encode(entry.address),
          account: {
            lamports: account.lamports(),
            data: account.data(),
            owner: bs58.encode(account.owner()),
            executable: account.executable(),
            rentEpoch: account.rentEpoch(),
          },
        };
      })
      .filter((entry) => entry.account.lamports > 0n);
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength));
  }

  /** Resolves the keys a v0 message loads through lookup tables; null when a table is missing. */
  resolveLookups(message: DecodedMessage): { writable: string[]; readonly: string[] } | null {
    const writable: string[] = [];
    const readonly: string[] = [];
    for (const lookup of message.addressTableLookups) {
      const table = this.getAccount(lookup.accountKey);
      if (!table || table.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ID) return null;
      const addresses = decodeLookupTableAddresses(table.data);
      for (const index of lookup.writableIndexes) {
        const address = addresses[index];
        if (!address) return null;
        writable.push(address);
      }
      for (const index of lookup.readonlyIndexes) {
        const address = addresses[index];
        if (!address) return null;
        readonly.push(address);
      }
    }
    return { writable, readonly };
  }

  // ---- running transactions ----------------------------------------------------------------------

  /**
   * Runs a transaction without committing it (preflight and simulateTransaction).
   * `sigVerify: false` matches the RPC's default for simulateTransaction.
   */
  simulate(
    raw: Uint8Array,
    decoded: DecodedTransaction,
    options: { sigVerify: boolean; accounts?: string[] },
  ): SimulationResult {
    const loaded = this.resolveLookups(decoded.message) ?? { writable: [], readonly: [] };
    const { accountKeys } = accountKeysOf(decoded.message, loaded);
    if (!options.sigVerify) this.svm.setSigverify(false);
    let result;
    try {
      result =
        decoded.message.version === 'legacy'
          ? this.svm.simulateLegacyTransaction(raw)
          : this.svm.simulateVersionedTransaction(raw);
    } finally {
      if (!options.sigVerify) this.svm.setSigverify(true);
    }
    const meta = result.meta();
    const postAccounts = new Map<string, LocalAccount>();
    if (!(result instanceof FailedTransactionMetadata) && options.accounts?.length) {
      const wanted = new Set(options.accounts);
      for (const entry of result.postAccounts()) {
        const address = bs58.encode(entry.address);
        if (!wanted.has(address)) continue;
        const account = entry.account();
        postAccounts.set(address, {
          lamports: account.lamports(),
          data: account.data(),
          owner: bs58.encode(account.owner()),
          executable: account.executable(),
          rentEpoch: account.rentEpoch(),
        });
      }
    }
    const returnData = meta.returnData();
    const returnBytes = returnData.data();
    return {
      err: result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: innerInstructionRecords(meta),
      accountKeys,
      returnData:
        returnBytes.length > 0
          ? { programId: bs58.encode(returnData.programId()), data: returnBytes }
          : null,
      postAccounts,
    };
  }

  /** Executes a transaction and records what it changed; see `preflight` for failures. */
  execute(raw: Uint8Array, decoded: DecodedTransaction, at: ExecutionContext): ExecutionOutcome {
    const { message } = decoded;
    const loaded = this.resolveLookups(message) ?? { writable: [], readonly: [] };
    const { accountKeys, writable } = accountKeysOf(message, loaded);
    const keyBytes = [
      ...message.staticAccountKeyBytes,
      ...[...loaded.writable, ...loaded.readonly].map((key) => bs58.decode(key)),
    ];
    // A token balance can change only while a token program runs, and every program that runs
    // (through CPI too) is among the transaction's account keys; a failed transaction changes
    // no token account either. Otherwise only lamports can have moved, and only writable ones.
    const tokenProgramRuns = accountKeys.some(isTokenProgram);
    // Undoing a refused transaction needs the accounts it can change as they were: its fee
    // payer, and (read in full with the rest) a durable nonce's account.
    const full = tokenProgramRuns || usesDurableNonce(message);
    const pre = this.snapshotBalances(keyBytes, accountKeys, writable, {
      full,
      keepFeePayer: at.preflight === true,
    });
    const result =
      message.version === 'legacy'
        ? this.svm.sendLegacyTransaction(raw)
        : this.svm.sendVersionedTransaction(raw);
    const failed = result instanceof FailedTransactionMetadata;
    const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
    const post =
      failed || !tokenProgramRuns
        ? { lamports: this.lamportsAfter(keyBytes, writable, pre.lamports), tokens: pre.tokens }
        : this.snapshotBalances(keyBytes, accountKeys, writable, {
            full: true,
            keepFeePayer: false,
          });
    const err =
      result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null;
    // A failed transaction is kept (and charged) only when the runtime got as far as
    // executing it; then its fee payer's balance moved. With preflight, such a transaction is
    // refused instead: a failed transaction changes only its fee payer (and a durable nonce),
    // so putting back the accounts read whole before it (the fee payer; with a durable nonce,
    // every writable account) undoes it exactly. This replaces a separate
    // simulation, which would execute every transaction twice.
    if (failed && at.preflight && pre.lamports[0] !== post.lamports[0]) {
      for (const [key, account] of pre.writableAccounts) this.svm.setAccount(key, account);
    }
    if (failed && (at.preflight || pre.lamports[0] === post.lamports[0])) {
      return {
        rejected: {
          err: err ?? 'SanitizeFailure',
          logs: meta.logs(),
          unitsConsumed: meta.computeUnitsConsumed(),
        },
      };
    }
    const record: TransactionRecord = {
      seq: at.seq,
      signature: decoded.signatures[0] ?? '',
      slot: at.slot,
      blockTime: at.unixTimestamp,
      raw,
      loadedAddresses: loaded,
      accountKeys,
      writable,
      err,
      fee: calculateFee(message),
      preBalances: pre.lamports,
      postBalances: post.lamports,
      preTokenBalances: pre.tokens,
      postTokenBalances: post.tokens,
      logs: meta.logs(),
      innerInstructions: innerInstructionRecords(meta),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      durable: false,
    };
    return { record };
  }

  private lamportsAfter(keyBytes: Uint8Array[], writable: boolean[], before: bigint[]): bigint[] {
    const lamports: bigint[] = [];
    for (let i = 0; i < keyBytes.length; i++) {
      lamports.push(
        writable[i] ? (this.svm.getBalance(keyBytes[i] as Uint8Array) ?? 0n) : (before[i] ?? 0n),
      );
    }
    return lamports;
  }

  /**
   * Lamports and token balances of a transaction's accounts. `full` reads every writable account
   * whole (and refreshes the token-state cache); otherwise writable accounts are read for their
   * lamports and their token state comes from the cache (read whole on a miss), and the fee
   * payer is read whole only with `keepFeePayer` (to undo a refused transaction).
   */
  private snapshotBalances(
    keyBytes: Uint8Array[],
    accountKeys: string[],
    writable: boolean[],
    options: { full: boolean; keepFeePayer: boolean },
  ): BalanceSnapshot {
    const lamports: bigint[] = [];
    const tokens: TokenBalance[] = [];
    const writableAccounts: [Uint8Array, Account][] = [];
    for (let i = 0; i < keyBytes.length; i++) {
      // Only writable accounts can hold a changed token balance; read-only ones (programs,
      // sysvars, mints) are read for lamports alone to avoid copying program data.
      const bytes = keyBytes[i] as Uint8Array;
      if (!writable[i]) {
        lamports.push(this.svm.getBalance(bytes) ?? 0n);
        continue;
      }
      const address = accountKeys[i] as string;
      let state = options.full ? undefined : this.tokenStates.get(address);
      const kept = options.full || (i === 0 && options.keepFeePayer);
      if (state !== undefined && !kept) {
        lamports.push(this.svm.getBalance(bytes) ?? 0n);
      } else {
        const account = this.svm.getAccount(bytes);
        if (account) writableAccounts.push([bytes, account]);
        lamports.push(account ? account.lamports() : 0n);
        if (state === undefined) {
          state = account ? this.tokenStateOf(account) : null;
          if (this.tokenStates.size >= TOKEN_STATE_MAX) this.tokenStates.clear();
          this.tokenStates.set(address, state);
        }
      }
      if (state) tokens.push({ accountIndex: i, ...state });
    }
    return { lamports, tokens, writableAccounts };
  }

  private tokenStateOf(account: Account): TokenState | null {
    // Token programs' addresses both start with byte 6; skip encoding for everything else.
    const ownerBytes = account.owner();
    if (ownerBytes[0] !== TOKEN_OWNER_FIRST_BYTE) return null;
    const owner = bs58.encode(ownerBytes);
    if (!isTokenProgram(owner)) return null;
    const token = decodeTokenAccount(account.data());
    if (!token) return null;
    return {
      mint: token.mint,
      owner: token.owner,
      programId: owner,
      amount: token.amount,
      decimals: this.decimalsOf(token.mint),
    };
  }

  private decimalsOf(mint: string): number {
    const cached = this.mintDecimals.get(mint);
    if (cached !== undefined) return cached;
    const account = this.getAccount(mint);
    const decimals = account ? (decodeMint(account.data)?.decimals ?? 0) : 0;
    this.mintDecimals.set(mint, decimals);
    return decimals;
  }
}

function innerInstructionRecords(meta: TransactionMetadata): InnerInstructionRecord[] {
  const out: InnerInstructionRecord[] = [];
  meta.innerInstructions().forEach((list, index) => {
    if (list.length === 0) return;
    out.push({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: Array.from(ix.accounts()),
          data: ix.data(),
          stackHeight: inner.stackHeight(),
        };
      }),
    });
  });
  return out;
}
