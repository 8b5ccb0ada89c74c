/**
 * The token economy slice's public face, grouped as the web app's features/economy is: staking,
 * rewards (earnings), referrals and Live Activity, each in its own folder here. Other slices
 * read a wallet's DUM account through it. Nothing else in this folder is imported from outside.
 */
export { economyRoutes } from './routes.ts';
export { readAccountView, type AccountView } from './staking/service.ts';
