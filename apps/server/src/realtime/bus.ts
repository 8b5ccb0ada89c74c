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
  | { kind: 'event'; audience: Audience; event: RealtimeEvent; timestamp: string }
  /** A session ended (sign-out, a reused refresh token): its sockets close (4001). */
  | { kind: 'close_session'; userId: string; sessionId: string };

export interface EventBus {
  readonly mode: 'memory' | 'redis';
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    mode: 'memory',
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
 */
export async function createRedisBus(
  url: string,
  onError: (error: Error) => void,
  prefix = 'dum',
): Promise<EventBus> {
  const channel = `${prefix}:realtime`;
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(channel);

  const handlers = new Set<(message: BusMessage) => void>();
  subscriber.on('message', (_channel: string, payload: string) => {
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch {
      return;
    }
    for (const handler of handlers) handler(message);
  });

  return {
    mode: 'redis',
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      subscriber.disconnect();
      await publisher.quit();
    },
  };
}
