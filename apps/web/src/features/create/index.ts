/**
 * The create feature's face: the create screen.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { CreateScreen } from './create-screen.tsx';
