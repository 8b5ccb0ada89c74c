import { SOCKET_CLOSE, type RealtimeEvent, type ServerMessage } from '@dum/core';
import { reconnectDelayMs } from './notifications.ts';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface RealtimeClientOptions {
  /** The socket URL, e.g. wss://host/socket. The token never goes in it (proxies log URLs). */
  url: string;
  getAccessToken(): string | null;
  /** One refresh attempt after an authentication failure; true when a new token is stored. */
  refreshAccessToken(): Promise<boolean>;
  onEvent(event: RealtimeEvent, timestamp: string): void;
  onStatus?(status: RealtimeStatus, userId: string | null): void;
  createSocket?(url: string): WebSocket;
}

/**
 * One socket per tab: connects only with a stored access token, which it sends as its first
 * message (`{type:'auth', token}`), never in the URL; is usable only after `auth_success`
 * (earlier messages are ignored); reconnects with backoff and jitter after a drop; and after a
 * 1008 (authentication failure) or a 4001 (token expired, session ended) refreshes the token
 * once before retrying, or stops when it cannot.
 */
/** How many outbox event ids the client remembers (a repeat comes within seconds). */
const SEEN_EVENT_IDS = 500;

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private authenticated = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  /** The latest outbox event ids, across reconnects: a repeat is dropped. */
  private readonly seenEventIds = new Set<string>();

  constructor(private readonly options: RealtimeClientOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'client stopped');
    this.setStatus('idle', null);
  }

  /** Sends a message once the server has accepted the token; false when not connected. */
  send(message: Record<string, unknown>): boolean {
    if (!this.socket || !this.authenticated || this.socket.readyState !== WebSocket.OPEN)
      return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private connect(): void {
    const token = this.options.getAccessToken();
    if (this.stopped || !token) {
      this.setStatus('idle', null);
      return;
    }
    this.setStatus('connecting', null);
    const url = this.options.url;
    const socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    this.socket = socket;
    this.authenticated = false;

    socket.onopen = () => {
      if (this.socket !== socket) return;
      // The freshest token at the time of sending (a refresh may have landed meanwhile).
      const current = this.options.getAccessToken();
      if (!current) {
        socket.close(1000, 'signed out');
        return;
      }
      socket.send(JSON.stringify({ type: 'auth', token: current }));
    };

    socket.onmessage = (message: MessageEvent<unknown>) => {
      if (typeof message.data !== 'string') return;
      let parsed: ServerMessage;
      try {
        parsed = JSON.parse(message.data) as ServerMessage;
      } catch {
        return;
      }
      if (parsed.type === 'auth_success') {
        this.authenticated = true;
        this.attempt = 0;
        this.setStatus('open', parsed.userId);
        return;
      }
      if (!this.authenticated) return;
      const { timestamp, eventId, ...event } = parsed;
      // An event the server sends at least once (its outbox) may come twice: the first counts.
      if (eventId !== undefined) {
        if (this.seenEventIds.has(eventId)) return;
        this.seenEventIds.add(eventId);
        if (this.seenEventIds.size > SEEN_EVENT_IDS) {
          const oldest = this.seenEventIds.values().next().value;
          if (oldest !== undefined) this.seenEventIds.delete(oldest);
        }
      }
      this.options.onEvent(event, timestamp);
    };

    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authenticated = false;
      this.setStatus('closed', null);
      if (this.stopped) return;
      if (event.code === SOCKET_CLOSE.authFailed || event.code === SOCKET_CLOSE.sessionEnded) {
        void this.options.refreshAccessToken().then((refreshed) => {
          if (refreshed) this.scheduleReconnect();
          else this.stop();
        });
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = reconnectDelayMs(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private setStatus(status: RealtimeStatus, userId: string | null): void {
    this.options.onStatus?.(status, userId);
  }
}
