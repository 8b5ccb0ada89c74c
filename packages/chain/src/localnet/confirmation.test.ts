import {
  Keypair,
  LAMPORTS_PER_SOL,
  type PublicKey,
  SystemProgram,
  Transaction,
} from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Localnet } from './localnet.ts';
import { startTestLocalnet, type TestLocalnet } from './test-kit.ts';

/**
 * sendTransaction answers once a transaction has executed, as a cluster answers once it has the
 * transaction; its log record reaches the disk a group commit later. Whoever asks about it by
 * signature in between is answered once the record is written, so sees it finalized, as before
 * sendTransaction stopped waiting for the disk (decision 003).
 */

let testnet: TestLocalnet;
let localnet: Localnet;

beforeAll(async () => {
  testnet = await startTestLocalnet('dum-localnet-confirm-');
  ({ localnet } = testnet);
});

afterAll(() => testnet.close());

async function signedTransfer(from: Keypair, to: PublicKey): Promise<Transaction> {
  const { blockhash, lastValidBlockHeight } = await testnet.connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: from.publicKey, blockhash, lastValidBlockHeight }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 1_000_000 }),
  );
  tx.sign(from);
  return tx;
}

async function funded(): Promise<Keypair> {
  const keypair = Keypair.generate();
  await testnet.connection.requestAirdrop(keypair.publicKey, LAMPORTS_PER_SOL);
  return keypair;
}

function send(tx: Transaction): Promise<unknown> {
  return localnet.rpc.call('sendTransaction', [
    tx.serialize().toString('base64'),
    { encoding: 'base64' },
  ]);
}

describe('confirmation', () => {
  it('answers sendTransaction before the disk, and questions by signature after it', async () => {
    const sender = await funded();
    const recipient = Keypair.generate().publicKey;
    const tx = await signedTransfer(sender, recipient);
    const signature = bs58.encode(tx.signatures[0]?.signature as Buffer);

    expect(await send(tx)).toBe(signature);
    // Executed, its balances already moved, its record not on disk yet.
    expect(localnet.chain.getTransaction(signature)?.durable).toBe(false);
    expect(localnet.chain.getBalance(recipient.toBase58())).toBe(1_000_000n);

    const [statuses, transaction, history] = (await Promise.all([
      localnet.rpc.call('getSignatureStatuses', [[signature]]),
      localnet.rpc.call('getTransaction', [signature, { encoding: 'json' }]),
      localnet.rpc.call('getSignaturesForAddress', [recipient.toBase58()]),
    ])) as [
      { value: { confirmationStatus: string; err: unknown }[] },
      { meta: { err: unknown } } | null,
      { signature: string; confirmationStatus: string }[],
    ];
    expect(statuses.value[0]).toMatchObject({ confirmationStatus: 'finalized', err: null });
    expect(transaction?.meta.err).toBeNull();
    expect(history).toEqual([
      expect.objectContaining({ signature, confirmationStatus: 'finalized' }),
    ]);
    expect(localnet.chain.getTransaction(signature)?.durable).toBe(true);
  });

  it('answers sendTransaction only once on disk while over 1,024 transactions wait for it', async () => {
    const sender = await funded();
    const tx = await signedTransfer(sender, Keypair.generate().publicKey);
    const signature = bs58.encode(tx.signatures[0]?.signature as Buffer);
    // Executed in one turn of the event loop, none of them written yet.
    const recipient = Keypair.generate().publicKey.toBase58();
    for (let i = 0; i < 1025; i++) localnet.chain.airdrop(recipient, 1_000_000n);
    expect(localnet.chain.logBacklog).toBeGreaterThan(1024);

    expect(await send(tx)).toBe(signature);
    expect(localnet.chain.getTransaction(signature)?.durable).toBe(true);
  });
});
