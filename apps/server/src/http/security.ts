import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Strict headers and a content security policy: the SPA loads everything from its own origin
 * (design.md section 5). The one outside origin allowed is a configured remote Solana RPC,
 * which the browser's wallet code talks to.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const connectSrc = ["'self'"];
  if (config.solana.rpcUrl) {
    const rpc = new URL(config.solana.rpcUrl);
    connectSrc.push(rpc.origin, `${rpc.protocol === 'https:' ? 'wss:' : 'ws:'}//${rpc.host}`);
  }
  await app.register(helmet, {
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
}
