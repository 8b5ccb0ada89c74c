/**
 * The payments slice's public face: every SOL payment a feature takes is verified here for one
 * purpose (payment intents with Solana Pay references, the signed-in payer's own transfers),
 * payments of open intents are found on the cluster by the watcher, and payments by wallets
 * that never signed in are recorded as anonymous. Nothing else in this folder is imported from
 * outside it.
 */
export { parsePurpose, purposeKey, type PaymentPurpose } from './purpose.ts';
export { paymentDepsOf, startPaymentWatcher, type PaymentWatcher } from './jobs.ts';
export {
  claimAnonymousPayment,
  readAnonymousPayment,
  readUnattributedPayments,
  signatureIsSpent,
  spendAnonymously,
  spendSignature,
  type AnonymousPaymentRow,
} from './repo.ts';
export {
  createPaymentIntent,
  INTENT_LIFETIME_MS,
  MAX_FAILED_REPORTS,
  recordAnonymousPayment,
  settleIntent,
  verifyPayment,
  type PaymentDeps,
  type PaymentIntent,
  type PaymentReport,
  type PaymentVerification,
  type VerifiedPayment,
} from './service.ts';
export { watchPayments, type FoundPayment, type PaymentRecorder } from './watcher.ts';
