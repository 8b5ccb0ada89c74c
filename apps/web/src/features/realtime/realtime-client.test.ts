import { SOCKET_CLOSE } from '@dum/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type RealtimeStatus } from './realtime-client.ts';

/**
 * The client's side of the socket protocol. The socket is a stand-in that records what the
 * client sends and lets the test play the server (the browser test in e2e/auth.spec.ts watches
 * the real socket against the real server, and apps/server/src/realtime tests the server).
 */
class StandInSocket {
  readyState: number = WebSocket.CONNECTING;
  readonly sent: string[] = [];
  closedByClient: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(data);
  }
  close(code?: number, reason?: string): void {
    this.closedByClient = { code, reason };
    this.readyState = WebSocket.CLOSED;
  }

  // The server's side.
  open(): void {
    this.readyState = WebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  closeWith(code: number): void {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

let sockets: StandInSocket[];
let token: string | null;
let refresh: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
let statuses: RealtimeStatus[];
let events: unknown[];

function startClient(): RealtimeClient {
  const client = new RealtimeClient({
    url: 'wss://dum.test/socket',
    getAccessToken: () => token,
    refreshAccessToken: refresh,
    onEvent: (event) => events.push(event),
    onStatus: (status) => statuses.push(status),
    createSocket: (url) => {
      const socket = new StandInSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  client.start();
  return client;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'access-1';
  statuses = [];
  events = [];
  refresh = vi.fn(async () => {
    token = 'access-2';
    return true;
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('passes an outbox event on once, even when it arrives again after a reconnect', () => {
    const client = startClient();
    const first = sockets[0]!;
    first.open();
    first.receive({ type: 'auth_success', userId: 'u1' });
    const event = { type: 'vault_completed', data: { vaultId: 'v1' } };
    const timestamp = '2026-11-23T12:00:00.000Z';
    first.receive({ ...event, timestamp, eventId: 'outbox-7' });
    first.receive({ ...event, timestamp, eventId: 'outbox-7' });
    first.closeWith(SOCKET_CLOSE.goingAway);
    vi.runOnlyPendingTimers();
    const second = sockets[1]!;
    second.open();
    second.receive({ type: 'auth_success', userId: 'u1' });
    second.receive({ ...event, timestamp, eventId: 'outbox-7' });
    second.receive({ ...event, timestamp, eventId: 'outbox-8' });
    // Events without an id are not the outbox's: each one counts.
    second.receive({ ...event, timestamp });
    second.receive({ ...event, timestamp });
    expect(events).toEqual([event, event, event, event]);
    client.stop();
  });

  it('keeps the token out of the URL and sends it as its first message', () => {
    const client = startClient();
    const socket = sockets[0]!;
    expect(socket.url).toBe('wss://dum.test/socket');
    expect(socket.url).not.toContain('access-1');
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      { type: 'auth', token: 'access-1' },
    ]);
    client.stop();
  });

  it('is open only after auth_success; events before it are ignored', () => {
    const client = startClient();
    const socket = sockets[0]!;
    socket.open();
    const event = { type: 'vault_completed', data: { vaultId: 'v1' } };
    socket.receive({ ...event, timestamp: '2026-11-23T12:00:00.000Z' });
    expect(events).toEqual([]);
    expect(client.send({ type: 'ping' })).toBe(false);
    socket.receive({ type: 'auth_success', userId: 'u1' });
    expect(statuses.at(-1)).toBe('open');
    socket.receive({ ...event, timestamp: '2026-11-23T12:00:00.000Z' });
    expect(events).toEqual([event]);
    client.stop();
  });

  it('after a 4001 (token expired or session ended) refreshes once and reconnects with the new token', async () => {
    const client = startClient();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'auth_success', userId: 'u1' });
    sockets[0]!.closeWith(SOCKET_CLOSE.sessionEnded);
    expect(statuses.at(-1)).toBe('closed');
    await vi.runAllTimersAsync();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(2);
    const next = sockets[1]!;
    expect(next.url).toBe('wss://dum.test/socket');
    next.open();
    expect(JSON.parse(next.sent[0] ?? '{}')).toEqual({ type: 'auth', token: 'access-2' });
    client.stop();
  });

  it('stops after a 4001 when the session cannot be refreshed (signed out)', async () => {
    refresh = vi.fn(async () => {
      token = null;
      return false;
    });
    startClient();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'auth_success', userId: 'u1' });
    sockets[0]!.closeWith(SOCKET_CLOSE.sessionEnded);
    await vi.runAllTimersAsync();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('idle');
  });

  it('closes instead of authenticating when the token is gone by the time the socket opens', () => {
    const client = startClient();
    token = null;
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([]);
    expect(sockets[0]!.closedByClient).toEqual({ code: 1000, reason: 'signed out' });
    client.stop();
  });
});
