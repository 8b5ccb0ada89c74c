/**
 * The real-time slice's public face: the bus other slices publish on (made by the context), and
 * the /socket route. Nothing else in this folder is imported from outside it.
 */
export {
  announceAfterCommit,
  createMemoryBus,
  createRedisBus,
  type AnnounceDeps,
  type BusMessage,
  type EventBus,
} from './bus.ts';
export { socketRoutes } from './routes.ts';
