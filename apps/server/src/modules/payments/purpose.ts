/**
 * What a payment is for. Its key (`vault_support:12`, `tip:<address>`, …) is what an intent
 * stores and what a transfer's reference binds it to.
 */
export type PaymentPurpose =
  | { kind: 'vault_support'; vaultId: bigint }
  | { kind: 'mystery_join'; vaultId: bigint }
  | { kind: 'tip'; recipient: string }
  /** campaignId null: the budget that creates a campaign (it has no id until it is paid). */
  | { kind: 'ad_budget'; campaignId: bigint | null };

export function purposeKey(purpose: PaymentPurpose): string {
  switch (purpose.kind) {
    case 'vault_support':
    case 'mystery_join':
      return `${purpose.kind}:${purpose.vaultId.toString()}`;
    case 'tip':
      return `tip:${purpose.recipient}`;
    case 'ad_budget':
      return `ad_budget:${purpose.campaignId === null ? 'new' : purpose.campaignId.toString()}`;
  }
}

const ID = /^[1-9]\d{0,18}$/;

/** The purpose a stored key names, or null for a key this build does not know. */
export function parsePurpose(key: string): PaymentPurpose | null {
  const colon = key.indexOf(':');
  if (colon < 0) return null;
  const kind = key.slice(0, colon);
  const rest = key.slice(colon + 1);
  switch (kind) {
    case 'vault_support':
    case 'mystery_join':
      return ID.test(rest) ? { kind, vaultId: BigInt(rest) } : null;
    case 'ad_budget':
      if (rest === 'new') return { kind, campaignId: null };
      return ID.test(rest) ? { kind, campaignId: BigInt(rest) } : null;
    case 'tip':
      return rest ? { kind, recipient: rest } : null;
    default:
      return null;
  }
}
