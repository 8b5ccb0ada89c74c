import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { Keypair, type Transaction } from '@solana/web3.js';
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
  if (!Buffer.from(publicKey).equals(secretKey.subarray(32))) {
    throw new Error("an ed25519 secret key's second half is the public key of its first");
  }
  return {
    address: bs58.encode(publicKey),
    publicKey,
    secretKey: new Uint8Array(secretKey),
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  };
}

/**
 * The signer as a @solana/web3.js Keypair. web3's own check of a key pair derives the public key
 * in JavaScript, which costs about half a second of CPU on its first use in a process (a server
 * start); signerFromSecretKey has made the same check with Node's ed25519.
 */
export function web3Keypair(signer: Signer): Keypair {
  return Keypair.fromSecretKey(signer.secretKey, { skipValidation: true });
}

/**
 * Signs a web3 transaction with Node's ed25519 (web3's `sign` uses its JavaScript one; see
 * web3Keypair) and serializes it without web3's JavaScript check of the signatures: the ledger
 * it is sent to verifies every signature.
 */
export function signAndSerialize(tx: Transaction, signers: readonly Keypair[]): Uint8Array {
  // Compiling the message lists its signers in the transaction, for addSignature to fill.
  const message = tx.serializeMessage();
  for (const keypair of signers) {
    const signature = signerFromSecretKey(keypair.secretKey).sign(message);
    tx.addSignature(keypair.publicKey, Buffer.from(signature));
  }
  return new Uint8Array(tx.serialize({ verifySignatures: false }));
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
