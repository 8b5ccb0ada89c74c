/**
 * The mystery vaults slice's public face: its routes, the timer job that opens mysteries whose
 * time is up, one mystery as a viewer sees it (link cards read it), and the media check that
 * withholds a mystery's files until it opens. Nothing else in this folder is imported from
 * outside it.
 */
export { startMysteryJobs, type MysteryJobs } from './jobs.ts';
export { mysteryDepsOf, mysteryRoutes } from './routes.ts';
export { getMystery, mysteryMediaAccess, openEndedMysteries, type MysteryDeps } from './service.ts';
// A moderator's removal, handed to the moderation slice by the composition root (slice-deps.ts).
export { removeReportedMystery } from './removal.ts';
