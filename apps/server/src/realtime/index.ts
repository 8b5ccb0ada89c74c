/**
 * The real-time slice's public face: the bus other slices publish on (made by the context), the
 * outbox for events that must arrive at least once, and the /socket route. Nothing else in this folder is imported from outside it.
 */
export {
  announceAfterCommit,
  createMemoryBus,
  createRedisBus,
  type AnnounceDeps,
  type BusMessage,
  type EventBus,
} from './bus.ts';
export {
  drainOutbox,
  enqueueEvent,
  startOutboxDrainer,
  type OutboxDeps,
  type OutboxDrainer,
} from './outbox.ts';
export { socketRoutes } from './routes.ts';
