import { createPublicKey, verify } from 'node:crypto';
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
 * The 32 bytes of a wallet address (base58 of exactly 32 bytes), or null. Whether they are a
 * point on the ed25519 curve is left to the signature check: an off-curve address (a
 * program-derived address) can never sign, and the curve test costs more than the rest of a
 * challenge (about 150 µs of BigInt arithmetic, measured by bench:auth).
 */
export function walletAddressBytes(address: string): Uint8Array | null {
  const bytes = decodeBase58(address);
  return bytes && bytes.length === 32 ? bytes : null;
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
