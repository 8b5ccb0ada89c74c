/**
 * The ads feature's face: the advertiser dashboard (campaigns, their charts and dialogs).
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { AdvertiserScreen } from './advertiser-screen.tsx';
