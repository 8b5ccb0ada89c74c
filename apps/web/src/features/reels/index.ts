/**
 * The reels feature's face: the reels screen.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { ReelsScreen } from './reels-screen.tsx';
