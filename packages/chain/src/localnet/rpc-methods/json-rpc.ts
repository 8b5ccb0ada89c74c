import type { LocalChain } from '../local-chain.ts';

/** The JSON-RPC vocabulary every method group shares: error codes, the error type, a method. */

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

export type Params = unknown[];
export type Method = (params: Params) => unknown;
/** A group's methods as [name, method] pairs, in the order `methods` lists them. */
export type MethodEntries = [string, Method][];

export function invalidParams(message: string): JsonRpcError {
  return new JsonRpcError(RPC_ERRORS.invalidParams, `Invalid params: ${message}`);
}

/** The `{context, value}` envelope of the methods that answer at a slot. */
export function withContext(chain: LocalChain, value: unknown): unknown {
  return { context: { slot: chain.slot, apiVersion: SOLANA_CORE_VERSION }, value };
}
