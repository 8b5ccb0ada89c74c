/**
 * The analytics slice's public face: GET /api/analytics (docs/api.md "Analytics") and the
 * per-day counters the slices whose actions it counts keep in step, in the transaction of each
 * action (addToDay, takeFromDay). Nothing else in this folder is imported from outside it.
 */
export { startAnalyticsJobs } from './jobs.ts';
export { addToDay, takeFromDay, type DailyCounter } from './repo.ts';
export { analyticsRoutes } from './routes.ts';
