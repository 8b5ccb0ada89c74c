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
        const writing: Promise<void>[] = [];
        for (const signature of signatures) {
          if (typeof signature !== 'string') throw invalidParams('signature must be a string');
          const settled = chain.settled(signature);
          if (settled) writing.push(settled);
        }
        const statuses = () =>
          withContext(
            chain,
            signatures.map((signature: string) => {
              const record = chain.getTransaction(signature);
              return record ? statusOf(record) : null;
            }),
          );
        // A transaction asked about while its log record is being written is answered once the
        // write is done (one group commit), here and in getTransaction and
        // getSignaturesForAddress: whoever asks after sendTransaction answered sees it
        // `finalized` at once, as when sendTransaction waited for the disk (decision 003).
        return writing.length > 0 ? Promise.all(writing).then(statuses) : statuses();
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
        const read = () => {
          const record = chain.getTransaction(signature);
          if (!record || !record.durable) return null;
          return transactionJson(record, config.encoding, config.maxSupportedTransactionVersion);
        };
        const settled = chain.settled(signature);
        return settled ? settled.then(read) : read();
      },
    ],
    [
      'getSignaturesForAddress',
      (params) => {
        const writing: Promise<void>[] = [];
        const listed = signaturesForAddress(chain, params, writing);
        return writing.length > 0
          ? Promise.all(writing).then(() => signaturesForAddress(chain, params, []))
          : listed;
      },
    ],
  ];
}

function statusOf(record: TransactionRecord): Record<string, unknown> {
  return {
    slot: record.slot,
    confirmations: record.durable ? null : 0,
    err: record.err,
    status: record.err ? { Err: record.err } : { Ok: null },
    // One node: a transaction whose log record is on disk cannot be rolled back, so every
    // commitment level sees it at once; until then it is only processed.
    confirmationStatus: record.durable ? 'finalized' : 'processed',
  };
}

/** Lists durable transactions only; those whose log record is being written go to `writing`. */
function signaturesForAddress(
  chain: LocalChain,
  [address, rawConfig]: Params,
  writing: Promise<void>[],
): unknown[] {
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
    if (!record || !record.durable) {
      const settled = chain.settled(signature);
      if (settled) writing.push(settled);
      continue;
    }
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
