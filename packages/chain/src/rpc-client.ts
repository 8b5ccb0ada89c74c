import { AppError } from '@dum/core';

/**
 * A small JSON-RPC client for the server's own chain calls. Anything that means "the cluster is
 * not answering" (network error, timeout, HTTP 5xx/429, garbage) becomes AppError
 * `chain_unavailable`; a JSON-RPC error answer becomes RpcCallError with its code.
 */

export class RpcCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcCallError';
  }
}

export interface RpcClient {
  readonly url: string;
  call<T>(method: string, params?: unknown[]): Promise<T>;
}

/**
 * Answers a JSON-RPC request body with the response body, without a network hop: the embedded
 * localnet's own handler when it runs in this process (same requests, same answers as over HTTP).
 */
export type RpcTransport = (body: string) => Promise<string | null>;

export function createRpcClient(
  url: string,
  options: { timeoutMs?: number; transport?: RpcTransport } = {},
): RpcClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const transport = options.transport;
  let nextId = 1;
  return {
    url,
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      const request = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params });
      let body: { result?: T; error?: { code: number; message: string; data?: unknown } };
      if (transport) {
        let parsed: unknown;
        try {
          parsed = JSON.parse((await transport(request)) ?? 'null');
        } catch (cause) {
          throw new AppError('chain_unavailable', { cause });
        }
        if (typeof parsed !== 'object' || parsed === null) {
          throw new AppError('chain_unavailable', { cause: new Error(`RPC ${method}: no answer`) });
        }
        body = parsed;
      } else {
        let response: Response;
        try {
          response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: request,
            signal: AbortSignal.timeout(timeoutMs),
          });
        } catch (cause) {
          throw new AppError('chain_unavailable', { cause });
        }
        if (!response.ok) {
          throw new AppError('chain_unavailable', {
            cause: new Error(`RPC ${method} answered HTTP ${response.status}`),
          });
        }
        try {
          body = (await response.json()) as typeof body;
        } catch (cause) {
          throw new AppError('chain_unavailable', { cause });
        }
      }
      if (body.error) {
        // -32603 internal errors and "node is behind" are the cluster's trouble, not the caller's.
        if (body.error.code === -32603 || body.error.code === -32005) {
          throw new AppError('chain_unavailable', { cause: new Error(body.error.message) });
        }
        throw new RpcCallError(body.error.code, body.error.message, body.error.data);
      }
      return body.result as T;
    },
  };
}
