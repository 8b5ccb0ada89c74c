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

/** Answers to a CORS preflight (browsers send one before a JSON POST from another origin). */
const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'content-type, solana-client',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

function handleHttp(rpc: RpcHandler, request: IncomingMessage, response: ServerResponse): void {
  if (request.method === 'POST') {
    readBody(request, response, (body) => {
      rpc.handleText(body).then(
        (answer) => {
          const text = answer ?? '';
          // One write: headers and body together, with a length (writeHead before end would
          // otherwise send the body chunked). The preflight headers are not needed here.
          response.writeHead(200, [
            'Access-Control-Allow-Origin',
            '*',
            'Content-Type',
            'application/json',
            'Content-Length',
            String(Buffer.byteLength(text)),
          ]);
          response.end(text);
        },
        () => {
          response.writeHead(500).end();
        },
      );
    });
    return;
  }
  if (request.method === 'OPTIONS') {
    response.writeHead(204, PREFLIGHT_HEADERS).end();
    return;
  }
  if (request.method === 'GET' && request.url === '/health') {
    response
      .writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' })
      .end('ok');
    return;
  }
  response
    .writeHead(405, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' })
    .end('Method Not Allowed');
}

/** Collects a request body of at most MAX_BODY_BYTES (413 beyond); most arrive in one chunk. */
function readBody(
  request: IncomingMessage,
  response: ServerResponse,
  done: (body: string) => void,
): void {
  let first: Buffer | null = null;
  let rest: Buffer[] | null = null;
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      if (!response.headersSent) response.writeHead(413).end();
      request.destroy();
      return;
    }
    if (first === null) first = chunk;
    else (rest ??= [first]).push(chunk);
  });
  request.on('end', () => {
    if (response.headersSent) return;
    const body = rest ? Buffer.concat(rest) : first;
    done(body ? body.toString('utf8') : '');
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
