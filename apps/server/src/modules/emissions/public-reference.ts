import { createHmac, hkdfSync } from 'node:crypto';

/** How a mystery join's reference is stored: `mystery-join:<transfer signature>`. */
const MYSTERY_JOIN_PREFIX = 'mystery-join:';

/** What the public ledger shows in place of a reference that names a private payment. */
const SEALED_PREFIX = 'hmac:';

/** A keyed hash of a stored reference, the same for the same reference on every instance. */
export type SealReference = (reference: string) => string;

/**
 * The reference the public ledger shows for an entry. A tip's and a mystery join's stored
 * reference is their transfer's signature, and one getTransaction of it names who paid whom and
 * how much: the ledger shows a keyed hash of it instead (`hmac:…`, a mystery join's as
 * `mystery-join:hmac:…`). It is the same for the same row on every call, so an audit from the
 * outside still finds an action paid twice; without the key nobody can match it to a transfer.
 * Every other reference is shown as stored (a public vault's supports are public).
 */
export function publicLedgerReference(
  entry: { kind: string; reference: string },
  seal: SealReference,
): string {
  if (entry.kind === 'tip') return `${SEALED_PREFIX}${seal(entry.reference)}`;
  if (entry.kind === 'vault_supported' && entry.reference.startsWith(MYSTERY_JOIN_PREFIX)) {
    return `${MYSTERY_JOIN_PREFIX}${SEALED_PREFIX}${seal(entry.reference)}`;
  }
  return entry.reference;
}

/**
 * HMAC-SHA256 under a key of its own derived (HKDF) from the deployment's secret, so a sealed
 * reference is never anything the secret signs elsewhere. Every instance shares the secret and
 * so shows the same sealed references; a new secret changes them all (an audit reads them within
 * one run).
 */
export function referenceSealer(secret: Uint8Array): SealReference {
  const key = Buffer.from(
    hkdfSync('sha256', secret, new Uint8Array(0), 'dum ledger reference', 32),
  );
  return (reference) => createHmac('sha256', key).update(reference).digest('base64url');
}
