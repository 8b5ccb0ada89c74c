import { createPublicKey, verify } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';

/** Base58 text to bytes, or null when it is not base58. */
export function decodeBase58(text: string): Uint8Array | null {
  try {
    return bs58.decode(text);
  } catch {
    return null;
  }
}

/**
 * The 32 bytes of a wallet address, or null. A wallet signs, so its address must be a point on
 * the ed25519 curve; program-derived addresses (deliberately off the curve) are refused.
 */
export function walletAddressBytes(address: string): Uint8Array | null {
  const bytes = decodeBase58(address);
  if (!bytes || bytes.length !== 32) return null;
  return PublicKey.isOnCurve(bytes) ? bytes : null;
}

/** Checks an ed25519 signature with OpenSSL (node:crypto); false for any malformed part. */
export function verifyEd25519(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    // A JWK imports the raw key directly; a DER SPKI goes through OpenSSL's decoders, which
    // costs ten times more (measured by bench:auth).
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}
