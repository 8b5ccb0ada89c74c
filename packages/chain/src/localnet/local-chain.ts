import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MEMO_PROGRAM_ID, SYSTEM_PROGRAM_ID } from '@dum/core';
import bs58 from 'bs58';
import {
  Account,
  Clock,
  FailedTransactionMetadata,
  LiteSvm,
  type TransactionMetadata,
} from 'litesvm/dist/internal.js';
import { loadOrCreateKeypairFile, generateSigner, type Signer } from '../keys.ts';
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM_ID,
  COMPUTE_BUDGET_PROGRAM_ID,
  LAMPORTS_PER_SIGNATURE,
  TOKEN_PROGRAM_ID,
  isTokenProgram,
} from '../programs.ts';
import { decodeLookupTableAddresses, decodeMint, decodeTokenAccount } from '../token-layout.ts';
import {
  decodeTransaction,
  encodeShortVec,
  isStaticKeyWritable,
  type DecodedMessage,
  type DecodedTransaction,
} from '../wire.ts';
import { WriteAheadLog, readSnapshot, writeSnapshot, type WalRecord } from './persistence.ts';
import { transactionErrorJson, type TransactionErrorJson } from './transaction-error.ts';

/**
 * The localnet's ledger: LiteSVM (the real Solana runtime) plus what a cluster adds around it —
 * slots on a timer, a queue of recent blockhashes that expire, a Clock sysvar that follows wall
 * time, a transaction index for getTransaction/getSignaturesForAddress, and durability (every
 * acknowledged transaction is in the write-ahead log before its signature is returned).
 *
 * Everything here is synchronous and single-threaded: a transaction executes atomically between
 * two event-loop turns, so preflight simulation and execution see the same state.
 */

export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  amount: bigint;
  decimals: number;
}

export interface InnerInstructionRecord {
  index: number;
  instructions: {
    programIdIndex: number;
    accounts: number[];
    data: Uint8Array;
    stackHeight: number;
  }[];
}

export interface TransactionRecord {
  seq: number;
  signature: string;
  slot: number;
  blockTime: number;
  /** The transaction as received; decoded again when it is read (getTransaction), which keeps
   * the record (held in memory for every transaction) small. */
  raw: Uint8Array;
  loadedAddresses: { writable: string[]; readonly: string[] };
  /** Static keys followed by lookup-table writable then readonly keys (the runtime's order). */
  accountKeys: string[];
  writable: boolean[];
  err: TransactionErrorJson | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logs: string[];
  innerInstructions: InnerInstructionRecord[];
  computeUnitsConsumed: bigint;
  /** True once the write-ahead log holds it on disk (or a snapshot does). */
  durable: boolean;
}

export interface SimulationResult {
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: bigint;
  innerInstructions: InnerInstructionRecord[];
  accountKeys: string[];
  returnData: { programId: string; data: Uint8Array } | null;
  /** Post-simulation accounts for the requested addresses (simulateTransaction's `accounts`). */
  postAccounts: Map<string, LocalAccount>;
}

export interface LocalAccount {
  lamports: bigint;
  data: Uint8Array;
  owner: string;
  executable: boolean;
  rentEpoch: bigint;
}

export type SubmitOutcome =
  | { kind: 'executed'; record: TransactionRecord; durable: Promise<void> }
  | {
      kind: 'rejected';
      signature: string;
      err: TransactionErrorJson;
      logs: string[];
      unitsConsumed: bigint;
    };

export interface LocalChainOptions {
  /** Directory for the ledger (snapshot, log, keys); null keeps everything in memory. */
  dataDir: string | null;
  /** Slot duration; 400 ms like mainnet. */
  slotMs?: number;
  /** How often a snapshot is written when something changed (also written on close). */
  snapshotIntervalMs?: number;
  /** Blockhashes stay valid for this many slots (150 on a real cluster). */
  blockhashValiditySlots?: number;
  /** Wall clock, injectable for tests. */
  now?: () => number;
  /**
   * Accounts the ledger starts with, as a cluster's genesis holds them (the vault program).
   * Each missing one is added before the log is replayed, so older ledgers gain them too.
   */
  genesisAccounts?: (rentExemptMinimum: (length: number) => bigint) => GenesisAccount[];
}

