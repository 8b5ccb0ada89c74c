import type { EventBus } from '../../realtime/index.ts';
import { drainDeliveries, type DrainResult, type Send } from './delivery.ts';
import { enqueueDeliveries, type DeliveryRequest } from './repo.ts';
import { queueNotifications, type PushDeps } from './service.ts';

/**
 * The push slice's part of publishing: a user-audience event published on this instance queues
 * its notifications. Held once per context (create-context.ts), which hands it to the routes,
 * the drainer and the bus wrapper below.
 */
export interface PushService {
  deps: PushDeps;
  /** Queues the event's notifications (not awaited by the publisher), then sends them. */
  notify(userIds: string[], event: Parameters<typeof queueNotifications>[2]): void;
  /** Sends what is due now; one drain at a time per instance (a call meanwhile joins it). */
  drain(): Promise<DrainResult | null>;
  /** Resolves when the notifications queued so far are queued and their first sends made. */
  idle(): Promise<void>;
}

export function createPushService(deps: PushDeps, send?: Send): PushService {
  const pending = new Set<Promise<unknown>>();
  let draining: Promise<DrainResult | null> | null = null;
  const track = <T>(work: Promise<T>): void => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const drain = (): Promise<DrainResult | null> => {
    draining ??= drainDeliveries(deps, send)
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, 'push delivery failed');
        return null;
      })
      .finally(() => {
        draining = null;
      });
    return draining;
  };
  const enqueue = batchedEnqueue(deps);
  return {
    deps,
    drain,
    notify(userIds, event) {
      track(
        queueNotifications(deps, userIds, event, enqueue).then(
          (queued) => {
            if (queued > 0) track(drain());
          },
          (error: unknown) => deps.logger.warn({ err: error }, 'push queue failed'),
        ),
      );
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/**
 * Queues the notifications asked for in one turn of the event loop in one statement: under load
 * every follow, message and like published its own insert (a round trip each, most inserting
 * nothing, since most wallets have no device subscribed). Each caller learns the batch's count.
 */
function batchedEnqueue(deps: PushDeps): (request: DeliveryRequest) => Promise<number> {
  let batch: { requests: DeliveryRequest[]; queued: Promise<number> } | null = null;
  return (request) => {
    if (!batch) {
      const requests: DeliveryRequest[] = [];
      const queued = new Promise<number>((resolve, reject) => {
        setImmediate(() => {
          batch = null;
          enqueueDeliveries(deps.pool, requests).then(resolve, reject);
        });
      });
      batch = { requests, queued };
    }
    batch.requests.push(request);
    return batch.queued;
  };
}

/**
 * The bus with push added to its publish: a user-audience event published here (after its
 * commit, or by an outbox drain) also queues its notifications. Only publish is wrapped, never
 * what subscribers receive, so the fan-out of one event to every instance's sockets queues it
 * once, on the instance that published it. The queueing is not awaited: an outbox drain
 * publishes inside its transaction, and on the embedded database (one connection) a query
 * awaited there would wait for itself.
 */
export function withPushNotifications(bus: EventBus, push: PushService): EventBus {
  return {
    get mode() {
      return bus.mode;
    },
    connected: () => bus.connected(),
    async publish(message) {
      await bus.publish(message);
      if (message.kind === 'event' && message.audience.kind === 'users') {
        push.notify(message.audience.userIds, message.event);
      }
    },
    subscribe: (handler) => bus.subscribe(handler),
    close: () => bus.close(),
  };
}
