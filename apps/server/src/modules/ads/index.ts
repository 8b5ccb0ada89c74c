/**
 * The ads slice's public face: the advertiser dashboard's routes (campaigns paid in SOL to the
 * treasury, billed per established viewer, refunded at the end) and the hook that puts a
 * sponsored item in a signed-in viewer's For you page. Nothing else in this folder is imported
 * from outside it.
 */
export { adsDepsOf, adsRoutes, feedSponsor } from './routes.ts';
export type { AdPostReader, AdsDeps } from './service.ts';
