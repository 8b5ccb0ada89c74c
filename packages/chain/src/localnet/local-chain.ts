import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SYSTEM_PROGRAM_ID } from '@dum/core';
import { loadOrCreateKeypairFile, generateSigner, type Signer } from '../keys.ts';
import { decodeTransaction, type DecodedMessage, type DecodedTransaction } from '../wire.ts';
import { BlockhashQueue } from './blockhash-queue.ts';
import { calculateFee, usesDurableNonce } from './fees.ts';
import {
  deserializeRecord,
  loadOrCreateGenesisHash,
  serializeRecord,
  type SnapshotMeta,
} from './ledger-snapshot.ts';
import { WriteAheadLog, readSnapshot, writeSnapshot, type WalRecord } from './persistence.ts';
import { SLOTS_PER_EPOCH, SvmRuntime } from './svm-runtime.ts';
import { TransactionIndex } from './transaction-index.ts';
import type {
  LocalAccount,
  SimulationResult,
  SubmitOutcome,
  TransactionRecord,
} from './transaction-record.ts';
import { buildTransferTransaction } from './transfer-transaction.ts';

/**
 * The localnet's ledger: LiteSVM (the real Solana runtime, in svm-runtime.ts) plus what a
 * cluster adds around it: slots on a timer, a queue of recent blockhashes that expire, a Clock
 * sysvar that follows wall time, a transaction index for getTransaction/getSignaturesForAddress,
 * and durability (every executed transaction goes to the write-ahead log, and is reported
 * confirmed only once its record is on disk; snapshots in ledger-snapshot.ts).
 *
 * Everything here is synchronous and single-threaded: a transaction executes atomically between
 * two event-loop turns, so preflight simulation and execution see the same state.
 */

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

const FAUCET_LAMPORTS = 1_000_000_000_000_000n; // one million SOL; stays below 2^53
const SLOT_HASHES_KEPT = 150;

