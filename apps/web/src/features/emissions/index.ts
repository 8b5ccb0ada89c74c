/**
 * The emissions feature's face: the emission figures and the halving banner.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { HalvingBanner } from './halving-banner.tsx';
export { EMISSIONS_STATS_KEY, useEmissionsStats } from './use-emissions-stats.ts';
