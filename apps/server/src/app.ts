import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { registerAuthentication } from './modules/auth/authenticate.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { chainRoutes, RPC_BODY_LIMIT } from './modules/chain/routes.ts';
import { emissionsRoutes } from './modules/emissions/routes.ts';
import { faucetRoutes } from './modules/faucet/routes.ts';
import { feedPostReader, feedRoutes } from './modules/feed/index.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mediaRoutes } from './modules/media/index.ts';
import { socketRoutes } from './realtime/routes.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { rewardsRoutes } from './modules/rewards/routes.ts';
import { stakingRoutes } from './modules/staking/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
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
  stakingRoutes(app, ctx);
  referralRoutes(app, ctx);
  activityRoutes(app, ctx);
  rewardsRoutes(app, ctx);
  vaultRoutes(app, ctx, feedPostReader(ctx));

  await registerSpa(app, ctx.config.webDist);
  return app;
}
