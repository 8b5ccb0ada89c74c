/**
 * The analytics feature's face: a wallet's figures per day.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { AnalyticsScreen } from './analytics-screen.tsx';
