import bs58 from 'bs58';
import type { LocalChain } from '../local-chain.ts';
import type { LocalAccount } from '../transaction-record.ts';
import { accountJson } from './account-json.ts';
import { invalidParams, type MethodEntries, withContext } from './json-rpc.ts';
import { addressParam, configParam } from './params.ts';

/** Balances and accounts, one, several, or all of a program's. */
export function accountMethods(chain: LocalChain): MethodEntries {
  return [
    ['getBalance', ([address]) => withContext(chain, chain.getBalance(addressParam(address)))],
    [
      'getAccountInfo',
      ([address, rawConfig]) => {
        const config = configParam(rawConfig);
        const account = chain.getAccount(addressParam(address));
        return withContext(
          chain,
          account ? accountJson(chain, account, config.encoding, config.dataSlice) : null,
        );
      },
    ],
    [
      'getMultipleAccounts',
      ([addresses, rawConfig]) => {
        const config = configParam(rawConfig);
        if (!Array.isArray(addresses)) throw invalidParams('expected an array of addresses');
        if (addresses.length > 100) throw invalidParams('Too many inputs provided; max 100');
        return withContext(
          chain,
          addresses.map((address) => {
            const account = chain.getAccount(addressParam(address));
            return account ? accountJson(chain, account, config.encoding, config.dataSlice) : null;
          }),
        );
      },
    ],
    [
      'getProgramAccounts',
      ([programId, rawConfig]) => {
        const config = configParam(rawConfig);
        const list = chain
          .getProgramAccounts(addressParam(programId, 'program id'))
          .filter(({ account }) => matchesFilters(account, config.filters))
          .map(({ address, account }) => ({
            pubkey: address,
            account: accountJson(chain, account, config.encoding, config.dataSlice),
          }));
        return config.withContext ? withContext(chain, list) : list;
      },
    ],
  ];
}

function matchesFilters(account: LocalAccount, filters: unknown): boolean {
  if (filters === undefined) return true;
  if (!Array.isArray(filters)) throw invalidParams('filters must be an array');
  for (const entry of filters as unknown[]) {
    // A filter that is not an object (null, a number...) has neither key: unsupported below.
    const filter =
      typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    if (typeof filter.dataSize === 'number') {
      if (account.data.length !== filter.dataSize) return false;
    } else if (typeof filter.memcmp === 'object' && filter.memcmp) {
      const { offset, bytes, encoding } = filter.memcmp as {
        offset?: number;
        bytes?: string;
        encoding?: string;
      };
      if (typeof offset !== 'number' || typeof bytes !== 'string') {
        throw invalidParams('memcmp needs offset and bytes');
      }
      const wanted = encoding === 'base64' ? Buffer.from(bytes, 'base64') : bs58.decode(bytes);
      if (offset + wanted.length > account.data.length) return false;
      for (let i = 0; i < wanted.length; i++) {
        if (account.data[offset + i] !== wanted[i]) return false;
      }
    } else {
      throw invalidParams('unsupported filter');
    }
  }
  return true;
}
