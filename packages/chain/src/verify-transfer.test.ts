import { AppError, MEMO_PROGRAM_ID } from '@dum/core';
import {
  createAssociatedTokenAccountInstruction,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  mintTo,
} from '@solana/spl-token';
import type { Connection } from '@solana/web3.js';
import {
  AddressLookupTableProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient, type ChainClient } from './chain-client.ts';
import { loadPlatformKeys } from './dum-mint.ts';
import type { Localnet } from './localnet/localnet.ts';
import { startTestLocalnet, type TestLocalnet } from './localnet/test-kit.ts';

let localnet: Localnet;
let testnet: TestLocalnet;
let connection: Connection;
let chain: ChainClient;

async function fundedKeypair(sol = 5): Promise<Keypair> {
  const keypair = Keypair.generate();
  await chain.requestAirdrop(keypair.publicKey.toBase58(), BigInt(sol) * 1_000_000_000n);
  return keypair;
}

async function send(tx: Transaction, signers: Keypair[]): Promise<string> {
  // HTTP only (no WebSocket client to tidy up): the localnet answers once the transaction is final.
  const { blockhash } = await connection.getLatestBlockhash();
  tx.recentBlockhash = blockhash;
  tx.feePayer = signers[0]?.publicKey;
  tx.sign(...signers);
  return connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
}

beforeAll(async () => {
  testnet = await startTestLocalnet('dum-verify-');
  ({ localnet, connection } = testnet);
  chain = createChainClient({
    cluster: 'localnet',
    rpcUrl: localnet.rpcUrl,
    dumMint: localnet.dumMint,
  });
});

afterAll(() => testnet.close());

