import type { LocalChain } from '../local-chain.ts';
import type { TransactionRecord } from '../transaction-record.ts';
import { invalidParams, type MethodEntries, type Params, withContext } from './json-rpc.ts';
import { addressParam, configParam, integerParam } from './params.ts';
import { transactionJson } from './transaction-json.ts';

/** What became of a signature: its status, its transaction, an address's history. */
export function signatureMethods(chain: LocalChain): MethodEntries {
  return [
    [
      'getSignatureStatuses',
      ([signatures]) => {
        if (!Array.isArray(signatures)) throw invalidParams('expected an array of signatures');
        if (signatures.length > 256) throw invalidParams('Too many inputs provided; max 256');
        return withContext(
          chain,
          signatures.map((signature) => {
            if (typeof signature !== 'string') throw invalidParams('signature must be a string');
            const record = chain.getTransaction(signature);
            return record ? statusOf(record) : null;
          }),
        );
      },
    ],
    [
      'getTransaction',
      ([signature, rawConfig]) => {
        if (typeof signature !== 'string') throw invalidParams('signature must be a string');
        const config =
          typeof rawConfig === 'string' ? { encoding: rawConfig } : configParam(rawConfig);
        if (config.commitment === 'processed') {
          throw invalidParams('Method does not support commitment below `confirmed`');
        }
        const record = chain.getTransaction(signature);
        if (!record || !record.durable) return null;
        return transactionJson(record, config.encoding, config.maxSupportedTransactionVersion);
      },
    ],
    ['getSignaturesForAddress', (params) => signaturesForAddress(chain, params)],
  ];
}

function statusOf(record: TransactionRecord): Record<string, unknown> {
  return {
    slot: record.slot,
    confirmations: record.durable ? null : 0,
    err: record.err,
    status: record.err ? { Err: record.err } : { Ok: null },
    // One node whose ledger is on disk before it answers: a durable transaction cannot be
    // rolled back, so every commitment level sees it at once.
    confirmationStatus: record.durable ? 'finalized' : 'processed',
  };
}

function signaturesForAddress(chain: LocalChain, [address, rawConfig]: Params): unknown[] {
  const config = configParam(rawConfig);
  const limit = config.limit === undefined ? 1000 : integerParam(config.limit, 'limit');
  if (limit < 1 || limit > 1000) throw invalidParams('Invalid limit; max 1000');
  const all = chain.signaturesForAddress(addressParam(address));
  let start = all.length - 1;
  if (typeof config.before === 'string') {
    start = all.lastIndexOf(config.before) - 1;
    if (start === -2) start = -1;
  }
  const out: unknown[] = [];
  for (let i = start; i >= 0 && out.length < limit; i--) {
    const signature = all[i] as string;
    if (signature === config.until) break;
    const record = chain.getTransaction(signature);
    if (!record || !record.durable) continue;
    out.push({
      signature,
      slot: record.slot,
      err: record.err,
      memo: null,
      blockTime: record.blockTime,
      confirmationStatus: 'finalized',
    });
  }
  return out;
}
