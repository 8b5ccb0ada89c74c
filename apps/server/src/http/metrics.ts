import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { SharedContext } from '../context.ts';
import { httpRequestDuration, httpRequests, processRegistry } from '../metrics.ts';
import { countFailedDeletes } from '../modules/media/index.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type MetricsContext = Pick<SharedContext, 'config' | 'database' | 'logger'>;

/** What the app's gauges read at each scrape: the socket hub's counts (realtime/). */
export interface SocketCounts {
  readonly connectionCount: number;
  readonly authenticatedCount: number;
}

let defaultsCollected = false;
const metricsServers = new WeakMap<FastifyInstance, http.Server>();

/** The METRICS_PORT server of an app (tests read its port once the app listens). */
export function metricsServerOf(app: FastifyInstance): http.Server | undefined {
  return metricsServers.get(app);
}

/**
 * Node's own metrics (event-loop delay, heap, GC, handles, CPU, memory), once per
 * process, into the process registry.
 */
function collectNodeMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
}

/**
 * Counts every answered request by method, route pattern (`/api/users/:id`, never the path:
 * bounded labels) and status, with its duration. Registered before the routes.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** This app's gauges, read when scraped: database pool, open sockets, deletes to retry. */
function appRegistry(ctx: MetricsContext, sockets: SocketCounts): Registry {
  const registry = new Registry();
  const { pool } = ctx.database;
  new Gauge({
    name: 'dum_db_pool_connections',
    help: 'Database pool connections: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'dum_open_sockets',
    help: 'WebSockets open on /socket: all, and those signed in',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'open' }, sockets.connectionCount);
      this.set({ state: 'authenticated' }, sockets.authenticatedCount);
    },
  });
  new Gauge({
    name: 'dum_media_deletes_pending',
    help: 'Stored media whose delete failed and waits to be retried (media_deletions)',
    registers: [registry],
    async collect() {
      this.set(await countFailedDeletes(ctx.database.db));
    },
  });
  return registry;
}

/** The whole exposition: the process's metrics and this app's gauges. */
async function exposition(registry: Registry): Promise<{ type: string; body: string }> {
  const merged = Registry.merge([processRegistry, registry]);
  return { type: merged.contentType, body: await merged.metrics() };
}

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasToken(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/**
 * GET /metrics in Prometheus' text format (docs/deploy.md, "What to watch"): on the app's port
 * behind METRICS_TOKEN, or with METRICS_PORT on a port of its own (opened when the app is
 * ready, closed with it; the token is required there too when set). Off when neither is set.
 */
export function metricsRoutes(
  app: FastifyInstance,
  ctx: MetricsContext,
  sockets: SocketCounts,
): void {
  const settings = ctx.config.metrics;
  if (!settings) return;
  collectNodeMetrics();
  const registry = appRegistry(ctx, sockets);

  if (settings.port === undefined) {
    app.get('/metrics', { config: { ignoreBearer: true } }, async (request, reply) => {
      if (!hasToken(request.headers.authorization, settings.token)) {
        throw new AppError('unauthorized');
      }
      const { type, body } = await exposition(registry);
      void reply.header('cache-control', 'no-store');
      return reply.type(type).send(body);
    });
    return;
  }

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (!hasToken(request.headers.authorization, settings.token)) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized\n');
      return;
    }
    exposition(registry).then(
      ({ type, body }) => response.writeHead(200, { 'content-type': type }).end(body),
      (error: unknown) => {
        ctx.logger.error({ err: error }, 'metrics exposition failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
  const port = settings.port;
  // Open once the app is ready (before it listens), so a scrape finds it at once.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, ctx.config.host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    ctx.logger.info({ port: address.port }, 'metrics listening');
  });
  metricsServers.set(app, server);
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
