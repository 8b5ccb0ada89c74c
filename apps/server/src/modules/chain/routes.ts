import { attachSubscriptionSocket, pubsubUrlFor, type SubscriptionSocket } from '@dum/chain';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../context.ts';
import { windowCounter } from '../../http/rate-limit-store.ts';
import { parseQuery } from '../../http/validate.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type ChainRoutesContext = Pick<SharedContext, 'chain' | 'config' | 'localnet' | 'rateLimitStore'>;

/** What the SPA needs to reach the cluster (see docs/localnet.md). */
export interface ClusterConfigResponse {
  cluster: string;
  rpcUrl: string;
  rpcWsUrl: string;
  dumMint: string | null;
  /** The timelock-vault feature flag: the composer's vault mode creates vaults only when on. */
  vaultsEnabled: boolean;
}

/** JSON-RPC bodies and PubSub frames on /rpc (app.ts sizes the WebSocket server with it). */
export const RPC_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * What /rpc answers past its per-IP limit, with HTTP 429 and Retry-After: a JSON-RPC error, as
 * Solana's public endpoints answer theirs (code 429), so JSON-RPC clients read it as an error
 * and not as a broken body. Its id is null: the call is refused before its body is read.
 */
const RPC_RATE_LIMITED = JSON.stringify({
  jsonrpc: '2.0',
  error: { code: 429, message: 'Too many requests from your IP. Please try again later.' },
  id: null,
});

/** How many calls a JSON-RPC body holds: a batch's length, else one. */
function callsIn(body: string): number {
  if (!body.trimStart().startsWith('[')) return 1;
  try {
    const parsed: unknown = JSON.parse(body);
    return Array.isArray(parsed) ? Math.max(1, parsed.length) : 1;
  } catch {
    // Answered as one parse error.
    return 1;
  }
}

/**
 * The per-IP budget of /rpc (SOLANA_LOCALNET_RPC_RATE_*): every call spends one, a batch one per
 * call in it and a WebSocket one as it opens. The localnet runs in this process, so a flood of
 * calls from one IP would take the app's CPU from everyone; counted like the write limits (in
 * Redis with REDIS_URL, shared by every instance; in the process while Redis is away). Answers
 * whether the call may go on; when not, the 429 has been sent.
 */
function rpcRateLimit(ctx: ChainRoutesContext) {
  const { limit, windowMs } = ctx.config.solana.localnetRpcRate;
  const take = windowCounter(ctx.rateLimitStore, {
    nameSpace: `${ctx.config.redisPrefix}:rpc-rate:`,
    capacity: 50_000,
  });
  return async (request: FastifyRequest, reply: FastifyReply, calls: number): Promise<boolean> => {
    const { current, ttl } = await take(normalizeIP(request.ip), calls, windowMs);
    if (current <= limit) return true;
    await reply
      .status(429)
      .header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))))
      .type('application/json')
      .send(RPC_RATE_LIMITED);
    return false;
  };
}

function originOf(request: FastifyRequest): { http: string; ws: string } {
  const secure = request.protocol === 'https';
  return {
    http: `${request.protocol}://${request.host}`,
    ws: `${secure ? 'wss' : 'ws'}://${request.host}`,
  };
}

/**
 * GET /api/config, and — when this process runs the embedded localnet — the browser's way to it
 * on the app's own origin: POST /rpc (JSON-RPC) and a WebSocket on /rpc (PubSub), answered
 * in-process, so one port serves the product and no CORS is needed.
 */
export async function chainRoutes(app: FastifyInstance, ctx: ChainRoutesContext): Promise<void> {
  app.get('/api/config', async (request): Promise<ClusterConfigResponse> => {
    parseQuery(z.object({}), request.query);
    const origin = originOf(request);
    const rpcUrl = ctx.localnet ? `${origin.http}/rpc` : ctx.chain.rpc.url;
    return {
      cluster: ctx.config.solana.cluster,
      rpcUrl,
      rpcWsUrl: ctx.localnet ? `${origin.ws}/rpc` : pubsubUrlFor(rpcUrl),
      dumMint: ctx.chain.dumMint,
      vaultsEnabled: ctx.config.vaults.enabled,
    };
  });

  const localnet = ctx.localnet;
  if (!localnet) return;

  const spend = rpcRateLimit(ctx);
  // @fastify/websocket is registered once, in app.ts, for this route and /socket.
  await app.register(async (scope) => {
    // Before the body is read, and before a WebSocket is upgraded.
    scope.addHook('onRequest', async (request, reply) => {
      if (!(await spend(request, reply, 1))) return reply;
    });
    // JSON-RPC has its own error codes for bad JSON (-32700), so the body arrives as text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: RPC_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.post('/rpc', { bodyLimit: RPC_BODY_LIMIT }, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      // The request spent one already; the rest of a batch spends the others, and a batch past
      // the budget runs none of its calls.
      const more = callsIn(body) - 1;
      if (more > 0 && !(await spend(request, reply, more))) return reply;
      const answer = await localnet.rpc.handleText(body);
      return reply.type('application/json').send(answer ?? '');
    });
    scope.get('/rpc', { websocket: true }, (socket: SubscriptionSocket) => {
      attachSubscriptionSocket(localnet.subscriptions, socket);
    });
  });
}
