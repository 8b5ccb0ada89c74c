import { getTransferSolInstruction } from '@solana-program/system';
import {
  address,
  appendTransactionMessageInstruction,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import {
  createMint,
  getAccount,
  getMint,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  transfer as transferTokens,
} from '@solana/spl-token';
import type { Connection } from '@solana/web3.js';
import {
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Localnet } from './localnet.ts';
import { startTestLocalnet, type TestLocalnet } from './test-kit.ts';

let localnet: Localnet;
let testnet: TestLocalnet;
let connection: Connection;

async function rpcRaw(body: unknown): Promise<unknown> {
  const response = await fetch(localnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return response.json();
}

async function fundedKeypair(sol = 2): Promise<Keypair> {
  const keypair = Keypair.generate();
  const signature = await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL);
  await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) });
  return keypair;
}

beforeAll(async () => {
  testnet = await startTestLocalnet('dum-localnet-');
  ({ localnet, connection } = testnet);
});

afterAll(() => testnet.close());

describe('localnet with @solana/web3.js', () => {
  it('answers cluster info', async () => {
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await connection.getGenesisHash()).toBe(localnet.chain.genesisHash);
    const epoch = await connection.getEpochInfo();
    expect(epoch.absoluteSlot).toBeGreaterThanOrEqual(0);
    expect(epoch.blockHeight).toBe(epoch.absoluteSlot);
    const rent = await connection.getMinimumBalanceForRentExemption(0);
    expect(rent).toBe(890_880);
  });

  it('holds the DUM mint: 9 decimals, the treasury its mint authority, no freeze authority', async () => {
    const mint = await getMint(connection, new PublicKey(localnet.dumMint));
    expect(mint.isInitialized).toBe(true);
    expect(mint.decimals).toBe(9);
    expect(mint.mintAuthority?.toBase58()).toBe(localnet.treasury);
    expect(mint.freezeAuthority).toBeNull();
    expect(mint.supply).toBe(0n);
  });

  it('advances slots on a timer and expires nothing that is recent', async () => {
    const first = await connection.getSlot();
    const { blockhash } = await connection.getLatestBlockhash();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await connection.getSlot()).toBeGreaterThan(first);
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(true);
    expect((await connection.isBlockhashValid(Keypair.generate().publicKey.toBase58())).value).toBe(
      false,
    );
  });

  it('airdrops, transfers, confirms over signatureSubscribe and reads the parsed transaction', async () => {
    const sender = await fundedKeypair();
    expect(await connection.getBalance(sender.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
    const recipient = Keypair.generate().publicKey;
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: sender.publicKey,
        toPubkey: recipient,
        lamports: 10_000_000,
      }),
    );
    // sendAndConfirmTransaction confirms through signatureSubscribe on the WebSocket.
    const signature = await sendAndConfirmTransaction(connection, tx, [sender]);
    expect(await connection.getBalance(recipient)).toBe(10_000_000);

    const parsed = await connection.getParsedTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    expect(parsed?.meta?.err).toBeNull();
    expect(parsed?.meta?.fee).toBe(5000);
    expect(parsed?.meta?.preBalances.slice(0, 2)).toEqual([2 * LAMPORTS_PER_SOL, 0]);
    expect(parsed?.meta?.postBalances.slice(0, 2)).toEqual([
      2 * LAMPORTS_PER_SOL - 10_000_000 - 5000,
      10_000_000,
    ]);
    expect(parsed?.meta?.logMessages).toContain('Program 11111111111111111111111111111111 success');
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      program: 'system',
      parsed: {
        type: 'transfer',
        info: {
          source: sender.publicKey.toBase58(),
          destination: recipient.toBase58(),
          lamports: 10_000_000,
        },
      },
    });
    expect(parsed?.blockTime).toBeGreaterThan(Date.now() / 1000 - 60);

    const statuses = await connection.getSignatureStatuses([signature], {
      searchTransactionHistory: true,
    });
    expect(statuses.value[0]?.confirmationStatus).toBe('finalized');
    const history = await connection.getSignaturesForAddress(recipient);
    expect(history.map((entry) => entry.signature)).toEqual([signature]);
  });

  it('mints and transfers an SPL token, balances read back', async () => {
    const payer = await fundedKeypair();
    const mint = await createMint(connection, payer, payer.publicKey, null, 9);
    const owner = Keypair.generate();
    const source = await getOrCreateAssociatedTokenAccount(
      connection,
      payer,
      mint,
      payer.publicKey,
    );
    const destination = await getOrCreateAssociatedTokenAccount(
      connection,
      payer,
      mint,
      owner.publicKey,
    );
    await mintTo(connection, payer, mint, source.address, payer, 5_000_000_000n);
    const signature = await transferTokens(
      connection,
      payer,
      source.address,
      destination.address,
      payer,
      1_250_000_000n,
    );
    expect((await getAccount(connection, destination.address)).amount).toBe(1_250_000_000n);
    const balance = await connection.getTokenAccountBalance(source.address);
    expect(balance.value).toMatchObject({
      amount: '3750000000',
      decimals: 9,
      uiAmountString: '3.75',
    });
    expect((await connection.getTokenSupply(mint)).value.amount).toBe('5000000000');

    const byOwner = await connection.getParsedTokenAccountsByOwner(owner.publicKey, { mint });
    expect(byOwner.value).toHaveLength(1);
    expect(byOwner.value[0]?.account.data.parsed).toMatchObject({
      type: 'account',
      info: { mint: mint.toBase58(), owner: owner.publicKey.toBase58() },
    });
    const filtered = await connection.getProgramAccounts(
      new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
      { filters: [{ dataSize: 165 }, { memcmp: { offset: 0, bytes: mint.toBase58() } }] },
    );
    expect(filtered).toHaveLength(2);

    const parsed = await connection.getParsedTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    const post = parsed?.meta?.postTokenBalances?.find(
      (entry) => entry.owner === owner.publicKey.toBase58(),
    );
    expect(post?.uiTokenAmount.amount).toBe('1250000000');
    expect(parsed?.meta?.preTokenBalances?.length).toBe(2);
  });

  it('rejects an unknown (expired) blockhash in preflight', async () => {
    const sender = await fundedKeypair();
    const tx = new Transaction({
      feePayer: sender.publicKey,
      blockhash: Keypair.generate().publicKey.toBase58(),
      lastValidBlockHeight: 0,
    }).add(
      SystemProgram.transfer({
        fromPubkey: sender.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    tx.sign(sender);
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
      /Blockhash not found/,
    );
  });

  it('rejects a bad signature with the signature verification error', async () => {
    const sender = await fundedKeypair();
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: sender.publicKey, blockhash, lastValidBlockHeight }).add(
      SystemProgram.transfer({
        fromPubkey: sender.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    tx.sign(sender);
    const bytes = tx.serialize();
    bytes[5] = (bytes[5] ?? 0) ^ 0xff; // inside the first signature
    for (const skipPreflight of [false, true]) {
      const response = (await rpcRaw({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [bytes.toString('base64'), { encoding: 'base64', skipPreflight }],
      })) as { error?: { code: number; message: string } };
      expect(response.error).toEqual({
        code: -32003,
        message: 'Transaction signature verification failure',
      });
    }
    expect(await connection.getBalance(sender.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
  });
});

describe('localnet with @solana/kit', () => {
  it('sends and confirms a transfer, with account and slot subscriptions', async () => {
    const rpc = createSolanaRpc(localnet.rpcUrl);
    const rpcSubscriptions = createSolanaRpcSubscriptions(localnet.wsUrl);
    const sender = await generateKeyPairSigner();
    const recipient = await generateKeyPairSigner();
    const airdrop = await rpc.requestAirdrop(sender.address, lamports(1_000_000_000n)).send();
    const statuses = await rpc.getSignatureStatuses([airdrop]).send();
    expect(statuses.value[0]?.confirmationStatus).toBe('finalized');

    const abort = new AbortController();
    const slots = await rpcSubscriptions
      .slotNotifications()
      .subscribe({ abortSignal: abort.signal });
    const accountNotifications = await rpcSubscriptions
      .accountNotifications(recipient.address, { commitment: 'confirmed', encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal });
    const firstSlot = (async () => {
      for await (const slot of slots) return slot.slot;
      return null;
    })();
    const firstAccountChange = (async () => {
      for await (const change of accountNotifications) return change.value.lamports;
      return null;
    })();

    const { value: latest } = await rpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(sender, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: sender,
            destination: recipient.address,
            amount: 50_000_000n,
          }),
          m,
        ),
    );
    const signed = await signTransactionMessageWithSigners(message);
    assertIsTransactionWithBlockhashLifetime(signed);
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });
    await sendAndConfirm(signed, { commitment: 'confirmed' });

    const signature = getSignatureFromTransaction(signed);
    const { value: balance } = await rpc.getBalance(recipient.address).send();
    expect(balance).toBe(50_000_000n);
    expect(await firstAccountChange).toBe(50_000_000n);
    expect(await firstSlot).toBeGreaterThan(0n);
    abort.abort();

    const transaction = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    expect(transaction?.version).toBe(0);
    expect(transaction?.meta?.err).toBeNull();
    expect(transaction?.transaction.message.accountKeys).toContain(address(recipient.address));
  });
});

describe('JSON-RPC protocol', () => {
  it('answers malformed and unknown requests with the standard codes', async () => {
    expect(await rpcRaw('{nope')).toMatchObject({ error: { code: -32700 }, id: null });
    expect(await rpcRaw({ id: 1, method: 'getSlot' })).toMatchObject({ error: { code: -32600 } });
    expect(await rpcRaw({ jsonrpc: '2.0', id: 7, method: 'getFoo' })).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 7,
    });
    expect(
      await rpcRaw({ jsonrpc: '2.0', id: 8, method: 'getBalance', params: ['not-an-address'] }),
    ).toMatchObject({ error: { code: -32602 }, id: 8 });
    const batch = (await rpcRaw([
      { jsonrpc: '2.0', id: 1, method: 'getHealth' },
      { jsonrpc: '2.0', id: 2, method: 'getBlockHeight' },
    ])) as { id: number; result: unknown }[];
    expect(batch.map((entry) => entry.id)).toEqual([1, 2]);
    expect(batch[0]?.result).toBe('ok');
  });
});
