/**
 * The shell feature's face: the app's frame: layout, navigation, the wallet control, the error
 * boundary.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { AppLayout } from './app-layout.tsx';
export { ErrorBoundary } from './error-boundary.tsx';
export { WalletControl } from './wallet-control.tsx';
