/**
 * The vault program's client: browser-safe (only @solana/kit), so the web app can import it as
 * `@dum/chain/vault-program`. Node-only helpers (the LiteSVM testbed, deployment, the committed
 * build) live beside it and are exported from `@dum/chain`.
 */
export * from './constants.ts';
export * from './errors.ts';
export * from './inputs.ts';
export * from './pda.ts';
export * from './instructions.ts';
export * from './accounts.ts';
export * from './rules.ts';
export * from './idl.ts';
export * from './reader.ts';
