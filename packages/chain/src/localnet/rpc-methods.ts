import bs58 from 'bs58';
import { TOKEN_PROGRAM_ID, isTokenProgram } from '../programs.ts';
import { decodeMint, decodeTokenAccount, uiTokenAmount } from '../token-layout.ts';
import {
  decodeMessage,
  decodeTransaction,
  type DecodedTransaction,
  WireFormatError,
} from '../wire.ts';
import { stringifyJson } from './json.ts';
import type { LocalAccount, LocalChain, TransactionRecord } from './local-chain.ts';
import { parseInstruction } from './parsed-instruction.ts';
import { describeTransactionError, type TransactionErrorJson } from './transaction-error.ts';

/**
 * Solana JSON-RPC 2.0 over a LocalChain, without any transport: `handleText` takes a request body
 * and returns the response body, so the HTTP server, the app's /rpc route and tests share it.
 */

export const RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  sendTransactionPreflightFailure: -32002,
  signatureVerificationFailure: -32003,
  unsupportedTransactionVersion: -32015,
} as const;

export const SOLANA_CORE_VERSION = '2.2.0';

export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

type Params = unknown[];
type Method = (params: Params) => unknown;

interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: string | number | null;
  method: string;
  params?: unknown;
}

export interface RpcHandler {
  /** Answers one request body (single or batch); null for a notification-only body. */
  handleText(body: string): Promise<string | null>;
  /** Calls one method directly (tests, in-process clients). */
  call(method: string, params?: unknown[]): Promise<unknown>;
  readonly methods: ReadonlySet<string>;
}

