/**
 * The faucet feature's face: test SOL on devnet and the localnet, and the burner wallet's starting
 * funds.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { BurnerStartingFunds } from './burner-starting-funds.tsx';
export { DEVNET_FAUCET_URL, FAUCET_LABELS, faucetKind } from './faucet-messages.ts';
export { useFaucet, useFaucetBusy } from './faucet-queries.ts';
export { GetTestSolButton } from './get-test-sol.tsx';
