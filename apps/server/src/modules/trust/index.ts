/**
 * The trust slice's public face (docs/security.md "Trust"): EigenTrust over the ledger's
 * engagement edges, recomputed by a job; the weight every other slice reads (rewards through
 * the sequencer's read of trust_scores, vouching, report weight, upload quotas, the message
 * inbox) and the band a profile shows. Nothing else in this folder is imported from outside it.
 */
export { startTrustJob, trustPolicyOf, type TrustJob } from './jobs.ts';
export { trustRoutes } from './routes.ts';
export { trustedByPolicy, trustedSenderSql } from './trusted-sender.ts';
export {
  auditTrust,
  recomputeTrust,
  trustOf,
  trustOfWallet,
  trustSummary,
  type TrustAudit,
  type TrustPolicy,
  type TrustRecomputeResult,
  type WalletTrust,
} from './service.ts';
