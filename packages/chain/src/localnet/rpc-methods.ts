import { stringifyJson } from './json.ts';
import type { LocalChain } from './local-chain.ts';
import { accountMethods } from './rpc-methods/accounts.ts';
import { airdropMethods, type AirdropLimit } from './rpc-methods/airdrop.ts';
import { clusterMethods } from './rpc-methods/cluster.ts';
import { JsonRpcError, RPC_ERRORS, type Method, type Params } from './rpc-methods/json-rpc.ts';
import { sendMethods } from './rpc-methods/send.ts';
import { signatureMethods } from './rpc-methods/signatures.ts';
import { tokenMethods } from './rpc-methods/tokens.ts';

/**
 * Solana JSON-RPC 2.0 over a LocalChain, without any transport: `handleText` takes a request body
 * and returns the response body, so the HTTP server, the app's /rpc route and tests share it.
 * Each group of methods lives in rpc-methods/.
 */

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

export interface RpcHandlerOptions {
  /** requestAirdrop's limit per address (default: 100 SOL an hour). */
  airdropLimit?: AirdropLimit;
  /** The airdrop windows' clock (default: Date.now). */
  now?: () => number;
}

export function createRpcHandler(chain: LocalChain, options: RpcHandlerOptions = {}): RpcHandler {
  const methods = buildMethods(chain, options);

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

function buildMethods(chain: LocalChain, options: RpcHandlerOptions): Map<string, Method> {
  return new Map([
    ...clusterMethods(chain),
    ...accountMethods(chain),
    ...tokenMethods(chain),
    ...sendMethods(chain),
    ...signatureMethods(chain),
    ...airdropMethods(chain, options.airdropLimit, options.now),
  ]);
}
