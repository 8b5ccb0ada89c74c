/** The faucet slice's public face (test SOL on the localnet). */
export { faucetRoutes } from './routes.ts';
