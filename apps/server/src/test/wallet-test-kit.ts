import { generateSigner, type Signer } from '@dum/chain';
import { MEMO_PROGRAM_ID } from '@dum/core';
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import bs58 from 'bs58';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A wallet for the auth tests: a real ed25519 key pair that signs messages (node:crypto) and
 * memo transactions (@solana/web3.js), and the HTTP calls of a sign-in.
 */
export interface TestWallet {
  address: string;
  signer: Signer;
  keypair: Keypair;
  signMessage(message: string): string;
  /** base64 of a signed, never-sent transaction whose instructions are built by `build`. */
  signTransaction(
    /** Gets the wallet's own key (the fee payer unless `feePayer` is given). */
    build: (wallet: PublicKey) => TransactionInstruction[],
    options?: { version?: 'legacy' | 0; extraSigners?: Keypair[]; feePayer?: Keypair },
  ): string;
  memoTransaction(message: string, version?: 'legacy' | 0): string;
}

export const MEMO = new PublicKey(MEMO_PROGRAM_ID);

/** An SPL Memo instruction; the memo program checks that the listed accounts signed. */
export function memoInstruction(
  message: string,
  signers: PublicKey[] = [],
  programId: PublicKey = MEMO,
): TransactionInstruction {
  return new TransactionInstruction({
    programId,
    keys: signers.map((pubkey) => ({ pubkey, isSigner: true, isWritable: false })),
    data: Buffer.from(message, 'utf8'),
  });
}

export function createTestWallet(): TestWallet {
  const signer = generateSigner();
  const keypair = Keypair.fromSecretKey(signer.secretKey);
  // Any 32 bytes will do: the transaction is never sent.
  const blockhash = Keypair.generate().publicKey.toBase58();
  const wallet: TestWallet = {
    address: signer.address,
    signer,
    keypair,
    signMessage: (message) => bs58.encode(signer.sign(Buffer.from(message, 'utf8'))),
    signTransaction(build, options = {}) {
      const payer = options.feePayer ?? keypair;
      const signers = [
        payer,
        ...(payer === keypair ? [] : [keypair]),
        ...(options.extraSigners ?? []),
      ];
      const instructions = build(keypair.publicKey);
      if ((options.version ?? 'legacy') === 'legacy') {
        // lastValidBlockHeight is not serialized: only a sender waiting for confirmation reads it.
        const tx = new Transaction({
          feePayer: payer.publicKey,
          blockhash,
          lastValidBlockHeight: 0,
        });
        tx.add(...instructions);
        tx.sign(...signers);
        return tx.serialize().toString('base64');
      }
      const message = new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: blockhash,
        instructions,
      }).compileToV0Message();
      const tx = new VersionedTransaction(message);
      tx.sign(signers);
      return Buffer.from(tx.serialize()).toString('base64');
    },
    memoTransaction(message, version = 'legacy') {
      return wallet.signTransaction((payer) => [memoInstruction(message, [payer])], { version });
    },
  };
  return wallet;
}

export function transferInstruction(from: PublicKey): TransactionInstruction {
  return SystemProgram.transfer({
    fromPubkey: from,
    toPubkey: Keypair.generate().publicKey,
    lamports: 1,
  });
}

export async function requestChallenge(
  app: FastifyInstance,
  address: string,
  extra: Record<string, unknown> = {},
  remoteAddress?: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/challenge',
    payload: { address, chain: 'solana', ...extra },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (response.statusCode !== 200) {
    throw new Error(`challenge failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ messageToSign: string }>().messageToSign;
}

export function postVerify(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** challenge → signMessage → verify, the common path. */
export async function signIn(
  app: FastifyInstance,
  wallet: TestWallet,
  extra: Record<string, unknown> = {},
): Promise<SignedIn> {
  const message = await requestChallenge(app, wallet.address, extra);
  const response = await postVerify(app, {
    address: wallet.address,
    message,
    signature: wallet.signMessage(message),
    // The challenge is bound to the referral code it was asked with; verify names it again.
    ...('referralCode' in extra ? { referralCode: extra.referralCode } : {}),
  });
  if (response.statusCode !== 200) {
    throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<SignedIn>();
}
