import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin HTTP and WebSocket proxy (node:http only) in front of several app
 * instances, as a load balancer would stand in production: each request, and each WebSocket
 * upgrade, goes to the next target in turn. It adds `x-forwarded-for` / `x-forwarded-proto` /
 * `x-forwarded-host` like a TLS proxy, so instances started with TRUST_PROXY see the client,
 * and an `x-request-id` when the request has none (the instances log and answer it).
 *
 * Used by `npm run cluster` (scripts/cluster.ts) and by benchmarks that load several instances.
 *
 *     const proxy = await startRoundRobinProxy({ targets: ['http://127.0.0.1:3001', 'http://127.0.0.1:3002'] });
 *     proxy.url;        // 'http://127.0.0.1:<port>'
 *     proxy.counts();   // requests (and upgrades) sent to each target so far
 *     await proxy.close();
 */

export interface RoundRobinProxyOptions {
  /** The instances' origins, e.g. 'http://127.0.0.1:3001'. At least one. */
  targets: readonly string[];
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
}

export interface RoundRobinProxy {
  /** The proxy's origin, e.g. 'http://127.0.0.1:8080'. */
  readonly url: string;
  readonly port: number;
  /** How many requests and upgrades each target received, in the order of `targets`. */
  counts(): number[];
  /** Stops listening and closes every open connection (WebSockets included). */
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forwardedHeaders(
  request: http.IncomingMessage,
  keepUpgrade: boolean,
): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (HOP_BY_HOP.has(name) && !(keepUpgrade && (name === 'connection' || name === 'upgrade'))) {
      continue;
    }
    headers[name] = value;
  }
  const client = request.socket.remoteAddress ?? '';
  const prior = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
  headers['x-forwarded-proto'] ??= 'http';
  if (request.headers.host) headers['x-forwarded-host'] ??= request.headers.host;
  // One id per request from the edge on, as load balancers add (instances with TRUST_PROXY log it).
  headers['x-request-id'] ??= randomUUID();
  return headers;
}

export async function startRoundRobinProxy(
  options: RoundRobinProxyOptions,
): Promise<RoundRobinProxy> {
  if (options.targets.length === 0) throw new Error('startRoundRobinProxy: no targets');
  const targets = options.targets.map((target) => new URL(target));
  const sent = targets.map(() => 0);
  let next = 0;
  const pick = (): { url: URL; index: number } => {
    const index = next;
    next = (next + 1) % targets.length;
    sent[index] = (sent[index] ?? 0) + 1;
    const url = targets[index];
    if (!url) throw new Error('unreachable: target index out of range');
    return { url, index };
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const sockets = new Set<net.Socket>();

  const server = http.createServer((request, response) => {
    const { url } = pick();
    const upstream = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        method: request.method,
        path: request.url,
        headers: forwardedHeaders(request, false),
      },
      (answer) => {
        const headers: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end('Bad gateway\n');
      } else {
        response.destroy();
      }
    });
    request.on('aborted', () => upstream.destroy());
    request.pipe(upstream);
  });

  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const { url } = pick();
    const upstream = net.connect(Number(url.port), url.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    const fail = (): void => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', fail);
    client.on('error', fail);
    upstream.on('connect', () => {
      // Replays the upgrade request as it came (with the forwarding headers), then joins the
      // two sockets byte for byte: the instance answers 101 and speaks WebSocket directly.
      const headers = forwardedHeaders(request, true);
      const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) {
        for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    counts: () => [...sent],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        agent.destroy();
      }),
  };
}
