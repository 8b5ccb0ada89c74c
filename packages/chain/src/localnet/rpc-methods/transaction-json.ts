import bs58 from 'bs58';
import { uiTokenAmount } from '../../token-layout.ts';
import { decodeTransaction, type DecodedTransaction } from '../../wire.ts';
import type { TransactionRecord } from '../transaction-record.ts';
import { parseInstruction } from '../parsed-instruction.ts';
import { invalidParams, JsonRpcError, RPC_ERRORS } from './json-rpc.ts';

/** getTransaction's answer: the transaction in the encoding asked for, and its meta. */

interface CompiledInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
}

export function transactionJson(
  record: TransactionRecord,
  encoding: unknown,
  maxVersion: unknown,
): unknown {
  const decoded = decodeTransaction(record.raw);
  const { message } = decoded;
  if (message.version === 0 && (maxVersion === undefined || maxVersion === null)) {
    throw new JsonRpcError(
      RPC_ERRORS.unsupportedTransactionVersion,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
  const parsed = encoding === 'jsonParsed';
  const meta = metaJson(record, parsed);
  const transaction = transactionBodyJson(record, decoded, encoding, parsed);
  const result: Record<string, unknown> = {
    slot: record.slot,
    blockTime: record.blockTime,
    transaction,
    meta,
  };
  if (maxVersion !== undefined && maxVersion !== null) result.version = message.version;
  return result;
}

function instructionJson(
  record: TransactionRecord,
  ix: CompiledInstruction,
  stackHeight: number | null,
  parsed: boolean,
): unknown {
  const keys = record.accountKeys;
  return parsed
    ? parseInstruction(
        keys[ix.programIdIndex] ?? '',
        ix.accounts.map((i) => keys[i] ?? ''),
        ix.data,
        stackHeight,
      )
    : {
        programIdIndex: ix.programIdIndex,
        accounts: ix.accounts,
        data: bs58.encode(ix.data),
        stackHeight,
      };
}

function tokenBalancesJson(list: TransactionRecord['preTokenBalances']): unknown[] {
  return list.map((balance) => ({
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals),
  }));
}

function metaJson(record: TransactionRecord, parsed: boolean): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    err: record.err,
    status: record.err ? { Err: record.err } : { Ok: null },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    innerInstructions: record.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((ix) =>
        instructionJson(record, ix, ix.stackHeight, parsed),
      ),
    })),
    logMessages: record.logs,
    preTokenBalances: tokenBalancesJson(record.preTokenBalances),
    postTokenBalances: tokenBalancesJson(record.postTokenBalances),
    rewards: [],
    computeUnitsConsumed: record.computeUnitsConsumed,
  };
  if (!parsed) meta.loadedAddresses = record.loadedAddresses;
  return meta;
}

function transactionBodyJson(
  record: TransactionRecord,
  decoded: DecodedTransaction,
  encoding: unknown,
  parsed: boolean,
): unknown {
  if (encoding === 'base64' || encoding === 'base58') {
    return [
      encoding === 'base64' ? Buffer.from(record.raw).toString('base64') : bs58.encode(record.raw),
      encoding,
    ];
  }
  if (!(encoding === undefined || encoding === null || encoding === 'json' || parsed)) {
    throw invalidParams(`unsupported encoding: ${JSON.stringify(encoding)}`);
  }
  const { message } = decoded;
  const staticCount = message.staticAccountKeys.length;
  const messageJson: Record<string, unknown> = {
    accountKeys: parsed
      ? record.accountKeys.map((pubkey, i) => ({
          pubkey,
          signer: i < message.header.numRequiredSignatures,
          writable: record.writable[i] ?? false,
          source: i < staticCount ? 'transaction' : 'lookupTable',
        }))
      : message.staticAccountKeys,
    recentBlockhash: message.recentBlockhash,
    instructions: message.instructions.map((ix) => instructionJson(record, ix, null, parsed)),
  };
  if (!parsed) messageJson.header = message.header;
  if (message.version === 0) messageJson.addressTableLookups = message.addressTableLookups;
  return { signatures: decoded.signatures, message: messageJson };
}
