import type { IncomingMessage } from 'node:http';
import { SOCKET_CLOSE, type ServerMessage } from '@dum/core';
import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import type { BusMessage } from './bus.ts';

export interface SocketHubOptions {
  /** Resolves the access token to its user, or null for a missing, expired or forged token. */
  verifyAccessToken(token: string): Promise<{ userId: string } | null>;
  /** Browser origins allowed to open a socket (the app's own); null skips the check. */
  allowedOrigins: string[] | null;
  logger: FastifyBaseLogger;
  heartbeatMs?: number;
  authTimeoutMs?: number;
  /** A client whose unsent data exceeds this is too slow to keep; it is dropped. */
  maxBufferedBytes?: number;
  /** Messages a client may send per window before it is closed. */
  messageLimit?: { count: number; windowMs: number };
  /**
   * A client message larger than this closes the socket (1009). The WebSocket server's own
   * maxPayload may be larger, as one server also carries the localnet's /rpc subscriptions.
   */
  maxMessageBytes?: number;
}

interface Client {
  socket: WebSocket;
  userId: string | null;
  alive: boolean;
  windowStart: number;
  messagesInWindow: number;
}

/**
 * Holds this instance's sockets and delivers bus messages to them. One socket per browser tab:
 * it authenticates with the access token (query parameter, or a first `{type:'auth', token}`
 * message), receives `auth_success`, then events addressed to everyone or to its user.
 *
 * Each event is serialised once into one buffer, whatever the number of sockets.
 */
export class SocketHub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly options: Required<Omit<SocketHubOptions, 'allowedOrigins'>> & {
    allowedOrigins: string[] | null;
  };

  constructor(options: SocketHubOptions) {
    this.options = {
      heartbeatMs: 30_000,
      authTimeoutMs: 5_000,
      maxBufferedBytes: 1024 * 1024,
      messageLimit: { count: 30, windowMs: 10_000 },
      maxMessageBytes: 4096,
      ...options,
    };
    this.heartbeat = setInterval(() => this.sweep(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  get authenticatedCount(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  attach(socket: WebSocket, request: IncomingMessage): void {
    const client: Client = {
      socket,
      userId: null,
      alive: true,
      windowStart: Date.now(),
      messagesInWindow: 0,
    };
    this.clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => this.forget(client));
    socket.on('error', () => socket.terminate());

    const origin = request.headers.origin;
    if (this.options.allowedOrigins && origin && !this.options.allowedOrigins.includes(origin)) {
      socket.close(SOCKET_CLOSE.authFailed, 'origin not allowed');
      return;
    }

    const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
    const authTimer = setTimeout(() => {
      if (!client.userId) socket.close(SOCKET_CLOSE.authFailed, 'authentication timed out');
    }, this.options.authTimeoutMs);
    authTimer.unref();
    socket.on('close', () => clearTimeout(authTimer));

    socket.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      if (rawDataLength(data) > this.options.maxMessageBytes) {
        socket.close(SOCKET_CLOSE.tooBig, 'message too big');
        return;
      }
      if (!this.withinRate(client)) {
        socket.close(SOCKET_CLOSE.rateLimited, 'too many messages');
        return;
      }
      if (isBinary) return;
      const message = parseClientMessage(rawDataToString(data));
      if (!message) return;
      if (!client.userId) {
        if (message.type === 'auth' && typeof message.token === 'string' && !token) {
          void this.authenticate(client, message.token, authTimer);
        }
        return;
      }
      if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    });

    if (token) void this.authenticate(client, token, authTimer);
  }

  /** Delivers one bus message to this instance's matching sockets. */
  deliver(message: BusMessage): void {
    if (message.kind === 'close_user') {
      this.closeUser(message.userId);
      return;
    }
    const frame: ServerMessage = { ...message.event, timestamp: message.timestamp };
    const payload = Buffer.from(JSON.stringify(frame));
    if (message.audience.kind === 'all') {
      for (const client of this.clients) if (client.userId) this.send(client, payload);
      return;
    }
    for (const userId of new Set(message.audience.userIds)) {
      const set = this.byUser.get(userId);
      if (set) for (const client of set) this.send(client, payload);
    }
  }

  closeUser(userId: string): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const client of [...set]) client.socket.close(SOCKET_CLOSE.sessionEnded, 'session ended');
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients)
      client.socket.close(SOCKET_CLOSE.goingAway, 'server shutting down');
  }

  private async authenticate(
    client: Client,
    token: string,
    authTimer: NodeJS.Timeout,
  ): Promise<void> {
    let identity: { userId: string } | null = null;
    try {
      identity = await this.options.verifyAccessToken(token);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'socket token verification failed');
    }
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (!identity) {
      client.socket.close(SOCKET_CLOSE.authFailed, 'authentication failed');
      return;
    }
    clearTimeout(authTimer);
    client.userId = identity.userId;
    let set = this.byUser.get(identity.userId);
    if (!set) this.byUser.set(identity.userId, (set = new Set()));
    set.add(client);
    const hello: ServerMessage = { type: 'auth_success', userId: identity.userId };
    client.socket.send(JSON.stringify(hello));
  }

  private send(client: Client, payload: Buffer): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount + payload.length > this.options.maxBufferedBytes) {
      // A client that cannot keep up is dropped rather than allowed to grow our memory.
      client.socket.close(SOCKET_CLOSE.slowConsumer, 'too slow');
      return;
    }
    client.socket.send(payload, { binary: false });
  }

  private withinRate(client: Client): boolean {
    const now = Date.now();
    if (now - client.windowStart > this.options.messageLimit.windowMs) {
      client.windowStart = now;
      client.messagesInWindow = 0;
    }
    client.messagesInWindow += 1;
    return client.messagesInWindow <= this.options.messageLimit.count;
  }

  private sweep(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  private forget(client: Client): void {
    this.clients.delete(client);
    if (!client.userId) return;
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
  }
}

function parseClientMessage(text: string): { type: string; token?: unknown } | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { type?: unknown }).type === 'string'
    ) {
      return value as { type: string; token?: unknown };
    }
  } catch {
    // Not JSON: ignored, like any message the server does not understand.
  }
  return null;
}

function rawDataLength(data: WebSocket.RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

/** ws hands over a Buffer, an ArrayBuffer or fragments; text frames are UTF-8. */
export function rawDataToString(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(new Uint8Array(data)).toString('utf8');
  return data.toString('utf8');
}
