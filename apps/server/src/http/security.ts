import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * Strict headers and a content security policy: the SPA loads everything from its own origin
 * (nothing from third-party hosts at run time, so the app works offline on the localnet and
 * the policy stays 'self'). The one outside origin allowed is a configured remote Solana RPC,
 * which the browser's wallet code talks to.
 *
 * The policy has no per-request part (no nonces), so helmet runs once, at start, and every
 * response gets the headers it produced. (@fastify/helmet built a new helmet middleware on
 * every request, parsing the policy each time: about 40 µs of CPU per request, a third of the
 * cached feed page's cost in bench:feed.) A route may still set its own value afterwards, as
 * /media does for its stricter policy.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const connectSrc = ["'self'"];
  if (config.solana.rpcUrl) {
    const rpc = new URL(config.solana.rpcUrl);
    connectSrc.push(rpc.origin, `${rpc.protocol === 'https:' ? 'wss:' : 'ws:'}//${rpc.host}`);
  }
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Component libraries set inline style attributes (positions, sizes) at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with these options, read from one run on a stand-in response. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)(
    // A request on no connection: helmet's header choices do not depend on the request.
    new IncomingMessage(new Socket()),
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error('helmet failed');
    },
  );
  return Object.fromEntries(headers);
}