export function createRpcHandler(chain: LocalChain): RpcHandler {
  const methods = buildMethods(chain);

  async function answer(request: unknown): Promise<unknown> {
    if (!isRequest(request)) {
      return errorResponse(null, RPC_ERRORS.invalidRequest, 'Invalid request');
    }
    const id = request.id ?? null;
    const method = methods.get(request.method);
    if (!method) return errorResponse(id, RPC_ERRORS.methodNotFound, 'Method not found');
    if (request.params !== undefined && !Array.isArray(request.params)) {
      return errorResponse(id, RPC_ERRORS.invalidParams, 'Invalid params: expected an array');
    }
    try {
      const result = await method((request.params as Params | undefined) ?? []);
      return { jsonrpc: '2.0', result, id };
    } catch (error) {
      if (error instanceof JsonRpcError) {
        return errorResponse(id, error.code, error.message, error.data);
      }
      return errorResponse(
        id,
        RPC_ERRORS.internalError,
        `Internal error: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  return {
    methods: new Set(methods.keys()),
    async handleText(body) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return stringifyJson(errorResponse(null, RPC_ERRORS.parseError, 'Parse error'));
      }
      if (Array.isArray(parsed)) {
        if (parsed.length === 0) {
          return stringifyJson(errorResponse(null, RPC_ERRORS.invalidRequest, 'Invalid request'));
        }
        return stringifyJson(await Promise.all(parsed.map(answer)));
      }
      return stringifyJson(await answer(parsed));
    },
    async call(name, params = []) {
      const method = methods.get(name);
      if (!method) throw new JsonRpcError(RPC_ERRORS.methodNotFound, 'Method not found');
      return method(params);
    },
  };
}

function isRequest(value: unknown): value is JsonRpcRequest {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { jsonrpc?: unknown }).jsonrpc === '2.0' &&
    typeof (value as { method?: unknown }).method === 'string'
  );
}

function errorResponse(id: unknown, code: number, message: string, data?: unknown): unknown {
  const error: Record<string, unknown> = { code, message };
  if (data !== undefined) error.data = data;
  return { jsonrpc: '2.0', error, id };
}

// ---- parameter helpers ---------------------------------------------------------------------------

function invalidParams(message: string): JsonRpcError {
  return new JsonRpcError(RPC_ERRORS.invalidParams, `Invalid params: ${message}`);
}

function addressParam(value: unknown, name = 'address'): string {
  if (typeof value !== 'string') throw invalidParams(`${name} must be a base-58 string`);
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw new JsonRpcError(RPC_ERRORS.invalidParams, 'Invalid param: Invalid');
  }
  if (bytes.length !== 32)
    throw new JsonRpcError(RPC_ERRORS.invalidParams, 'Invalid param: WrongSize');
  return value;
}

function configParam(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams('config must be an object');
  return value as Record<string, unknown>;
}

function integerParam(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`${name} must be a non-negative integer`);
  }
  return value;
}

function decodeEncoded(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('expected an encoded transaction string');
  const kind = encoding ?? 'base58';
  try {
    if (kind === 'base58') return bs58.decode(value);
    if (kind === 'base64') return new Uint8Array(Buffer.from(value, 'base64'));
  } catch {
    throw invalidParams(`invalid ${JSON.stringify(kind)} encoding`);
  }
  throw invalidParams(
    `unsupported encoding: ${JSON.stringify(kind)}. Supported encodings: base58, base64`,
  );
}

function decodeTx(
  value: unknown,
  encoding: unknown,
): { raw: Uint8Array; decoded: DecodedTransaction } {
  const raw = decodeEncoded(value, encoding);
  try {
    return { raw, decoded: decodeTransaction(raw) };
  } catch (error) {
    const reason = error instanceof WireFormatError ? error.message : 'invalid transaction';
    throw invalidParams(`failed to deserialize VersionedTransaction: ${reason}`);
  }
}

// ---- account encoding -----------------------------------------------------------------------------

export function encodeAccount(
  account: LocalAccount,
  encoding: unknown,
  dataSlice?: unknown,
): Record<string, unknown> {
  let data = account.data;
  if (dataSlice && typeof dataSlice === 'object') {
    const { offset, length } = dataSlice as { offset?: number; length?: number };
    data = data.subarray(offset ?? 0, (offset ?? 0) + (length ?? data.length));
  }
  let encoded: unknown;
  if (encoding === 'jsonParsed') {
    encoded = parseAccountData(account) ?? [Buffer.from(data).toString('base64'), 'base64'];
  } else if (encoding === 'base64') {
    encoded = [Buffer.from(data).toString('base64'), 'base64'];
  } else if (encoding === 'base58') {
    encoded = [bs58.encode(data), 'base58'];
  } else if (encoding === undefined || encoding === null || encoding === 'binary') {
    encoded = bs58.encode(data);
  } else {
    throw invalidParams(`unsupported account encoding: ${JSON.stringify(encoding)}`);
  }
  return {
    data: encoded,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: account.rentEpoch,
    space: account.data.length,
  };
}

function parseAccountData(account: LocalAccount): Record<string, unknown> | null {
  if (!isTokenProgram(account.owner)) return null;
  const program = account.owner === TOKEN_PROGRAM_ID ? 'spl-token' : 'spl-token-2022';
  const mint = decodeMint(account.data);
  if (mint) {
    return {
      program,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
      },
      space: account.data.length,
    };
  }
  return null;
}

function buildMethods(chain: LocalChain): Map<string, Method> {
  const context = () => ({ slot: chain.slot, apiVersion: SOLANA_CORE_VERSION });
  const withContext = (value: unknown) => ({ context: context(), value });

  function decimalsOf(mint: string): number {
    const account = chain.getAccount(mint);
    return account ? (decodeMint(account.data)?.decimals ?? 0) : 0;
  }

  /** Like encodeAccount, but parses token accounts (which need their mint's decimals). */
  function accountJson(
    account: LocalAccount,
    encoding: unknown,
    dataSlice?: unknown,
  ): Record<string, unknown> {
    if (encoding === 'jsonParsed' && isTokenProgram(account.owner)) {
      const token = decodeTokenAccount(account.data);
      if (token) {
        const program = account.owner === TOKEN_PROGRAM_ID ? 'spl-token' : 'spl-token-2022';
        const info: Record<string, unknown> = {
          isNative: token.isNative,
          mint: token.mint,
          owner: token.owner,
          state: token.state,
          tokenAmount: uiTokenAmount(token.amount, decimalsOf(token.mint)),
        };
        if (token.delegate) {
          info.delegate = token.delegate;
          info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimalsOf(token.mint));
        }
        if (token.closeAuthority) info.closeAuthority = token.closeAuthority;
        return {
          ...encodeAccount(account, 'base64'),
          data: { program, parsed: { type: 'account', info }, space: account.data.length },
        };
      }
    }
    return encodeAccount(account, encoding, dataSlice);
  }

  function matchesFilters(account: LocalAccount, filters: unknown): boolean {
    if (filters === undefined) return true;
    if (!Array.isArray(filters)) throw invalidParams('filters must be an array');
    for (const filter of filters as Record<string, unknown>[]) {
      if (filter && typeof filter.dataSize === 'number') {
        if (account.data.length !== filter.dataSize) return false;
      } else if (filter && typeof filter.memcmp === 'object' && filter.memcmp) {
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

  function tokenAccountsOf(
    owner: string,
    filter: Record<string, unknown>,
  ): { address: string; account: LocalAccount }[] {
    let programId: string;
    let mint: string | null = null;
    if (typeof filter.mint === 'string') {
      mint = addressParam(filter.mint, 'mint');
      const mintAccount = chain.getAccount(mint);
      if (!mintAccount) throw invalidParams('Invalid param: could not find mint');
      programId = mintAccount.owner;
    } else if (typeof filter.programId === 'string') {
      programId = addressParam(filter.programId, 'programId');
    } else {
      throw invalidParams('expected {mint} or {programId}');
    }
    if (!isTokenProgram(programId))
      throw invalidParams('Invalid param: unrecognized Token program id');
    return chain.getProgramAccounts(programId).filter(({ account }) => {
      const token = decodeTokenAccount(account.data);
      return token !== null && token.owner === owner && (mint === null || token.mint === mint);
    });
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

  function simulationError(
    err: TransactionErrorJson,
    logs: string[],
    unitsConsumed: bigint,
  ): JsonRpcError {
    if (err === 'SignatureFailure') {
      return new JsonRpcError(
        RPC_ERRORS.signatureVerificationFailure,
        'Transaction signature verification failure',
      );
    }
    return new JsonRpcError(
      RPC_ERRORS.sendTransactionPreflightFailure,
      `Transaction simulation failed: ${describeTransactionError(err)}`,
      { err, logs, accounts: null, unitsConsumed, returnData: null, innerInstructions: null },
    );
  }

  async function submit(
    raw: Uint8Array,
    decoded: DecodedTransaction,
    preflight: boolean,
  ): Promise<string> {
    const signature = decoded.signatures[0] ?? '';
    // Preflight is done by LocalChain.submit itself (see there): execution is atomic here, so
    // "simulate, then execute" and "execute, undo on failure" are the same thing, done once.
    const outcome = chain.submit(raw, decoded, { preflight });
    if (outcome.kind === 'rejected') {
      if (outcome.err === 'SignatureFailure' || preflight) {
        throw simulationError(outcome.err, outcome.logs, outcome.unitsConsumed);
      }
      // Without preflight a cluster drops such a transaction silently; so do we.
      return signature;
    }
    await outcome.durable;
    return signature;
  }

  function transactionJson(
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
    const keys = record.accountKeys;
    const instruction = (
      ix: { programIdIndex: number; accounts: number[]; data: Uint8Array },
      stackHeight: number | null,
    ) =>
      parsed
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
    const tokenBalances = (list: TransactionRecord['preTokenBalances']) =>
      list.map((balance) => ({
        accountIndex: balance.accountIndex,
        mint: balance.mint,
        owner: balance.owner,
        programId: balance.programId,
        uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals),
      }));
    const meta: Record<string, unknown> = {
      err: record.err,
      status: record.err ? { Err: record.err } : { Ok: null },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions: record.innerInstructions.map((group) => ({
        index: group.index,
        instructions: group.instructions.map((ix) => instruction(ix, ix.stackHeight)),
      })),
      logMessages: record.logs,
      preTokenBalances: tokenBalances(record.preTokenBalances),
      postTokenBalances: tokenBalances(record.postTokenBalances),
      rewards: [],
      computeUnitsConsumed: record.computeUnitsConsumed,
    };
    if (!parsed) meta.loadedAddresses = record.loadedAddresses;

    let transaction: unknown;
    if (encoding === 'base64' || encoding === 'base58') {
      transaction = [
        encoding === 'base64'
          ? Buffer.from(record.raw).toString('base64')
          : bs58.encode(record.raw),
        encoding,
      ];
    } else if (encoding === undefined || encoding === null || encoding === 'json' || parsed) {
      const staticCount = message.staticAccountKeys.length;
      const messageJson: Record<string, unknown> = {
        accountKeys: parsed
          ? keys.map((pubkey, i) => ({
              pubkey,
              signer: i < message.header.numRequiredSignatures,
              writable: record.writable[i] ?? false,
              source: i < staticCount ? 'transaction' : 'lookupTable',
            }))
          : message.staticAccountKeys,
        recentBlockhash: message.recentBlockhash,
        instructions: message.instructions.map((ix) => instruction(ix, null)),
      };
      if (!parsed) messageJson.header = message.header;
      if (message.version === 0) messageJson.addressTableLookups = message.addressTableLookups;
      transaction = { signatures: decoded.signatures, message: messageJson };
    } else {
      throw invalidParams(`unsupported encoding: ${JSON.stringify(encoding)}`);
    }
    const result: Record<string, unknown> = {
      slot: record.slot,
      blockTime: record.blockTime,
      transaction,
      meta,
    };
    if (maxVersion !== undefined && maxVersion !== null) result.version = message.version;
    return result;
  }

  const methods: [string, Method][] = [
    ['getVersion', () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 })],
    ['getHealth', () => 'ok'],
    ['getGenesisHash', () => chain.genesisHash],
    ['getIdentity', () => ({ identity: chain.faucet.address })],
    ['getSlot', () => chain.slot],
    ['getBlockHeight', () => chain.blockHeight],
    ['getTransactionCount', () => chain.totalTransactions],
    [
      'getEpochInfo',
      () => ({
        absoluteSlot: chain.slot,
        blockHeight: chain.blockHeight,
        epoch: chain.epoch,
        slotIndex: chain.slot % chain.slotsPerEpoch,
        slotsInEpoch: chain.slotsPerEpoch,
        transactionCount: chain.totalTransactions,
      }),
    ],
    [
      'getEpochSchedule',
      () => ({
        slotsPerEpoch: chain.slotsPerEpoch,
        leaderScheduleSlotOffset: chain.slotsPerEpoch,
        warmup: false,
        firstNormalEpoch: 0,
        firstNormalSlot: 0,
      }),
    ],
    ['getLatestBlockhash', () => withContext(chain.latestBlockhash())],
    [
      'isBlockhashValid',
      ([blockhash]) => {
        if (typeof blockhash !== 'string') throw invalidParams('blockhash must be a string');
        return withContext(chain.isBlockhashValid(blockhash));
      },
    ],
    [
      'getFeeForMessage',
      ([encoded]) => {
        if (typeof encoded !== 'string') throw invalidParams('message must be a base64 string');
        let message;
        try {
          message = decodeMessage(new Uint8Array(Buffer.from(encoded, 'base64')));
        } catch {
          throw invalidParams('invalid message');
        }
        return withContext(
          chain.isBlockhashValid(message.recentBlockhash) ? chain.feeForMessage(message) : null,
        );
      },
    ],
    ['getRecentPrioritizationFees', () => []],
    [
      'getMinimumBalanceForRentExemption',
      ([length]) => chain.minimumBalanceForRentExemption(integerParam(length, 'data length')),
    ],
    ['getBalance', ([address]) => withContext(chain.getBalance(addressParam(address)))],
    [
      'getAccountInfo',
      ([address, rawConfig]) => {
        const config = configParam(rawConfig);
        const account = chain.getAccount(addressParam(address));
        return withContext(
          account ? accountJson(account, config.encoding, config.dataSlice) : null,
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
          addresses.map((address) => {
            const account = chain.getAccount(addressParam(address));
            return account ? accountJson(account, config.encoding, config.dataSlice) : null;
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
            account: accountJson(account, config.encoding, config.dataSlice),
          }));
        return config.withContext ? withContext(list) : list;
      },
    ],
    [
      'getTokenAccountBalance',
      ([address]) => {
        const account = chain.getAccount(addressParam(address));
        const token =
          account && isTokenProgram(account.owner) ? decodeTokenAccount(account.data) : null;
        if (!token) throw invalidParams('Invalid param: not a Token account');
        return withContext(uiTokenAmount(token.amount, decimalsOf(token.mint)));
      },
    ],
    [
      'getTokenAccountsByOwner',
      ([owner, filter, rawConfig]) => {
        const config = configParam(rawConfig);
        const list = tokenAccountsOf(addressParam(owner, 'owner'), configParam(filter)).map(
          ({ address, account }) => ({
            pubkey: address,
            account: accountJson(account, config.encoding, config.dataSlice),
          }),
        );
        return withContext(list);
      },
    ],
    [
      'getTokenSupply',
      ([address]) => {
        const account = chain.getAccount(addressParam(address));
        const mint = account && isTokenProgram(account.owner) ? decodeMint(account.data) : null;
        if (!mint) throw invalidParams('Invalid param: not a Token mint');
        return withContext(uiTokenAmount(mint.supply, mint.decimals));
      },
    ],
    [
      'sendTransaction',
      async ([encoded, rawConfig]) => {
        const config = configParam(rawConfig);
        const { raw, decoded } = decodeTx(encoded, config.encoding);
        return submit(raw, decoded, config.skipPreflight !== true);
      },
    ],
    [
      'simulateTransaction',
      ([encoded, rawConfig]) => {
        const config = configParam(rawConfig);
        const { raw, decoded } = decodeTx(encoded, config.encoding);
        const sigVerify = config.sigVerify === true;
        const replace = config.replaceRecentBlockhash === true;
        if (sigVerify && replace) {
          throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
        }
        const accountsConfig = configParam(config.accounts);
        const addresses = Array.isArray(accountsConfig.addresses)
          ? accountsConfig.addresses.map((a) => addressParam(a))
          : [];
        const value: Record<string, unknown> = {
          err: null,
          logs: [],
          accounts: null,
          unitsConsumed: 0,
          returnData: null,
          innerInstructions: null,
        };
        if (!replace && !chain.isBlockhashValid(decoded.message.recentBlockhash)) {
          value.err = 'BlockhashNotFound';
          return withContext(value);
        }
        const simulation = chain.simulate(raw, decoded, { sigVerify, accounts: addresses });
        value.err = simulation.err;
        value.logs = simulation.logs;
        value.unitsConsumed = simulation.unitsConsumed;
        if (simulation.returnData) {
          value.returnData = {
            programId: simulation.returnData.programId,
            data: [Buffer.from(simulation.returnData.data).toString('base64'), 'base64'],
          };
        }
        if (addresses.length > 0) {
          value.accounts = addresses.map((address) => {
            const account = simulation.postAccounts.get(address) ?? chain.getAccount(address);
            return account ? accountJson(account, accountsConfig.encoding ?? 'base64') : null;
          });
        }
        if (config.innerInstructions === true) {
          const keys = simulation.accountKeys;
          value.innerInstructions = simulation.innerInstructions.map((group) => ({
            index: group.index,
            instructions: group.instructions.map((ix) =>
              parseInstruction(
                keys[ix.programIdIndex] ?? '',
                ix.accounts.map((i) => keys[i] ?? ''),
                ix.data,
                ix.stackHeight,
              ),
            ),
          }));
        }
        if (replace) value.replacementBlockhash = chain.latestBlockhash();
        return withContext(value);
      },
    ],
    [
      'getSignatureStatuses',
      ([signatures]) => {
        if (!Array.isArray(signatures)) throw invalidParams('expected an array of signatures');
        if (signatures.length > 256) throw invalidParams('Too many inputs provided; max 256');
        return withContext(
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
    [
      'getSignaturesForAddress',
      ([address, rawConfig]) => {
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
      },
    ],
    [
      'requestAirdrop',
      async ([address, lamports]) => {
        const recipient = addressParam(address);
        const amount = integerParam(lamports, 'lamports');
        if (amount === 0) throw invalidParams('lamports must be positive');
        const outcome = chain.airdrop(recipient, BigInt(amount));
        if (outcome.kind === 'rejected') {
          throw new JsonRpcError(
            RPC_ERRORS.internalError,
            `airdrop failed: ${describeTransactionError(outcome.err)}`,
          );
        }
        await outcome.durable;
        return outcome.record.signature;
      },
    ],
  ];
  return new Map(methods);
}
