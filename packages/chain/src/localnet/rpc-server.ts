import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { RpcHandler } from './rpc-methods.ts';
import type { SubscriptionHub } from './subscriptions.ts';

/**
 * The localnet's network face, laid out like solana-test-validator: JSON-RPC over HTTP POST on
 * `port`, PubSub over WebSocket on `port + 1` (or a random port when `port` is 0).
 */

export interface RpcServer {
  rpcUrl: string;
  wsUrl: string;
  port: number;
  wsPort: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;

function handleHttp(rpc: RpcHandler, request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Headers', 'content-type, solana-client');
  response.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end();
    return;
  }
  if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { 'content-type': 'text/plain' }).end('Method Not Allowed');
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      response.writeHead(413).end();
      request.destroy();
      return;
    }
    chunks.push(chunk);
  });
  request.on('end', () => {
    if (response.headersSent) return;
    rpc
      .handleText(Buffer.concat(chunks).toString('utf8'))
      .then((answer) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(answer ?? '');
      })
      .catch(() => {
        response.writeHead(500).end();
      });
  });
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startRpcServer(options: {
  rpc: RpcHandler;
  subscriptions: SubscriptionHub;
  host?: string;
  port: number;
  wsPort?: number;
}): Promise<RpcServer> {
  const host = options.host ?? '127.0.0.1';
  const httpServer = createServer((request, response) =>
    handleHttp(options.rpc, request, response),
  );
  httpServer.keepAliveTimeout = 65_000;
  const port = await listen(httpServer, host, options.port);

  const wsHttpServer = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket only');
  });
  const wss = new WebSocketServer({ server: wsHttpServer, maxPayload: MAX_BODY_BYTES });
  wss.on('connection', (socket) => attachSubscriptionSocket(options.subscriptions, socket));
  const wsPort = await listen(
    wsHttpServer,
    host,
    options.wsPort ?? (options.port === 0 ? 0 : port + 1),
  );
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    rpcUrl: `http://${shownHost}:${port}`,
    wsUrl: `ws://${shownHost}:${wsPort}`,
    port,
    wsPort,
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      httpServer.closeAllConnections();
      wsHttpServer.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => httpServer.close(() => resolve())),
        new Promise<void>((resolve) => wsHttpServer.close(() => resolve())),
      ]);
    },
  };
}

/** Wires one WebSocket (from any server: ours, or the app's /rpc route) to the hub. */
export interface SubscriptionSocket {
  send(data: string): void;
  on(event: 'message', listener: (data: { toString(): string }) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  readyState: number;
}

export function attachSubscriptionSocket(hub: SubscriptionHub, socket: SubscriptionSocket): void {
  const connection = hub.connect((text) => {
    if (socket.readyState === 1) socket.send(text);
  });
  socket.on('message', (data) => {
    connection.receive(data.toString());
  });
  socket.on('close', () => connection.close());
}
