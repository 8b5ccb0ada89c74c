/**
 * The mystery feature's face: mystery vaults.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { MysteryView } from './mystery-view.tsx';
