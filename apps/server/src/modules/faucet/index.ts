/**
 * The faucet slice's public face: test SOL for a signed-in wallet on the localnet. Nothing else
 * in this folder is imported from outside it.
 */
export { faucetRoutes } from './routes.ts';