describe('verifyTransfer against the localnet', () => {
  let sender: Keypair;
  let recipient: PublicKey;
  let signature: string;

  beforeAll(async () => {
    sender = await fundedKeypair();
    recipient = Keypair.generate().publicKey;
    signature = await send(
      new Transaction().add(
        SystemProgram.transfer({
          fromPubkey: sender.publicKey,
          toPubkey: recipient,
          lamports: 250_000_000,
        }),
      ),
      [sender],
    );
  });

  function expected(overrides: Partial<Parameters<ChainClient['verifyTransfer']>[0]> = {}) {
    return {
      signature,
      expectedSender: sender.publicKey.toBase58(),
      expectedRecipient: recipient.toBase58(),
      lamports: 250_000_000n,
      ...overrides,
    };
  }

  it('accepts a confirmed top-level transfer of exactly the amount', async () => {
    const result = await chain.verifyTransfer(expected());
    expect(result).toMatchObject({ ok: true, signature });
  });

  it('refuses a transfer whose block time is before notBefore (the same second counts)', async () => {
    const accepted = await chain.verifyTransfer(expected());
    if (!accepted.ok || accepted.blockTime === null) throw new Error('no block time');
    const { blockTime } = accepted;
    expect(await chain.verifyTransfer(expected({ notBefore: blockTime + 1 }))).toEqual({
      ok: false,
      reason: 'too_early',
    });
    expect(await chain.verifyTransfer(expected({ notBefore: blockTime }))).toMatchObject({
      ok: true,
    });
    // The other reasons come first: a mismatch is named as such whatever its time.
    expect(
      await chain.verifyTransfer(expected({ notBefore: blockTime + 1, lamports: 1n })),
    ).toEqual({ ok: false, reason: 'wrong_amount' });
  });

  it('names the wrong sender, recipient and amount', async () => {
    const stranger = Keypair.generate().publicKey.toBase58();
    expect(await chain.verifyTransfer(expected({ expectedSender: stranger }))).toEqual({
      ok: false,
      reason: 'wrong_sender',
    });
    expect(await chain.verifyTransfer(expected({ expectedRecipient: stranger }))).toEqual({
      ok: false,
      reason: 'wrong_recipient',
    });
    expect(await chain.verifyTransfer(expected({ lamports: 250_000_001n }))).toEqual({
      ok: false,
      reason: 'wrong_amount',
    });
  });

  it('rejects unknown and malformed signatures', async () => {
    const unknown = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: recipient, lamports: 1 }),
    );
    unknown.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    unknown.feePayer = sender.publicKey;
    unknown.sign(sender); // signed, never sent
    const neverSent = unknown.signatures[0]?.signature;
    expect(neverSent).toBeTruthy();
    const bs58 = (await import('bs58')).default;
    expect(
      await chain.verifyTransfer(expected({ signature: bs58.encode(neverSent as Uint8Array) })),
    ).toEqual({ ok: false, reason: 'unknown_signature' });
    expect(await chain.verifyTransfer(expected({ signature: 'not-a-signature' }))).toEqual({
      ok: false,
      reason: 'invalid_signature',
    });
  });

  it('rejects a failed transaction', async () => {
    const poor = await fundedKeypair(1);
    const failed = await send(
      new Transaction().add(
        SystemProgram.transfer({
          fromPubkey: poor.publicKey,
          toPubkey: recipient,
          lamports: 2 * LAMPORTS_PER_SOL,
        }),
      ),
      [poor],
    );
    const tx = await connection.getTransaction(failed, { maxSupportedTransactionVersion: 0 });
    expect(tx?.meta?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(
      await chain.verifyTransfer({
        signature: failed,
        expectedSender: poor.publicKey.toBase58(),
        expectedRecipient: recipient.toBase58(),
        lamports: 2n * 1_000_000_000n,
      }),
    ).toEqual({ ok: false, reason: 'failed' });
  });

  it('rejects a transfer made only inside an inner instruction', async () => {
    // The Associated Token program, creating an account that already holds some lamports,
    // tops it up with a System transfer made by cross-program invocation.
    const payer = await fundedKeypair();
    const mint = new PublicKey(localnet.dumMint);
    const owner = Keypair.generate().publicKey;
    const ata = getAssociatedTokenAddressSync(mint, owner);
    await send(
      new Transaction().add(
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: ata, lamports: 1_000_000 }),
      ),
      [payer],
    );
    const create = await send(
      new Transaction().add(
        createAssociatedTokenAccountInstruction(payer.publicKey, ata, owner, mint),
      ),
      [payer],
    );
    const rent = await connection.getMinimumBalanceForRentExemption(165);
    const tx = await connection.getTransaction(create, { maxSupportedTransactionVersion: 0 });
    expect(tx?.meta?.err).toBeNull();
    expect(
      await chain.verifyTransfer({
        signature: create,
        expectedSender: payer.publicKey.toBase58(),
        expectedRecipient: ata.toBase58(),
        lamports: BigInt(rent - 1_000_000),
      }),
    ).toEqual({ ok: false, reason: 'transfer_not_top_level' });
  });

  it('rejects transfer-shaped data sent to another program', async () => {
    const payer = await fundedKeypair();
    const other = Keypair.generate();
    // A System transfer's bytes (tag 2, then a u64) that happen to be valid UTF-8, so the Memo
    // program accepts them; both accounts sign, as Memo requires.
    const data = Buffer.from([2, 0, 0, 0, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41]);
    const memo = await send(
      new Transaction().add(
        new TransactionInstruction({
          programId: new PublicKey(MEMO_PROGRAM_ID),
          keys: [
            { pubkey: payer.publicKey, isSigner: true, isWritable: true },
            { pubkey: other.publicKey, isSigner: true, isWritable: true },
          ],
          data,
        }),
      ),
      [payer, other],
    );
    const tx = await connection.getTransaction(memo, { maxSupportedTransactionVersion: 0 });
    expect(tx?.meta?.err).toBeNull();
    expect(
      await chain.verifyTransfer({
        signature: memo,
        expectedSender: payer.publicKey.toBase58(),
        expectedRecipient: other.publicKey.toBase58(),
        lamports: data.readBigUInt64LE(4),
      }),
    ).toEqual({ ok: false, reason: 'no_system_transfer' });
  });

  it('reads version-0 transactions whose recipient comes from an address lookup table', async () => {
    const payer = await fundedKeypair();
    const target = Keypair.generate().publicKey;
    const recentSlot = await connection.getSlot();
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: payer.publicKey,
      payer: payer.publicKey,
      recentSlot,
    });
    const extend = AddressLookupTableProgram.extendLookupTable({
      lookupTable: table,
      authority: payer.publicKey,
      payer: payer.publicKey,
      addresses: [target],
    });
    await send(new Transaction().add(create, extend), [payer]);
    // Addresses added to a table become usable in the next slot.
    const extendedAt = await connection.getSlot();
    while ((await connection.getSlot()) <= extendedAt) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lookup = (await connection.getAddressLookupTable(table)).value;
    expect(lookup?.state.addresses.map((a) => a.toBase58())).toEqual([target.toBase58()]);
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: target,
          lamports: 7_000_000,
        }),
      ],
    }).compileToV0Message(lookup ? [lookup] : []);
    expect(message.addressTableLookups).toHaveLength(1);
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const v0 = await connection.sendRawTransaction(tx.serialize());
    expect(await connection.getBalance(target)).toBe(7_000_000);
    expect(
      await chain.verifyTransfer({
        signature: v0,
        expectedSender: payer.publicKey.toBase58(),
        expectedRecipient: target.toBase58(),
        lamports: 7_000_000n,
      }),
    ).toMatchObject({ ok: true });
  });

  it('gives the same answers through the in-process transport (no HTTP hop)', async () => {
    const inProcess = createChainClient({
      cluster: 'localnet',
      rpcUrl: 'http://in-process.invalid',
      dumMint: localnet.dumMint,
      transport: (body) => localnet.rpc.handleText(body),
    });
    expect(await inProcess.verifyTransfer(expected())).toMatchObject({ ok: true, signature });
    expect(await inProcess.verifyTransfer(expected({ lamports: 1n }))).toEqual({
      ok: false,
      reason: 'wrong_amount',
    });
    const broken = createChainClient({
      cluster: 'localnet',
      rpcUrl: 'http://in-process.invalid',
      dumMint: null,
      transport: async () => {
        throw new Error('gone');
      },
    });
    const error = await broken.verifyTransfer(expected()).catch((e: unknown) => e);
    expect((error as AppError).code).toBe('chain_unavailable');
  });

  it('throws chain_unavailable when the RPC does not answer', async () => {
    const offline = createChainClient({
      cluster: 'localnet',
      rpcUrl: 'http://127.0.0.1:1',
      dumMint: null,
      timeoutMs: 2000,
    });
    const error = await offline.verifyTransfer(expected()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('chain_unavailable');
  });
});

describe('balances', () => {
  it('reads SOL and DUM balances; DUM is a 9-decimal mint owned by the treasury', async () => {
    const wallet = await fundedKeypair(3);
    expect(await chain.getSolBalance(wallet.publicKey.toBase58())).toBe(3_000_000_000n);
    expect(await chain.getDumBalance(wallet.publicKey.toBase58())).toBe(0n);

    const { treasury } = loadPlatformKeys(testnet.dataDir);
    expect(treasury.address).toBe(localnet.treasury);
    const treasuryKeypair = Keypair.fromSecretKey(treasury.secretKey);
    const mint = new PublicKey(localnet.dumMint);
    const account = await getOrCreateAssociatedTokenAccount(
      connection,
      treasuryKeypair,
      mint,
      wallet.publicKey,
    );
    await mintTo(
      connection,
      treasuryKeypair,
      mint,
      account.address,
      treasuryKeypair,
      150_000_000_000n,
    );
    expect(await chain.getDumBalance(wallet.publicKey.toBase58())).toBe(150_000_000_000n);
    const supply = await connection.getTokenSupply(mint);
    expect(supply.value.decimals).toBe(9);
  });
});
