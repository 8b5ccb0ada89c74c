import { z } from 'zod';
import { solanaAddressSchema } from './auth.ts';

/**
 * Solana Actions (blinks) for vaults and profiles (docs/api.md "Solana Actions"): the paths, the
 * suggested amounts and the request bodies the server reads, and the blink link the web copies.
 * The response shapes are the Actions specification's own (`@solana/actions` types, server side).
 */

/** The Actions specification version the API follows (the `X-Action-Version` header). */
export const ACTIONS_SPEC_VERSION = '2.4';

/** Where the action endpoints live under the site (actions.json maps the pages onto them). */
export const ACTIONS_API_PREFIX = '/api/actions';

/** The amounts a vault's action suggests, in SOL, beside its custom amount field. */
export const ACTION_VAULT_AMOUNTS_SOL = ['0.05', '0.1', '0.5'] as const;
/** The amounts a profile's tip action suggests, in SOL. */
export const ACTION_TIP_AMOUNTS_SOL = ['0.01', '0.05', '0.1'] as const;

/**
 * The interstitial site of a blink link: it unfurls the action for anyone, with or without a
 * blink-aware wallet extension (the Actions specification's `?action=` query parameter).
 */
export const BLINK_INTERSTITIAL = 'https://dial.to/';

/** The Action URL of a vault's support action (an absolute https URL on the app's origin). */
export function vaultActionUrl(origin: string, vaultId: string): string {
  return `${origin.replace(/\/+$/, '')}${ACTIONS_API_PREFIX}/vaults/${encodeURIComponent(vaultId)}`;
}

/**
 * A blink link: the interstitial with `action` set to the `solana-action:` URL of the action,
 * URL-encoded as the specification asks (so the action URL's own query never mixes with the
 * interstitial's).
 */
export function blinkUrl(actionUrl: string): string {
  return `${BLINK_INTERSTITIAL}?action=${encodeURIComponent(`solana-action:${actionUrl}`)}`;
}

/** POST body of an action (the specification's ActionPostRequest): the wallet that will sign. */
export const actionPostRequestSchema = z.object({
  account: solanaAddressSchema,
  type: z.string().optional(),
  data: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
});
export type ActionPostBody = z.infer<typeof actionPostRequestSchema>;

/**
 * POST body of the chained callback (the specification's NextActionPostRequest): the wallet and
 * the signature of the transaction it sent.
 */
export const actionCallbackRequestSchema = z.object({
  account: solanaAddressSchema,
  signature: z.string().min(1).max(128),
  state: z.string().optional(),
});
export type ActionCallbackBody = z.infer<typeof actionCallbackRequestSchema>;