export interface GenesisAccount {
  address: string;
  account: { lamports: bigint; data: Uint8Array; owner: string; executable: boolean };
}

interface SnapshotMeta {
  format: 1;
  seq: number;
  slot: number;
  unixTimestamp: number;
  savedAtMs: number;
  genesisHash: string;
  transactionCount: number;
  transactions: SerializedRecord[];
}

interface SerializedRecord {
  seq: number;
  slot: number;
  blockTime: number;
  raw: string;
  err: TransactionErrorJson | null;
  fee: string;
  loadedAddresses: { writable: string[]; readonly: string[] };
  preBalances: string[];
  postBalances: string[];
  preTokenBalances: (Omit<TokenBalance, 'amount'> & { amount: string })[];
  postTokenBalances: (Omit<TokenBalance, 'amount'> & { amount: string })[];
  logs: string[];
  innerInstructions: {
    index: number;
    instructions: {
      programIdIndex: number;
      accounts: number[];
      data: string;
      stackHeight: number;
    }[];
  }[];
  computeUnitsConsumed: string;
}

const TOKEN_OWNER_FIRST_BYTE = bs58.decode(TOKEN_PROGRAM_ID)[0];
const FAUCET_LAMPORTS = 1_000_000_000_000_000n; // one million SOL; stays below 2^53
const SLOTS_PER_EPOCH = 432_000;
const SLOT_HASHES_KEPT = 150;
const MAX_SIGNATURES_PER_ADDRESS = 10_000;

