import { TRUST_VOUCH_MIN_PPM } from '@dum/core';
import type { TrustPolicy } from './service.ts';

/**
 * Whether a wallet is trusted as a message sender (its weight reaches TRUST_VOUCH_MIN_PPM), in
 * two parts so a writer can ask it inside its own statement rather than in a round trip first:
 * `trustedByPolicy` answers what the policy alone decides (trust off: everyone; a seed wallet),
 * and `trustedSenderSql` is the stored weight's answer as SQL, for the rest.
 */
export function trustedByPolicy(policy: TrustPolicy, solAddress: string): boolean | null {
  return !policy.enabled || policy.seedWallets.has(solAddress) ? true : null;
}

/** The stored weight reaches the vouching line (no row: weight 0), for the wallet `userIdSql`. */
export function trustedSenderSql(userIdSql: string): string {
  return `(coalesce((select s.weight_ppm from trust_scores s where s.user_id = ${userIdSql}), 0)
    >= ${TRUST_VOUCH_MIN_PPM})`;
}
