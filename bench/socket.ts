/**
 * `npm run bench:socket`: 10,000 authenticated sockets; one activity event broadcast to all;
 * delivery latency (p50, p99) and server memory per socket; first on one instance, then on two
 * instances sharing PostgreSQL and Redis (half the sockets on each), the event published once.
 * Targets: p99 under 250 ms for 10,000 sockets, under 20 KB per socket.
 *
 * The servers are production processes (e2e/support/server-test-kit.ts) with a shared AUTH_SECRET, so
 * this process can mint access tokens itself; the event goes through the Redis bus exactly as a
 * post on any instance would send it. Latency is publish → message parsed by the client, with
 * all clients in this one process (their parsing queue is included: an upper bound). One
 * broadcast warms each fresh process up and is reported apart from the measured ones.
 *
 * Environment: BENCH_SOCKETS (default 10000), BENCH_BROADCASTS (default 5),
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_REDIS_URL (default redis://127.0.0.1:6379).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { createRedisBus } from '../apps/server/src/realtime/index.ts';
import { createTokenService } from '../apps/server/src/modules/auth/index.ts';
import { startServer, type RunningServer } from '../e2e/support/server-test-kit.ts';
import { itemAt, percentile } from './measure.ts';
import { createThrowawayDatabase } from '../apps/server/src/test/migrated-postgres.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 5);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'bench-socket-secret-bench-socket-secret';

const tokens = createTokenService({
  secret: new TextEncoder().encode(SECRET),
  accessTokenTtlSeconds: 3600,
  clock: { now: () => new Date() },
});

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

interface Client {
  socket: WebSocket;
  onEvent: ((receivedAt: number) => void) | null;
}

async function connect(server: RunningServer, count: number): Promise<Client[]> {
  const wsUrl = server.url.replace(/^http/, 'ws');
  const clients: Client[] = [];
  const BATCH = 250;
  for (let start = 0; start < count; start += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, count - start) }, async () => {
        const token = await tokens.issueAccessToken({
          id: crypto.randomUUID(),
          solAddress: 'So11111111111111111111111111111111111111112',
          sessionId: crypto.randomUUID(),
        });
        // The token goes in the first message, as the web client sends it (never in the URL).
        const socket = new WebSocket(`${wsUrl}/socket`);
        const client: Client = { socket, onEvent: null };
        await new Promise<void>((resolve, reject) => {
          socket.once('error', reject);
          socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
          socket.on('message', (data: Buffer) => {
            const message = JSON.parse(data.toString()) as { type: string };
            if (message.type === 'auth_success') resolve();
            else if (message.type === 'activity') client.onEvent?.(performance.now());
          });
        });
        return client;
      }),
    );
    clients.push(...batch);
  }
  return clients;
}

async function broadcastRound(clients: Client[], publish: () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let sentAt = 0;
  const done = new Promise<void>((resolve) => {
    for (const client of clients) {
      client.onEvent = (receivedAt) => {
        latencies.push(receivedAt - sentAt);
        if (latencies.length === clients.length) resolve();
      };
    }
  });
  sentAt = performance.now();
  await publish();
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  return latencies;
}

async function scenario(label: string, servers: RunningServer[]): Promise<void> {
  const before = servers.map((server) => rssBytes(server.pid));
  const perServer = Math.ceil(SOCKETS / servers.length);
  const clients: Client[] = [];
  const connectStart = performance.now();
  for (const server of servers) clients.push(...(await connect(server, perServer)));
  const connectSeconds = (performance.now() - connectStart) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = servers.map((server) => rssBytes(server.pid));

  const bus = await createRedisBus(REDIS_URL, (error) => console.error(error));
  const all: number[] = [];
  let lost = 0;
  let cold: number[] = [];
  // Round 0 is the first broadcast of a fresh process (its send path not yet compiled by the
  // JIT): reported on its own; the figures are the steady state of rounds 1..BROADCASTS.
  for (let round = 0; round <= BROADCASTS; round++) {
    const latencies = await broadcastRound(clients, () =>
      bus.publish({
        kind: 'event',
        audience: { kind: 'all' },
        event: {
          type: 'activity',
          data: {
            id: String(round),
            type: 'milestone',
            message: 'bench broadcast',
            created_at: new Date().toISOString(),
          },
        },
        timestamp: new Date().toISOString(),
      }),
    );
    lost += clients.length - latencies.length;
    if (round === 0) cold = latencies.sort((a, b) => a - b);
    else all.push(...latencies);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await bus.close();
  all.sort((a, b) => a - b);
  const perSocket =
    after.reduce((sum, rss, i) => sum + (rss - itemAt(before, i)), 0) / clients.length / 1024;
  console.log(`  ${label}: ${clients.length} sockets connected in ${connectSeconds.toFixed(1)} s`);
  console.log(
    `    delivery to all: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${all.at(-1)?.toFixed(1)} ms over ${BROADCASTS} broadcasts${lost ? `, ${lost} NOT DELIVERED` : ''}`,
  );
  console.log(
    `    first broadcast of the fresh process: p50 ${percentile(cold, 50).toFixed(1)} ms, p99 ${percentile(cold, 99).toFixed(1)} ms`,
  );
  console.log(`    server memory: ${perSocket.toFixed(1)} KB per socket (RSS growth)`);
  for (const client of clients) client.socket.terminate();
  await new Promise((resolve) => setTimeout(resolve, 500));
}

async function main(): Promise<void> {
  const database = await createThrowawayDatabase(ADMIN_URL, 'dum_bench_socket');
  const env = { DATABASE_URL: database.url, REDIS_URL, AUTH_SECRET: SECRET, LOG_LEVEL: 'error' };
  console.log(`bench:socket — ${SOCKETS} authenticated sockets, ${BROADCASTS} broadcasts each`);
  const servers: RunningServer[] = [];
  try {
    servers.push(await startServer({ env }));
    await scenario('one instance', servers);
    // Fresh processes, so each one's RSS growth is its own sockets'.
    await servers.pop()?.stop();
    servers.push(await startServer({ env }), await startServer({ env }));
    await scenario('two instances behind Redis', servers);
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

await main();
