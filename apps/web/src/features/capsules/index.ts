/**
 * The capsules feature's face: time capsules: their list and the unlock-time check of the
 * composer's fields.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { checkUnlockInput } from './capsule-display.ts';
export { CapsulesView } from './capsules-view.tsx';
