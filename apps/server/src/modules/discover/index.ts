/**
 * The discover slice's public face: search (people and posts), hashtags, trending posts and
 * tags, and the week's top creators (docs/api.md "Discover and search"), and the job that
 * materialises the trending lists. Nothing else in this folder is imported from outside it.
 */
export {
  refreshDiscover,
  startDiscoverJobs,
  type DiscoverJobs,
  type DiscoverRefreshResult,
} from './refresh.ts';
export { discoverRoutes } from './routes.ts';
