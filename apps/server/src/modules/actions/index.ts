/**
 * The actions slice's public face: the Solana Actions (blinks) routes, `/actions.json` and
 * the vault support and profile tip actions under /api/actions, and the recorder the payment
 * watcher uses for their intents. It records nothing of its own: a confirmed support goes
 * through the vaults slice's support call, a confirmed tip through the messages slice's (or the
 * payments slice's anonymous record). Nothing else in this folder is imported from outside it.
 */
export { actionDepsOf, actionRoutes } from './routes.ts';
export { actionPaymentRecorder, attributeBlinkPayments } from './service.ts';
