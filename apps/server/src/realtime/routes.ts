import { AppError, SOCKET_CLOSE } from '@dum/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import type { SharedContext } from '../context.ts';
import type { EventBus } from './bus.ts';
import { SocketHub } from './socket-hub.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type SocketRoutesContext = Pick<SharedContext, 'clock' | 'config' | 'logger'> & {
  bus: EventBus;
  /**
   * Checks a socket's access token. Typed by what the hub reads, not as auth's TokenService:
   * auth publishes on this slice's bus, so naming auth here would close a circle.
   */
  tokens: {
    verifyAccessToken(token: string): Promise<{ id: string; sessionId: string; expiresAt: number }>;
  };
};

/**
 * GET /socket (WebSocket): hands each connection to this instance's SocketHub, which checks the
 * access token (the first message, `{type:'auth', token}`, or `?token=` in the URL) and then
 * delivers the bus's events.
 * @fastify/websocket must already be registered (app.ts does it once for /socket and /rpc).
 */
export function socketRoutes(app: FastifyInstance, ctx: SocketRoutesContext): SocketHub {
  const hub = new SocketHub({
    async verifyAccessToken(token) {
      try {
        const access = await ctx.tokens.verifyAccessToken(token);
        return {
          userId: access.id,
          sessionId: access.sessionId,
          expiresAt: access.expiresAt * 1000,
        };
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    },
    // Checked below against the request itself, which the hub does not see.
    allowedOrigins: null,
    logger: ctx.logger,
    now: () => ctx.clock.now().getTime(),
  });
  const unsubscribe = ctx.bus.subscribe((message) => hub.deliver(message));

  const handler = (socket: WebSocket, request: FastifyRequest): void => {
    if (
      !isAllowedSocketOrigin(request.headers.origin, request.headers.host, ctx.config.appOrigin)
    ) {
      socket.close(SOCKET_CLOSE.authFailed, 'origin not allowed');
      return;
    }
    hub.attach(socket, request.raw);
  };
  app.get('/socket', { websocket: true, config: { ignoreBearer: true } }, handler);

  app.addHook('onClose', async () => {
    unsubscribe();
    hub.close();
  });
  return hub;
}

/**
 * A browser page may open the socket only from the app itself: its Origin is APP_ORIGIN, or the
 * very host it connects to (the page was served by this server, as in tests on 127.0.0.1, or
 * through the Vite dev server's proxy). Clients that send no Origin (not browsers) pass; they
 * still need a valid token.
 */
export function isAllowedSocketOrigin(
  origin: string | undefined,
  host: string | undefined,
  appOrigin: string,
): boolean {
  if (origin === undefined) return true;
  if (origin === new URL(appOrigin).origin) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
