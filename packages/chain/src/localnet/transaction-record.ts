import { isStaticKeyWritable, type DecodedMessage } from '../wire.ts';
import type { TransactionErrorJson } from './transaction-error.ts';

/** What the localnet keeps of accounts and executed transactions, as its RPC reads them. */

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

/** Static keys followed by lookup-table writable then readonly keys, and which are writable. */
export function accountKeysOf(
  message: DecodedMessage,
  loaded: { writable: string[]; readonly: string[] },
): { accountKeys: string[]; writable: boolean[] } {
  const accountKeys = [...message.staticAccountKeys, ...loaded.writable, ...loaded.readonly];
  const writable = accountKeys.map((_, i) =>
    i < message.staticAccountKeys.length
      ? isStaticKeyWritable(message, i)
      : i < message.staticAccountKeys.length + loaded.writable.length,
  );
  return { accountKeys, writable };
}
