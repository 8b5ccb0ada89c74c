import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import bs58 from 'bs58';

/** An ed25519 key pair held as a Node KeyObject, so signing never goes through JS crypto. */
export interface Signer {
  address: string;
  publicKey: Uint8Array;
  /** The 64-byte secret key in Solana CLI layout (seed followed by public key). */
  secretKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function signerFromSecretKey(secretKey: Uint8Array): Signer {
  if (secretKey.length !== 64) throw new Error('an ed25519 secret key is 64 bytes');
  const seed = secretKey.subarray(0, 32);
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const publicKey = new Uint8Array(spki.subarray(spki.length - 32));
  return {
    address: bs58.encode(publicKey),
    publicKey,
    secretKey: new Uint8Array(secretKey),
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  };
}

export function generateSigner(): Signer {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  const seed = pkcs8.subarray(pkcs8.length - 32);
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const secretKey = new Uint8Array(64);
  secretKey.set(seed, 0);
  secretKey.set(spki.subarray(spki.length - 32), 32);
  return signerFromSecretKey(secretKey);
}

/**
 * Loads a key pair from a Solana CLI style JSON file, generating it on first use. The file is
 * created with mode 0600 and its content is never logged.
 */
export function loadOrCreateKeypairFile(file: string): Signer {
  if (existsSync(file)) {
    const bytes = JSON.parse(readFileSync(file, 'utf8')) as number[];
    return signerFromSecretKey(Uint8Array.from(bytes));
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const signer = generateSigner();
  writeFileSync(file, JSON.stringify(Array.from(signer.secretKey)), { mode: 0o600, flag: 'wx' });
  // The umask can narrow the mode given to writeFileSync but never widen it; be explicit anyway.
  chmodSync(file, 0o600);
  return signer;
}
