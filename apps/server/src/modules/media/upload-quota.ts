import { TRUST_WEIGHT_FULL, type TrustBand } from '@dum/core';

/**
 * A wallet's share of UPLOAD_QUOTA_BYTES by its trust band (docs/security.md "Finding 5"), in
 * parts per million. Wallets cost nothing, so a fresh one keeps a fifth: still two of the
 * largest audio files (50 MiB each) with the default 500 MiB, enough to take part from the
 * first day, while a thousand free wallets keep a fifth of what they did. A wallet trusted
 * members engage with ('building') keeps half; a trusted one or a seed the whole quota. With
 * TRUST_REWARDS off every wallet's weight is full (band 'trusted' or 'seed'): the whole quota.
 */
export const UPLOAD_QUOTA_SHARE_PPM: Readonly<Record<TrustBand, number>> = {
  seed: TRUST_WEIGHT_FULL,
  trusted: TRUST_WEIGHT_FULL,
  building: 500_000,
  new: 200_000,
};

/** The bytes a wallet of this band may keep stored. */
export function walletUploadQuota(fullQuotaBytes: number, band: TrustBand): number {
  return Math.floor((fullQuotaBytes * UPLOAD_QUOTA_SHARE_PPM[band]) / TRUST_WEIGHT_FULL);
}
