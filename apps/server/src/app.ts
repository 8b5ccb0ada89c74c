import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { registerAuthentication } from './modules/auth/authenticate.ts';
import { chainRoutes } from './modules/chain/routes.ts';
import { emissionsRoutes } from './modules/emissions/routes.ts';
import { faucetRoutes } from './modules/faucet/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';

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

  healthRoutes(app, ctx);
  emissionsRoutes(app, ctx);
  await chainRoutes(app, ctx);
  faucetRoutes(app, ctx);

  await registerSpa(app, ctx.config.webDist);
  return app;
}
