import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  generateSigner,
  loadOrCreateKeypairFile,
  signAndSerialize,
  signerFromSecretKey,
  web3Keypair,
} from './keys.ts';

describe('key pairs', () => {
  it('agree with web3 on the public key of a secret key', () => {
    const signer = generateSigner();
    const checked = Keypair.fromSecretKey(signer.secretKey);
    expect(web3Keypair(signer).publicKey.toBase58()).toBe(checked.publicKey.toBase58());
    expect(signer.address).toBe(checked.publicKey.toBase58());
  });

  it('refuse a key file whose public half is not its seed’s, and leave the file as it was', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dum-keys-'));
    try {
      const secretKey = generateSigner().secretKey;
      secretKey.set(generateSigner().publicKey, 32);
      const file = path.join(dir, 'treasury.json');
      const text = JSON.stringify(Array.from(secretKey));
      await writeFile(file, text);
      expect(() => loadOrCreateKeypairFile(file)).toThrow(/second half is the public key/);
      expect(() => signerFromSecretKey(secretKey.subarray(0, 32))).toThrow(/64 bytes/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sign a transaction as web3 does, byte for byte', () => {
    const payer = web3Keypair(generateSigner());
    const other = web3Keypair(generateSigner());
    const transaction = () =>
      new Transaction({
        feePayer: payer.publicKey,
        blockhash: '11111111111111111111111111111111',
        lastValidBlockHeight: 1,
      }).add(
        SystemProgram.transfer({
          fromPubkey: other.publicKey,
          toPubkey: payer.publicKey,
          lamports: 5,
        }),
      );
    const expected = transaction();
    expected.sign(payer, other);
    expect(Buffer.from(signAndSerialize(transaction(), [payer, other]))).toEqual(
      expected.serialize(),
    );
  });
});
