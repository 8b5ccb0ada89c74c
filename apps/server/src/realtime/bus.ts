import { EventEmitter } from 'node:events';
import type { Audience, RealtimeEvent } from '@dum/core';
import { Redis } from 'ioredis';

/**
 * Carries events from whichever instance produced them to the socket hub of every instance.
 * Without Redis it is an in-process emitter; with Redis, pub/sub on one channel. Control
 * messages (close a session's sockets) travel the same way so a sign-out on instance A closes the
 * user's sockets on instance B.
 */
export type BusMessage =
  | {
      kind: 'event';
      audience: Audience;
      event: RealtimeEvent;
      timestamp: string;
      /** An outbox event's id (outbox.ts): a receiver drops a repeat. */
      eventId?: string;
    }
  /** A session ended (sign-out, a reused refresh token): its sockets close (4001). */
  | { kind: 'close_session'; userId: string; sessionId: string }
  /** A suspension began or was lifted: instances read their suspension set again. */
  | { kind: 'suspensions_changed' };

export interface EventBus {
  readonly mode: 'memory' | 'redis';
  /**
   * Whether a message published now reaches every instance (always, in memory; with Redis, once
   * both connections are up and subscribed). Either way it reaches this instance's handlers.
   */
  connected(): boolean;
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    mode: 'memory',
    connected: () => true,
    async publish(message) {
      emitter.emit('message', message);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * The bus over Redis pub/sub: every instance publishes to and subscribes on one channel,
 * `<prefix>:realtime` (the prefix keeps deployments that share a Redis apart).
 *
 * Redis going away does not stop this instance's own sockets: while the publisher cannot send,
 * or the subscriber is not (yet again) subscribed, a message is handed to this instance's
 * handlers directly (local fan-out; other instances miss it, as pub/sub would). ioredis keeps
 * reconnecting both connections; once the subscriber is subscribed again (`connected()`),
 * messages travel through Redis to every instance as before, with no action by anyone.
 */
export async function createRedisBus(
  url: string,
  onError: (error: Error) => void,
  prefix = 'dum',
): Promise<EventBus> {
  const channel = `${prefix}:realtime`;
  // A publish on a connection that has just died fails after this, and is delivered locally.
  const publisher = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    commandTimeout: 1000,
  });
  // Subscribes itself again on every (re)connect, below, so that `subscribed` is known exactly.
  const subscriber = new Redis(url, { lazyConnect: true, autoResubscribe: false });
  publisher.on('error', onError);
  subscriber.on('error', onError);

  const handlers = new Set<(message: BusMessage) => void>();
  const deliver = (message: BusMessage): void => {
    for (const handler of handlers) handler(message);
  };
  let subscribed = false;
  let closing = false;
  subscriber.on('message', (_channel: string, payload: string) => {
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch {
      return;
    }
    deliver(message);
  });
  subscriber.on('close', () => {
    subscribed = false;
  });
  const subscribe = async (): Promise<void> => {
    await subscriber.subscribe(channel);
    subscribed = true;
  };

  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscribe();
  // Registered after the first subscribe: every later 'ready' is a reconnect.
  subscriber.on('ready', () => {
    if (!closing) subscribe().catch(onError);
  });

  return {
    mode: 'redis',
    connected: () => subscribed && publisher.status === 'ready',
    async publish(message) {
      let sent = false;
      if (publisher.status === 'ready') {
        try {
          await publisher.publish(channel, JSON.stringify(message));
          sent = true;
        } catch (error) {
          onError(error instanceof Error ? error : new Error(String(error)));
        }
      }
      // Not through Redis, or Redis will not bring it back to this instance: deliver it here.
      if (!sent || !subscribed) deliver(message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      closing = true;
      handlers.clear();
      subscriber.disconnect();
      if (publisher.status === 'ready') await publisher.quit();
      else publisher.disconnect();
    },
  };
}

/** What publishing after a commit needs from a slice's dependencies. */
export interface AnnounceDeps {
  bus: Pick<EventBus, 'publish'>;
  clock: { now(): Date };
  logger: { error(details: object, message: string): void };
}

/**
 * Publishes an event after its transaction committed, to everyone or to some users' sockets.
 * A failed publish is logged and never thrown: what was stored stays stored, and the caller's
 * answer does not turn into an error because a notification could not go out.
 */
export async function announceAfterCommit(
  deps: AnnounceDeps,
  audience: Audience,
  event: RealtimeEvent,
): Promise<void> {
  try {
    await deps.bus.publish({
      kind: 'event',
      audience,
      event,
      timestamp: deps.clock.now().toISOString(),
    });
  } catch (error) {
    deps.logger.error({ err: error, type: event.type }, 'realtime publish failed');
  }
}