export class LocalChain {
  readonly genesisHash: string;
  readonly faucet: Signer;
  private readonly runtime: SvmRuntime;
  private readonly blockhashes: BlockhashQueue;
  private readonly transactions: TransactionIndex;
  private slotValue = 0;
  private unixTimestamp = 0;
  private seq = 0;
  private snapshotSeq = 0;
  private readonly slotMs: number;
  private readonly now: () => number;
  private readonly slotListeners = new Set<(slot: number) => void>();
  private readonly commitListeners = new Set<(record: TransactionRecord) => void>();
  /** Executed transactions whose log record is not on disk yet, by signature (see `settled`). */
  private readonly unsettled = new Map<string, Promise<void>>();
  private readonly wal: WriteAheadLog | null;
  private readonly ledgerDir: string | null;
  private timer: NodeJS.Timeout | null = null;
  private snapshotTimer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(options: LocalChainOptions) {
    this.slotMs = options.slotMs ?? 400;
    this.now = options.now ?? Date.now;
    this.ledgerDir = options.dataDir ? path.join(options.dataDir, 'localnet') : null;
    if (this.ledgerDir) mkdirSync(this.ledgerDir, { recursive: true, mode: 0o700 });
    this.faucet = this.ledgerDir
      ? loadOrCreateKeypairFile(path.join(this.ledgerDir, 'faucet-keypair.json'))
      : generateSigner();
    this.genesisHash = loadOrCreateGenesisHash(this.ledgerDir, this.now);
    this.blockhashes = new BlockhashQueue(this.genesisHash, options.blockhashValiditySlots ?? 150);

    const snapshot = this.ledgerDir
      ? readSnapshot<SnapshotMeta>(path.join(this.ledgerDir, 'snapshot.bin'))
      : null;
    let lastSavedAt = this.now();
    if (snapshot) {
      this.runtime = SvmRuntime.fromBytes(snapshot.state);
      this.seq = snapshot.meta.seq;
      this.snapshotSeq = snapshot.meta.seq;
      this.slotValue = snapshot.meta.slot;
      this.unixTimestamp = snapshot.meta.unixTimestamp;
      this.transactions = new TransactionIndex(snapshot.meta.transactionCount);
      lastSavedAt = snapshot.meta.savedAtMs;
      for (const serialized of snapshot.meta.transactions) {
        this.transactions.add(deserializeRecord(serialized));
      }
    } else {
      this.runtime = SvmRuntime.empty();
      this.transactions = new TransactionIndex();
      this.runtime.setAccount(this.faucet.address, {
        lamports: FAUCET_LAMPORTS,
        data: new Uint8Array(0),
        owner: SYSTEM_PROGRAM_ID,
        executable: false,
      });
    }

    for (const { address, account } of options.genesisAccounts?.((length) =>
      this.minimumBalanceForRentExemption(length),
    ) ?? []) {
      if (this.getAccount(address)) continue;
      this.runtime.setAccount(address, account);
    }

    const walFile = this.ledgerDir ? path.join(this.ledgerDir, 'transactions.wal') : null;
    if (walFile) {
      const { log, records } = WriteAheadLog.open(walFile);
      for (const record of records) {
        if (record.seq <= this.seq) continue;
        this.replay(record);
        lastSavedAt = Math.max(lastSavedAt, record.unixTimestamp * 1000);
      }
      this.wal = log;
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
    return this.transactions.count;
  }

  get currentUnixTimestamp(): number {
    return this.unixTimestamp;
  }

  blockhashForSlot(slot: number): string {
    return this.blockhashes.forSlot(slot);
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    return {
      blockhash: this.blockhashes.forSlot(this.slotValue),
      lastValidBlockHeight: this.slotValue + this.blockhashes.validitySlots,
    };
  }

  isBlockhashValid(blockhash: string): boolean {
    return this.blockhashes.isValid(blockhash, this.slotValue);
  }

  private advanceTo(slot: number): void {
    if (this.closed) return;
    this.slotValue = slot;
    this.unixTimestamp = Math.floor(this.now() / 1000);
    this.blockhashes.add(slot);
    this.runtime.setClock(slot, this.unixTimestamp);
    this.runtime.setSlotHashes(this.blockhashes.slotHashes(slot, SLOT_HASHES_KEPT));
    for (const listener of this.slotListeners) listener(slot);
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
    return this.runtime.getAccount(address);
  }

  getBalance(address: string): bigint {
    return this.runtime.getBalance(address);
  }

  getProgramAccounts(programId: string): { address: string; account: LocalAccount }[] {
    return this.runtime.getProgramAccounts(programId);
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.runtime.minimumBalanceForRentExemption(dataLength);
  }

  // ---- transactions ----------------------------------------------------------------------------

  getTransaction(signature: string): TransactionRecord | null {
    return this.transactions.get(signature);
  }

  /** Oldest first; getSignaturesForAddress reads it from the end. */
  signaturesForAddress(address: string): readonly string[] {
    return this.transactions.signaturesFor(address);
  }

  feeForMessage(message: DecodedMessage): bigint {
    return calculateFee(message);
  }

  /** Resolves the keys a v0 message loads through lookup tables; null when a table is missing. */
  resolveLookups(message: DecodedMessage): { writable: string[]; readonly: string[] } | null {
    return this.runtime.resolveLookups(message);
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
    return this.runtime.simulate(raw, decoded, options);
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
    const executed = this.runtime.execute(raw, decoded, {
      seq: this.seq + 1,
      slot: this.slotValue,
      unixTimestamp: this.unixTimestamp,
      preflight: options.preflight === true,
    });
    if ('rejected' in executed) {
      return { kind: 'rejected', signature, ...executed.rejected };
    }
    const record = executed.record;
    this.seq = record.seq;
    this.transactions.add(record);
    const walRecord: WalRecord = {
      seq: record.seq,
      slot: record.slot,
      unixTimestamp: record.blockTime,
      tx: raw,
    };
    const durable = this.wal
      ? this.wal.append(walRecord).then(() => this.markDurable(record))
      : Promise.resolve().then(() => this.markDurable(record));
    // Settled either way, so it also handles a failed write for callers that do not wait: the
    // transaction then stays `processed`, never confirmed, as one a cluster dropped.
    const forget = () => {
      this.unsettled.delete(record.signature);
    };
    this.unsettled.set(record.signature, durable.then(forget, forget));
    return { kind: 'executed', record, durable };
  }

  /**
   * Resolves once `signature`'s log record is on disk, or its write failed; null when there is
   * nothing to wait for (durable already, or unknown).
   */
  settled(signature: string): Promise<void> | null {
    return this.unsettled.get(signature) ?? null;
  }

  /** How many executed transactions wait for their log record to reach the disk. */
  get logBacklog(): number {
    return this.unsettled.size;
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

  private replay(walRecord: WalRecord): void {
    const raw = walRecord.tx;
    const decoded = decodeTransaction(raw);
    this.slotValue = Math.max(this.slotValue, walRecord.slot);
    this.runtime.setClock(walRecord.slot, walRecord.unixTimestamp);
    const executed = this.runtime.execute(raw, decoded, {
      seq: walRecord.seq,
      slot: walRecord.slot,
      unixTimestamp: walRecord.unixTimestamp,
    });
    this.seq = walRecord.seq;
    this.unixTimestamp = walRecord.unixTimestamp;
    if ('rejected' in executed) return;
    executed.record.durable = true;
    this.transactions.add(executed.record);
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
      transactionCount: this.transactions.count,
      transactions: [...this.transactions.records()].map(serializeRecord),
    };
    writeSnapshot(path.join(this.ledgerDir, 'snapshot.bin'), meta, this.runtime.toBytes());
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
