import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './create-context.ts';
import { frameworkErrorHandler, registerErrorHandling } from './http/errors.ts';
import { lazySerializers } from './http/lazy-serializers.ts';
import { metricsRoutes, registerRequestMetrics } from './http/metrics.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { registerWriteLimits } from './http/write-limits.ts';
import { actionRoutes, attributeBlinkPayments } from './modules/actions/index.ts';
import { adsRoutes, feedSponsor } from './modules/ads/index.ts';
import { analyticsRoutes } from './modules/analytics/index.ts';
import { authRoutes, registerAuthentication } from './modules/auth/index.ts';
import { cardDepsOf, cardPageHead, cardRoutes, cardServiceOf } from './modules/cards/index.ts';
import { chainRoutes, RPC_BODY_LIMIT } from './modules/chain/index.ts';
import { discoverRoutes } from './modules/discover/index.ts';
import { trustRoutes } from './modules/trust/index.ts';
import { economyRoutes } from './modules/economy/index.ts';
import { emissionsRoutes } from './modules/emissions/index.ts';
import { faucetRoutes } from './modules/faucet/index.ts';
import { capsuleMediaAccess, capsuleRoutes } from './modules/capsules/index.ts';
import { feedRoutes } from './modules/feed/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { combinedMediaAccess, mediaRoutes } from './modules/media/index.ts';
import { mysteryMediaAccess, mysteryRoutes } from './modules/mystery/index.ts';
import { messageRoutes } from './modules/messages/index.ts';
import { moderationRoutes, registerSuspensionCheck } from './modules/moderation/index.ts';
import { peopleRoutes } from './modules/people/index.ts';
import { pollRoutes } from './modules/polls/index.ts';
import { forgetSessionDevices, pushRoutes } from './modules/push/index.ts';
import { giveReferralCodeIfNone, userRoutes } from './modules/users/index.ts';
import { socketRoutes } from './realtime/index.ts';
import { vaultMediaAccess, vaultRoutes } from './modules/vaults/index.ts';

/**
 * Fastify's trustProxy for TRUST_PROXY: a hop count trusts that many proxies from the socket
 * inwards (as Fastify does for a number, which its types do not list), a list trusts those.
 */
function trustProxyOption(setting: Config['trustProxy']): boolean | string[] | TrustHops {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
type TrustHops = (address: string, hop: number) => boolean;

/** What a request id taken from a trusted proxy's X-Request-Id may be (no log injection). */
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id: the X-Request-Id a trusted proxy (TRUST_PROXY) sent, so one id follows
 * the request from the edge to the logs, else a random UUID. A client's own X-Request-Id is
 * ignored unless a proxy is trusted.
 */
function requestIdGenerator(setting: Config['trustProxy']): (request: IncomingMessage) => string {
  return (request) => {
    const forwarded = request.headers['x-request-id'];
    if (
      setting !== false &&
      typeof forwarded === 'string' &&
      FORWARDED_REQUEST_ID.test(forwarded)
    ) {
      return forwarded;
    }
    return randomUUID();
  };
}

/** Client messages on /socket are small JSON commands (the hub closes larger ones, 1009). */
const SOCKET_MAX_PAYLOAD = 4096;

/**
 * Builds the HTTP app around a ready context. It never listens: main.ts does, and tests call
 * `app.inject()` without a port.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const serializers = lazySerializers();
  const app = Fastify({
    loggerInstance: ctx.logger,
    bodyLimit: ctx.config.bodyLimitBytes,
    // Only the proxies TRUST_PROXY names may set the client's IP (X-Forwarded-For); by default
    // it is the socket's address, so a client cannot pick its own rate-limit key.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // Every log line of a request carries its id (`reqId`, Fastify's child logger); the answer
    // carries it as X-Request-Id.
    requestIdHeader: false,
    genReqId: requestIdGenerator(ctx.config.trustProxy),
    frameworkErrors: frameworkErrorHandler,
    schemaController: { compilersFactory: { buildSerializer: serializers.factory } },
  });
  app.decorate('compileSerializers', serializers.compileAll);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  registerRequestMetrics(app);
  // JSON is the only body type the API reads (uploads register multipart on their own routes).
  app.removeContentTypeParser('text/plain');

  registerErrorHandling(app);
  await registerSecurityHeaders(app, ctx.config);
  registerAuthentication(app, ctx.tokens);
  // After authentication (it counts per signed-in wallet), before every slice's routes.
  await registerWriteLimits(app, ctx);
  // Writes a suspended wallet may not make (config.refusedWhenSuspended): one check for all.
  registerSuspensionCheck(app, ctx);
  // One WebSocket server for /socket and, with the embedded localnet, /rpc. Its frame limit
  // fits /rpc; the socket hub enforces its own, smaller one (docs/api.md "Real time").
  await app.register(fastifyWebsocket, {
    options: { maxPayload: ctx.localnet ? RPC_BODY_LIMIT : SOCKET_MAX_PAYLOAD },
  });

  healthRoutes(app, ctx);
  // Each slice's shared dependencies were built once, with the context (slice-deps.ts).
  const { slices } = ctx;
  // A wallet that paid through blinks before it signed in gets those payments as its own.
  // A signed-out session's push devices stop receiving the wallet's notifications.
  await app.register(async (scope) =>
    authRoutes(scope, ctx, {
      onSignedIn: (user) => attributeBlinkPayments(slices.actions, user),
      onSessionEnded: (session) => forgetSessionDevices(ctx.push.deps, session.sessionId),
    }),
  );
  const sockets = socketRoutes(app, ctx);
  metricsRoutes(app, ctx, sockets);
  emissionsRoutes(app, ctx);
  await chainRoutes(app, ctx);
  faucetRoutes(app, ctx);
  feedRoutes(app, ctx, feedSponsor(slices.ads));
  // A locked vault's files are its creator's alone, a sealed time capsule's its author's, a
  // mystery's its creator's until it opens; the vault's post is read as the feed shows it.
  await mediaRoutes(
    app,
    ctx,
    combinedMediaAccess(
      vaultMediaAccess(ctx.database.pool),
      capsuleMediaAccess(ctx.database.pool),
      mysteryMediaAccess(ctx.database.pool),
    ),
  );
  capsuleRoutes(app, ctx);
  pollRoutes(app, ctx);
  userRoutes(app, ctx);
  peopleRoutes(app, ctx);
  discoverRoutes(app, ctx);
  trustRoutes(app, ctx);
  // A referral code is a column of users: the users slice writes it for the economy's routes.
  economyRoutes(app, ctx, (userId, code) =>
    giveReferralCodeIfNone(ctx.database.pool, userId, code),
  );
  vaultRoutes(app, ctx, slices.vaults, slices.readPost);
  mysteryRoutes(app, slices.mystery);
  messageRoutes(app, slices.messages);
  analyticsRoutes(app, ctx);
  // Solana Actions: /actions.json at the root and /api/actions/*, in scopes of their own (CORS
  // for any origin, the specification's headers and `{ message }` errors), before the SPA.
  await actionRoutes(app, slices.actions);
  adsRoutes(app, slices.ads);
  moderationRoutes(app, slices.moderation);
  pushRoutes(app, ctx.push);

  // Link cards: a shared post, vault, mystery or profile page carries its Open Graph tags in the
  // shell, and its picture is drawn here.
  const cards = cardServiceOf(
    cardDepsOf(ctx, { readPost: slices.readPost, vaults: slices.vaults, mystery: slices.mystery }),
    ctx.logger,
  );
  cardRoutes(app, cards);

  await registerSpa(app, ctx.config.webDist, cardPageHead(cards));
  return app;
}
