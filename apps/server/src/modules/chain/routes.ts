import { attachSubscriptionSocket, pubsubUrlFor, type SubscriptionSocket } from '@dum/chain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parseQuery } from '../../http/validate.ts';

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
export async function chainRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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

  // @fastify/websocket is registered once, in app.ts, for this route and /socket.
  await app.register(async (scope) => {
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
      const answer = await localnet.rpc.handleText(
        typeof request.body === 'string' ? request.body : '',
      );
      return reply.type('application/json').send(answer ?? '');
    });
    scope.get('/rpc', { websocket: true }, (socket: SubscriptionSocket) => {
      attachSubscriptionSocket(localnet.subscriptions, socket);
    });
  });
}
