import type { IncomingMessage } from 'node:http';
import { SOCKET_CLOSE, type ServerMessage } from '@dum/core';
import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import type { BusMessage } from './bus.ts';

/** Who an accepted access token speaks for, and until when (ms since the epoch). */
export interface SocketIdentity {
  userId: string;
  /** The token's session: its sign-out closes the socket (bus `close_session`). */
  sessionId: string;
  expiresAt: number;
}

export interface SocketHubOptions {
  /** Resolves the access token, or null for an expired, revoked or forged token. */
  verifyAccessToken(token: string): Promise<SocketIdentity | null>;
  /** The time now in ms, on the clock tokens are issued by (default Date.now). */
  now?: () => number;
  /** Browser origins allowed to open a socket (the app's own); null skips the check. */
  allowedOrigins: string[] | null;
  logger: FastifyBaseLogger;
  heartbeatMs?: number;
  /** How long a new socket has to authenticate (else 1008). */
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
  sessionId: string | null;
  /** When the token it authenticated with expires (ms); the socket closes then (4001). */
  expiresAt: number;
  expiryTimer: NodeJS.Timeout | null;
  authenticating: boolean;
  alive: boolean;
  windowStart: number;
  messagesInWindow: number;
}

/**
 * Holds this instance's sockets and delivers bus messages to them. One socket per browser tab:
 * it authenticates within authTimeoutMs with its first message, `{type:'auth', token}` (the web
 * client's way: the token stays out of URLs), or with the spec's `?token=` in the URL it
 * connected to; either way it receives `auth_success`, then events addressed to everyone or to
 * its user. It lives as long as its token: it closes (4001) when the token expires or its
 * session ends (sign-out on any instance), and the client reconnects with a fresh token.
 *
 * Each event is serialised once into one buffer, whatever the number of sockets.
 */
export class SocketHub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly bySession = new Map<string, Set<Client>>();
  /**
   * Sessions ended lately (id → until when, ms): a socket whose token was checked just before
   * its session ended, and which was registered just after the close went by, is closed too.
   */
  private readonly endedSessions = new Map<string, number>();
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
      now: Date.now,
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
      sessionId: null,
      expiresAt: Infinity,
      expiryTimer: null,
      authenticating: false,
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

    // Clients written to the spec put the token in the URL (the server logs URLs without their
    // query, and docs/deploy.md asks the same of the proxy). Two tokens are one too many to guess
    // between.
    const urlTokens = new URL(request.url ?? '/', 'http://localhost').searchParams.getAll('token');
    if (urlTokens.length > 1) {
      socket.close(SOCKET_CLOSE.authFailed, 'authentication failed');
      return;
    }
    const authTimer = setTimeout(() => {
      if (!client.userId) socket.close(SOCKET_CLOSE.authFailed, 'authentication timed out');
    }, this.options.authTimeoutMs);
    authTimer.unref();
    socket.on('close', () => {
      clearTimeout(authTimer);
      if (client.expiryTimer) clearTimeout(client.expiryTimer);
    });
    // A URL token is checked like an auth message; one sent meanwhile is ignored, like a second.
    const [urlToken] = urlTokens;
    if (urlToken !== undefined) void this.authenticate(client, urlToken, authTimer);

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
        // Anything else before the auth message is ignored; the deadline closes a silent socket.
        if (
          message.type === 'auth' &&
          typeof message.token === 'string' &&
          !client.authenticating
        ) {
          void this.authenticate(client, message.token, authTimer);
        }
        return;
      }
      if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    });
  }

  /** Delivers one bus message to this instance's matching sockets. */
  deliver(message: BusMessage): void {
    if (message.kind === 'close_session') {
      this.closeSession(message.sessionId);
      return;
    }
    if (message.kind !== 'event') return;
    const frame: ServerMessage = {
      ...message.event,
      timestamp: message.timestamp,
      ...(message.eventId === undefined ? {} : { eventId: message.eventId }),
    };
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

  /** Closes the session's sockets (4001) and refuses it from now on, should one be joining. */
  closeSession(sessionId: string): void {
    this.endedSessions.set(sessionId, this.options.now() + ENDED_SESSION_MEMORY_MS);
    const set = this.bySession.get(sessionId);
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
    client.authenticating = true;
    let identity: SocketIdentity | null = null;
    try {
      identity = await this.options.verifyAccessToken(token);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'socket token verification failed');
    }
    client.authenticating = false;
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (!identity) {
      client.socket.close(SOCKET_CLOSE.authFailed, 'authentication failed');
      return;
    }
    if (this.endedSessions.has(identity.sessionId)) {
      client.socket.close(SOCKET_CLOSE.sessionEnded, 'session ended');
      return;
    }
    clearTimeout(authTimer);
    client.userId = identity.userId;
    client.sessionId = identity.sessionId;
    client.expiresAt = identity.expiresAt;
    addTo(this.byUser, identity.userId, client);
    addTo(this.bySession, identity.sessionId, client);
    client.expiryTimer = setTimeout(
      () => client.socket.close(SOCKET_CLOSE.sessionEnded, 'token expired'),
      Math.max(0, identity.expiresAt - this.options.now()),
    );
    client.expiryTimer.unref();
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
    const now = this.options.now();
    for (const [sessionId, until] of this.endedSessions) {
      if (until <= now) this.endedSessions.delete(sessionId);
    }
    for (const client of this.clients) {
      // The expiry timer's backstop, should the clock have moved faster than the timer.
      if (client.expiresAt <= now) {
        client.socket.close(SOCKET_CLOSE.sessionEnded, 'token expired');
        continue;
      }
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
    if (client.userId) removeFrom(this.byUser, client.userId, client);
    if (client.sessionId) removeFrom(this.bySession, client.sessionId, client);
  }
}

/**
 * How long an ended session is remembered: far longer than one token check takes (the race it
 * closes), short enough that a storm of sign-outs costs little memory.
 */
const ENDED_SESSION_MEMORY_MS = 60_000;

function addTo(index: Map<string, Set<Client>>, key: string, client: Client): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(client);
}

function removeFrom(index: Map<string, Set<Client>>, key: string, client: Client): void {
  const set = index.get(key);
  set?.delete(client);
  if (set?.size === 0) index.delete(key);
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
