import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { frameworkErrorHandler, registerErrorHandling } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { authRoutes, registerAuthentication } from './modules/auth/index.ts';
import { chainRoutes, RPC_BODY_LIMIT } from './modules/chain/index.ts';
import { economyRoutes } from './modules/economy/index.ts';
import { emissionsRoutes } from './modules/emissions/index.ts';
import { faucetRoutes } from './modules/faucet/index.ts';
import { feedPostReader, feedRoutes } from './modules/feed/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { mediaRoutes } from './modules/media/index.ts';
import { userRoutes } from './modules/users/index.ts';
import { socketRoutes } from './realtime/index.ts';
import { vaultMediaAccess, vaultRoutes } from './modules/vaults/index.ts';

/** Client messages on /socket are small JSON commands (the hub closes larger ones, 1009). */
const SOCKET_MAX_PAYLOAD = 4096;

/**
 * Builds the HTTP app around a ready context. It never listens: main.ts does, and tests call
 * `app.inject()` without a port.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger,
    bodyLimit: ctx.config.bodyLimitBytes,
    trustProxy: ctx.config.env === 'production',
    requestIdHeader: false,
    frameworkErrors: frameworkErrorHandler,
  });
  // JSON is the only body type the API reads (uploads register multipart on their own routes).
  app.removeContentTypeParser('text/plain');

  registerErrorHandling(app);
  await registerSecurityHeaders(app, ctx.config);
  registerAuthentication(app, ctx.tokens);
  // One WebSocket server for /socket and, with the embedded localnet, /rpc. Its frame limit
  // fits /rpc; the socket hub enforces its own, smaller one (docs/api.md "Real time").
  await app.register(fastifyWebsocket, {
    options: { maxPayload: ctx.localnet ? RPC_BODY_LIMIT : SOCKET_MAX_PAYLOAD },
  });

  healthRoutes(app, ctx);
  await app.register(async (scope) => authRoutes(scope, ctx));
  socketRoutes(app, ctx);
  emissionsRoutes(app, ctx);
  await chainRoutes(app, ctx);
  faucetRoutes(app, ctx);
  feedRoutes(app, ctx);
  // A locked vault's files are its creator's alone; the vault's post is read as the feed shows it.
  await mediaRoutes(app, ctx, vaultMediaAccess(ctx.database.pool));
  userRoutes(app, ctx);
  economyRoutes(app, ctx);
  vaultRoutes(app, ctx, feedPostReader(ctx));

  await registerSpa(app, ctx.config.webDist);
  return app;
}
