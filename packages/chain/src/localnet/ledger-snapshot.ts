import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import bs58 from 'bs58';
import { decodeTransaction } from '../wire.ts';
import type { TransactionErrorJson } from './transaction-error.ts';
import { accountKeysOf, type TokenBalance, type TransactionRecord } from './transaction-record.ts';

/**
 * The ledger's files besides the write-ahead log: the genesis hash, and the snapshot's metadata
 * (the transaction index, with bigints and bytes as strings) beside LiteSVM's state.
 */

export interface SnapshotMeta {
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

export function serializeRecord(record: TransactionRecord): SerializedRecord {
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

export function deserializeRecord(serialized: SerializedRecord): TransactionRecord {
  const raw = new Uint8Array(Buffer.from(serialized.raw, 'base64'));
  const decoded = decodeTransaction(raw);
  const { message } = decoded;
  const loaded = serialized.loadedAddresses;
  const { accountKeys, writable } = accountKeysOf(message, loaded);
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
    writable,
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

/** The ledger's genesis hash, made once; a ledger kept in memory gets a new one each run. */
export function loadOrCreateGenesisHash(ledgerDir: string | null, now: () => number): string {
  if (!ledgerDir) return bs58.encode(randomBytes(32));
  const file = path.join(ledgerDir, 'genesis.json');
  if (existsSync(file)) {
    return (JSON.parse(readFileSync(file, 'utf8')) as { genesisHash: string }).genesisHash;
  }
  const genesisHash = bs58.encode(randomBytes(32));
  writeFileSync(file, JSON.stringify({ genesisHash, createdAt: new Date(now()).toISOString() }), {
    mode: 0o600,
  });
  return genesisHash;
}
