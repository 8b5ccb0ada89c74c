/**
 * The capsules slice's public face: time capsules' 'Notify me' and lists, the job that opens
 * them, and the check that keeps a sealed capsule's media its author's (docs/api.md "Time
 * capsules"). A capsule is a post (modules/feed writes and shows it, sealed or not). Nothing
 * else in this folder is imported from outside it.
 */
export { CAPSULE_OPEN_INTERVAL_MS, startCapsuleJobs, type CapsuleJobs } from './jobs.ts';
export { capsuleRoutes } from './routes.ts';
export {
  capsuleMediaAccess,
  openCapsules,
  type CapsuleDeps,
  type OpeningResult,
} from './service.ts';