export class LocalChain {
  readonly genesisHash: string;
  readonly faucet: Signer;
  private svm: LiteSvm;
  private slotValue = 0;
  private unixTimestamp = 0;
  private seq = 0;
  private snapshotSeq = 0;
  private transactionCount = 0;
  private readonly slotMs: number;
  private readonly validitySlots: number;
  private readonly now: () => number;
  private readonly blockhashSlots = new Map<string, number>();
  private readonly blockhashBySlot = new Map<number, string>();
  private readonly transactions = new Map<string, TransactionRecord>();
  private readonly signaturesByAddress = new Map<string, string[]>();
  private readonly slotListeners = new Set<(slot: number) => void>();
  private readonly commitListeners = new Set<(record: TransactionRecord) => void>();
  private readonly wal: WriteAheadLog | null;
  private readonly ledgerDir: string | null;
  private timer: NodeJS.Timeout | null = null;
  private snapshotTimer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(options: LocalChainOptions) {
    this.slotMs = options.slotMs ?? 400;
    this.validitySlots = options.blockhashValiditySlots ?? 150;
    this.now = options.now ?? Date.now;
    this.ledgerDir = options.dataDir ? path.join(options.dataDir, 'localnet') : null;
    if (this.ledgerDir) mkdirSync(this.ledgerDir, { recursive: true, mode: 0o700 });
    this.faucet = this.ledgerDir
      ? loadOrCreateKeypairFile(path.join(this.ledgerDir, 'faucet-keypair.json'))
      : generateSigner();
    this.genesisHash = this.loadOrCreateGenesisHash();

    const snapshot = this.ledgerDir
      ? readSnapshot<SnapshotMeta>(path.join(this.ledgerDir, 'snapshot.bin'))
      : null;
    let lastSavedAt = this.now();
    if (snapshot) {
      this.svm = LiteSvm.fromBytes(snapshot.state);
      this.configure();
      this.seq = snapshot.meta.seq;
      this.snapshotSeq = snapshot.meta.seq;
      this.slotValue = snapshot.meta.slot;
      this.unixTimestamp = snapshot.meta.unixTimestamp;
      this.transactionCount = snapshot.meta.transactionCount;
      lastSavedAt = snapshot.meta.savedAtMs;
      for (const serialized of snapshot.meta.transactions) {
        this.index(deserializeRecord(serialized));
      }
    } else {
      this.svm = new LiteSvm();
      this.configure();
      this.svm.setAccount(
        bs58.decode(this.faucet.address),
        new Account(FAUCET_LAMPORTS, new Uint8Array(0), bs58.decode(SYSTEM_PROGRAM_ID), false, 0n),
      );
    }

    for (const { address, account } of options.genesisAccounts?.((length) =>
      this.minimumBalanceForRentExemption(length),
    ) ?? []) {
      if (this.getAccount(address)) continue;
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

    const walFile = this.ledgerDir ? path.join(this.ledgerDir, 'transactions.wal') : null;
    if (walFile) {
      for (const record of WriteAheadLog.read(walFile)) {
        if (record.seq <= this.seq) continue;
        this.replay(record);
        lastSavedAt = Math.max(lastSavedAt, record.unixTimestamp * 1000);
      }
      this.wal = new WriteAheadLog(walFile);
    } else {
      this.wal = null;
    }

    // The cluster "kept running" while we were down: skip ahead by the elapsed slots, never back.
    const elapsedSlots = Math.max(1, Math.floor((this.now() - lastSavedAt) / this.slotMs));
    this.advanceTo(this.slotValue + (snapshot || this.seq > 0 ? elapsedSlots : 0));
  }

  /** Opens (or creates) the ledger and starts producing slots. */
  static open(options: LocalChainOptions): LocalChain {
    const chain = new LocalChain(options);
    chain.timer = setInterval(() => chain.advanceTo(chain.slotValue + 1), chain.slotMs);
    chain.timer.unref();
    if (chain.ledgerDir) {
      chain.snapshotTimer = setInterval(
        () => void chain.snapshot(),
        options.snapshotIntervalMs ?? 60_000,
      );
      chain.snapshotTimer.unref();
    }
    return chain;
  }

  private configure(): void {
    // Blockhash age is checked here (recentBlockhashes) so that a blockhash stays valid for
    // 150 slots like on a cluster; LiteSVM alone accepts only its single latest one.
    this.svm.setBlockhashCheck(false);
    this.svm.setSigverify(true);
    // Duplicates are detected against our own index, which survives restarts.
    this.svm.setTransactionHistory(0n);
  }

  private loadOrCreateGenesisHash(): string {
    if (!this.ledgerDir) return bs58.encode(randomBytes(32));
    const file = path.join(this.ledgerDir, 'genesis.json');
    if (existsSync(file)) {
      return (JSON.parse(readFileSync(file, 'utf8')) as { genesisHash: string }).genesisHash;
    }
    const genesisHash = bs58.encode(randomBytes(32));
    writeFileSync(
      file,
      JSON.stringify({ genesisHash, createdAt: new Date(this.now()).toISOString() }),
      {
        mode: 0o600,
      },
    );
    return genesisHash;
  }

  // ---- slots, clock, blockhashes -------------------------------------------------------------

  get slot(): number {
    return this.slotValue;
  }

  get blockHeight(): number {
    return this.slotValue;
  }

  get epoch(): number {
    return Math.floor(this.slotValue / SLOTS_PER_EPOCH);
  }

  get slotsPerEpoch(): number {
    return SLOTS_PER_EPOCH;
  }

  get totalTransactions(): number {
    return this.transactionCount;
  }

  get currentUnixTimestamp(): number {
    return this.unixTimestamp;
  }

  /** Blockhashes are a pure function of the genesis hash and the slot, so restarts agree. */
  blockhashForSlot(slot: number): string {
    const cached = this.blockhashBySlot.get(slot);
    if (cached) return cached;
    const hash = createHash('sha256').update(this.genesisHash).update(String(slot)).digest();
    return bs58.encode(hash);
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    return {
      blockhash: this.blockhashForSlot(this.slotValue),
      lastValidBlockHeight: this.slotValue + this.validitySlots,
    };
  }

  isBlockhashValid(blockhash: string): boolean {
    const slot = this.blockhashSlots.get(blockhash);
    return slot !== undefined && slot >= this.slotValue - this.validitySlots;
  }

  private advanceTo(slot: number): void {
    if (this.closed) return;
    this.slotValue = slot;
    this.unixTimestamp = Math.floor(this.now() / 1000);
    const blockhash = this.blockhashForSlot(slot);
    this.blockhashSlots.set(blockhash, slot);
    this.blockhashBySlot.set(slot, blockhash);
    // Forget blockhashes well past expiry.
    for (const [hash, hashSlot] of this.blockhashSlots) {
      if (hashSlot >= slot - this.validitySlots - 10) break;
      this.blockhashSlots.delete(hash);
      this.blockhashBySlot.delete(hashSlot);
    }
    this.applyClock(slot, this.unixTimestamp);
    const hashes = [];
    for (let s = slot; s > slot - SLOT_HASHES_KEPT && s >= 0; s--) {
      hashes.push({ slot: BigInt(s), hash: this.blockhashForSlot(s) });
    }
    this.svm.setSlotHashes(hashes);
    for (const listener of this.slotListeners) listener(slot);
  }

  private applyClock(slot: number, unixTimestamp: number): void {
    const epoch = BigInt(Math.floor(slot / SLOTS_PER_EPOCH));
    this.svm.setClock(
      new Clock(BigInt(slot), BigInt(unixTimestamp), epoch, epoch + 1n, BigInt(unixTimestamp)),
    );
  }

  onSlot(listener: (slot: number) => void): () => void {
    this.slotListeners.add(listener);
    return () => this.slotListeners.delete(listener);
  }

  /** Called once per transaction when it is durable (and on replay, before listeners attach). */
  onCommit(listener: (record: TransactionRecord) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
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

  // ---- transactions ----------------------------------------------------------------------------

  getTransaction(signature: string): TransactionRecord | null {
    return this.transactions.get(signature) ?? null;
  }

  /** Oldest first; getSignaturesForAddress reads it from the end. */
  signaturesForAddress(address: string): readonly string[] {
    return this.signaturesByAddress.get(address) ?? [];
  }

  feeForMessage(message: DecodedMessage): bigint {
    return calculateFee(message);
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
    const accountKeys = [
      ...decoded.message.staticAccountKeys,
      ...loaded.writable,
      ...loaded.readonly,
    ];
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

  /**
   * Checks age and duplicates, executes, indexes and logs a transaction. A transaction that
   * fails before paying its fee (bad signature, unknown blockhash, no funds for the fee) is
   * rejected and leaves no trace, as on a cluster.
   */
  submit(
    raw: Uint8Array,
    decoded: DecodedTransaction,
    options: { preflight?: boolean } = {},
  ): SubmitOutcome {
    const signature = decoded.signatures[0] ?? '';
    if (this.transactions.has(signature)) {
      return { kind: 'rejected', signature, err: 'AlreadyProcessed', logs: [], unitsConsumed: 0n };
    }
    if (
      !this.isBlockhashValid(decoded.message.recentBlockhash) &&
      !usesDurableNonce(decoded.message)
    ) {
      return { kind: 'rejected', signature, err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n };
    }
    const executed = this.execute(
      raw,
      decoded,
      this.seq + 1,
      this.slotValue,
      this.unixTimestamp,
      options.preflight === true,
    );
    if ('rejected' in executed) {
      return { kind: 'rejected', signature, ...executed.rejected };
    }
    const record = executed.record;
    this.seq = record.seq;
    this.index(record);
    const walRecord: WalRecord = {
      seq: record.seq,
      slot: record.slot,
      unixTimestamp: record.blockTime,
      tx: Buffer.from(raw).toString('base64'),
    };
    const durable = this.wal
      ? this.wal.append(walRecord).then(() => this.markDurable(record))
      : Promise.resolve().then(() => this.markDurable(record));
    return { kind: 'executed', record, durable };
  }

  private markDurable(record: TransactionRecord): void {
    record.durable = true;
    for (const listener of this.commitListeners) listener(record);
  }

  /**
   * Sends SOL from the localnet's faucet key as a real signed transfer. A memo carrying a
   * sequence number keeps two equal airdrops in one slot from sharing a signature.
   */
  airdrop(recipient: string, lamports: bigint): SubmitOutcome {
    const raw = buildTransferTransaction(
      this.faucet,
      recipient,
      lamports,
      this.latestBlockhash().blockhash,
      `airdrop ${this.seq + 1} ${this.now()}`,
    );
    return this.submit(raw, decodeTransaction(raw));
  }

  private execute(
    raw: Uint8Array,
    decoded: DecodedTransaction,
    seq: number,
    slot: number,
    unixTimestamp: number,
    preflight = false,
  ):
    | { record: TransactionRecord }
    | { rejected: { err: TransactionErrorJson; logs: string[]; unitsConsumed: bigint } } {
    const { message } = decoded;
    const loaded = this.resolveLookups(message) ?? { writable: [], readonly: [] };
    const accountKeys = [...message.staticAccountKeys, ...loaded.writable, ...loaded.readonly];
    const writable = accountKeys.map((_, i) =>
      i < message.staticAccountKeys.length
        ? isStaticKeyWritable(message, i)
        : i < message.staticAccountKeys.length + loaded.writable.length,
    );
    const keyBytes = [
      ...message.staticAccountKeyBytes,
      ...[...loaded.writable, ...loaded.readonly].map((key) => bs58.decode(key)),
    ];
    const pre = this.snapshotBalances(keyBytes, writable);
    const result =
      message.version === 'legacy'
        ? this.svm.sendLegacyTransaction(raw)
        : this.svm.sendVersionedTransaction(raw);
    const failed = result instanceof FailedTransactionMetadata;
    const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
    // A token balance can change only while a token program runs, and every program that runs
    // (through CPI too) is among the transaction's account keys; a failed transaction changes
    // no token account either. Otherwise only lamports can have moved, and only writable ones.
    const post =
      failed || !accountKeys.some(isTokenProgram)
        ? { lamports: this.lamportsAfter(keyBytes, writable, pre.lamports), tokens: pre.tokens }
        : this.snapshotBalances(keyBytes, writable);
    const err =
      result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null;
    // A failed transaction is kept (and charged) only when the runtime got as far as
    // executing it; then its fee payer's balance moved. With preflight, such a transaction is
    // refused instead: a failed transaction changes only its fee payer (and a durable nonce),
    // so putting the writable accounts back undoes it exactly. This replaces a separate
    // simulation, which would execute every transaction twice.
    if (failed && preflight && pre.lamports[0] !== post.lamports[0]) {
      for (const [key, account] of pre.writableAccounts) this.svm.setAccount(key, account);
    }
    if (failed && (preflight || pre.lamports[0] === post.lamports[0])) {
      return {
        rejected: {
          err: err ?? 'SanitizeFailure',
          logs: meta.logs(),
          unitsConsumed: meta.computeUnitsConsumed(),
        },
      };
    }
    const record: TransactionRecord = {
      seq,
      signature: decoded.signatures[0] ?? '',
      slot,
      blockTime: unixTimestamp,
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

  private readonly mintDecimals = new Map<string, number>();

  private lamportsAfter(keyBytes: Uint8Array[], writable: boolean[], before: bigint[]): bigint[] {
    const lamports: bigint[] = [];
    for (let i = 0; i < keyBytes.length; i++) {
      lamports.push(
        writable[i] ? (this.svm.getBalance(keyBytes[i] as Uint8Array) ?? 0n) : (before[i] ?? 0n),
      );
    }
    return lamports;
  }

  private snapshotBalances(
    keyBytes: Uint8Array[],
    writable: boolean[],
  ): { lamports: bigint[]; tokens: TokenBalance[]; writableAccounts: [Uint8Array, Account][] } {
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
      const account = this.svm.getAccount(bytes);
      if (!account) {
        lamports.push(0n);
        continue;
      }
      writableAccounts.push([bytes, account]);
      lamports.push(account.lamports());
      // Token programs' addresses both start with byte 6; skip encoding for everything else.
      const ownerBytes = account.owner();
      if (ownerBytes[0] !== TOKEN_OWNER_FIRST_BYTE) continue;
      const owner = bs58.encode(ownerBytes);
      if (!isTokenProgram(owner)) continue;
      const token = decodeTokenAccount(account.data());
      if (!token) continue;
      tokens.push({
        accountIndex: i,
        mint: token.mint,
        owner: token.owner,
        programId: owner,
        amount: token.amount,
        decimals: this.decimalsOf(token.mint),
      });
    }
    return { lamports, tokens, writableAccounts };
  }

  private decimalsOf(mint: string): number {
    const cached = this.mintDecimals.get(mint);
    if (cached !== undefined) return cached;
    const account = this.getAccount(mint);
    const decimals = account ? (decodeMint(account.data)?.decimals ?? 0) : 0;
    this.mintDecimals.set(mint, decimals);
    return decimals;
  }

  private index(record: TransactionRecord): void {
    this.transactions.set(record.signature, record);
    this.transactionCount += 1;
    const seen = new Set<string>();
    for (const key of record.accountKeys) {
      if (seen.has(key)) continue;
      seen.add(key);
      let list = this.signaturesByAddress.get(key);
      if (!list) {
        list = [];
        this.signaturesByAddress.set(key, list);
      }
      // Oldest first (appending is O(1)); readers walk it backwards. Program keys appear in
      // every transaction: cap their history, trimming in chunks.
      list.push(record.signature);
      if (list.length > MAX_SIGNATURES_PER_ADDRESS * 1.5) {
        list.splice(0, list.length - MAX_SIGNATURES_PER_ADDRESS);
      }
    }
  }

  private replay(walRecord: WalRecord): void {
    const raw = new Uint8Array(Buffer.from(walRecord.tx, 'base64'));
    const decoded = decodeTransaction(raw);
    this.slotValue = Math.max(this.slotValue, walRecord.slot);
    this.applyClock(walRecord.slot, walRecord.unixTimestamp);
    const executed = this.execute(
      raw,
      decoded,
      walRecord.seq,
      walRecord.slot,
      walRecord.unixTimestamp,
    );
    this.seq = walRecord.seq;
    this.unixTimestamp = walRecord.unixTimestamp;
    if ('rejected' in executed) return;
    executed.record.durable = true;
    this.index(executed.record);
  }

  // ---- persistence -----------------------------------------------------------------------------

  /** Writes a snapshot and empties the log. Waits for in-flight log writes first. */
  async snapshot(): Promise<void> {
    if (!this.ledgerDir || !this.wal || this.closed) return;
    if (this.seq === this.snapshotSeq) return;
    await this.wal.idle();
    this.writeSnapshotNow();
  }

  private writeSnapshotNow(): void {
    if (!this.ledgerDir || !this.wal) return;
    const meta: SnapshotMeta = {
      format: 1,
      seq: this.seq,
      slot: this.slotValue,
      unixTimestamp: this.unixTimestamp,
      savedAtMs: this.now(),
      genesisHash: this.genesisHash,
      transactionCount: this.transactionCount,
      transactions: [...this.transactions.values()].map(serializeRecord),
    };
    writeSnapshot(path.join(this.ledgerDir, 'snapshot.bin'), meta, this.svm.toBytes());
    this.snapshotSeq = this.seq;
    // Records written after this point have seq > snapshot seq, or (if they were queued before
    // it) are skipped on replay because the snapshot already holds them.
    if (this.wal.isIdle) this.wal.truncate();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearInterval(this.timer);
    if (this.snapshotTimer) clearInterval(this.snapshotTimer);
    if (this.wal) {
      await this.wal.idle();
      if (this.seq !== this.snapshotSeq) this.writeSnapshotNow();
      this.wal.close();
    }
    this.closed = true;
    this.slotListeners.clear();
    this.commitListeners.clear();
  }
}

function usesDurableNonce(message: DecodedMessage): boolean {
  const first = message.instructions[0];
  if (!first) return false;
  return (
    message.staticAccountKeys[first.programIdIndex] === SYSTEM_PROGRAM_ID &&
    first.data.length >= 4 &&
    first.data[0] === 4 &&
    first.data[1] === 0
  );
}

/** 5000 lamports per signature plus the compute-unit price times the limit (priority fee). */
export function calculateFee(message: DecodedMessage): bigint {
  let unitPrice = 0n;
  let unitLimit: bigint | null = null;
  let otherInstructions = 0n;
  for (const ix of message.instructions) {
    if (message.staticAccountKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM_ID) {
      otherInstructions += 1n;
      continue;
    }
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) unitLimit = BigInt(view.getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) unitPrice = view.getBigUint64(1, true);
  }
  const limit =
    unitLimit ??
    (otherInstructions * 200_000n > 1_400_000n ? 1_400_000n : otherInstructions * 200_000n);
  const priority = (unitPrice * limit + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures) + priority;
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

/** A legacy transaction holding one System Program transfer signed by `from`, and an optional memo. */
export function buildTransferTransaction(
  from: Signer,
  to: string,
  lamports: bigint,
  blockhash: string,
  memo?: string,
): Uint8Array {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  const keys = [from.publicKey, bs58.decode(to), bs58.decode(SYSTEM_PROGRAM_ID)];
  const memoBytes = memo === undefined ? null : new TextEncoder().encode(memo);
  if (memoBytes) keys.push(bs58.decode(MEMO_PROGRAM_ID));
  const bytes: number[] = [1, 0, keys.length - 2, ...encodeShortVec(keys.length)];
  for (const key of keys) bytes.push(...key);
  bytes.push(...bs58.decode(blockhash));
  bytes.push(...encodeShortVec(memoBytes ? 2 : 1));
  bytes.push(2, ...encodeShortVec(2), 0, 1, ...encodeShortVec(data.length), ...data);
  if (memoBytes)
    bytes.push(3, ...encodeShortVec(0), ...encodeShortVec(memoBytes.length), ...memoBytes);
  const message = Uint8Array.from(bytes);
  const signature = from.sign(message);
  return Uint8Array.from([...encodeShortVec(1), ...signature, ...message]);
}

function serializeRecord(record: TransactionRecord): SerializedRecord {
  const tokens = (list: TokenBalance[]) => list.map((t) => ({ ...t, amount: t.amount.toString() }));
  return {
    seq: record.seq,
    slot: record.slot,
    blockTime: record.blockTime,
    raw: Buffer.from(record.raw).toString('base64'),
    err: record.err,
    fee: record.fee.toString(),
    loadedAddresses: record.loadedAddresses,
    preBalances: record.preBalances.map(String),
    postBalances: record.postBalances.map(String),
    preTokenBalances: tokens(record.preTokenBalances),
    postTokenBalances: tokens(record.postTokenBalances),
    logs: record.logs,
    innerInstructions: record.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((ix) => ({ ...ix, data: bs58.encode(ix.data) })),
    })),
    computeUnitsConsumed: record.computeUnitsConsumed.toString(),
  };
}

function deserializeRecord(serialized: SerializedRecord): TransactionRecord {
  const raw = new Uint8Array(Buffer.from(serialized.raw, 'base64'));
  const decoded = decodeTransaction(raw);
  const { message } = decoded;
  const loaded = serialized.loadedAddresses;
  const accountKeys = [...message.staticAccountKeys, ...loaded.writable, ...loaded.readonly];
  const tokens = (list: SerializedRecord['preTokenBalances']) =>
    list.map((t) => ({ ...t, amount: BigInt(t.amount) }));
  return {
    seq: serialized.seq,
    signature: decoded.signatures[0] ?? '',
    slot: serialized.slot,
    blockTime: serialized.blockTime,
    raw,
    loadedAddresses: loaded,
    accountKeys,
    writable: accountKeys.map((_, i) =>
      i < message.staticAccountKeys.length
        ? isStaticKeyWritable(message, i)
        : i < message.staticAccountKeys.length + loaded.writable.length,
    ),
    err: serialized.err,
    fee: BigInt(serialized.fee),
    preBalances: serialized.preBalances.map(BigInt),
    postBalances: serialized.postBalances.map(BigInt),
    preTokenBalances: tokens(serialized.preTokenBalances),
    postTokenBalances: tokens(serialized.postTokenBalances),
    logs: serialized.logs,
    innerInstructions: serialized.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((ix) => ({ ...ix, data: bs58.decode(ix.data) })),
    })),
    computeUnitsConsumed: BigInt(serialized.computeUnitsConsumed),
    durable: true,
  };
}
