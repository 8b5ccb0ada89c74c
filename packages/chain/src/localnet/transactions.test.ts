import {
  createAssociatedTokenAccount,
  createMint,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  transfer as transferTokens,
} from '@solana/spl-token';
import bs58 from 'bs58';
import type { Connection } from '@solana/web3.js';
import {
  Keypair,
  LAMPORTS_PER_SOL,
  NONCE_ACCOUNT_LENGTH,
  NonceAccount,
  type PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Localnet } from './localnet.ts';
import { startTestLocalnet, type TestLocalnet } from './test-kit.ts';

/**
 * sendTransaction as a cluster answers it: preflight refuses a failing transaction and leaves
 * no trace (the localnet executes once and undoes the failure instead of simulating first);
 * without preflight the transaction lands, failed, and pays its fee.
 */

let localnet: Localnet;
let testnet: TestLocalnet;
let connection: Connection;

interface RpcAnswer {
  result?: unknown;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

async function send(tx: Transaction, skipPreflight: boolean): Promise<RpcAnswer> {
  const response = await fetch(localnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [tx.serialize().toString('base64'), { encoding: 'base64', skipPreflight }],
    }),
  });
  return (await response.json()) as RpcAnswer;
}

async function fundedKeypair(sol = 2): Promise<Keypair> {
  const keypair = Keypair.generate();
  await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL);
  return keypair;
}

/** A transfer of more than the sender holds: the System Program fails it with Custom(1). */
async function overdraft(sender: Keypair, recipient: PublicKey): Promise<Transaction> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: sender.publicKey, blockhash, lastValidBlockHeight }).add(
    SystemProgram.transfer({
      fromPubkey: sender.publicKey,
      toPubkey: recipient,
      lamports: 5 * LAMPORTS_PER_SOL,
    }),
  );
  tx.sign(sender);
  return tx;
}

function signatureOf(tx: Transaction): string {
  return bs58.encode(tx.signatures[0]?.signature as Buffer);
}

async function accountState(address: PublicKey): Promise<unknown> {
  const info = await connection.getAccountInfo(address);
  return info && { ...info, data: info.data.toString('base64'), owner: info.owner.toBase58() };
}

beforeAll(async () => {
  testnet = await startTestLocalnet('dum-localnet-tx-');
  ({ localnet, connection } = testnet);
});

afterAll(() => testnet.close());

describe('sendTransaction with preflight', () => {
  it('refuses a failing transaction with the simulation error and leaves no trace', async () => {
    const sender = await fundedKeypair();
    const recipient = Keypair.generate().publicKey;
    const before = await accountState(sender.publicKey);
    const tx = await overdraft(sender, recipient);

    const answer = await send(tx, false);
    expect(answer.error).toMatchObject({
      code: -32002,
      message:
        'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      data: {
        err: { InstructionError: [0, { Custom: 1 }] },
        accounts: null,
        returnData: null,
      },
    });
    const logs = answer.error?.data?.logs as string[];
    expect(logs[0]).toBe('Program 11111111111111111111111111111111 invoke [1]');
    expect(logs).toContain(
      `Transfer: insufficient lamports ${2 * LAMPORTS_PER_SOL - 5000}, need ${5 * LAMPORTS_PER_SOL}`,
    );
    expect(answer.error?.data?.unitsConsumed).toBe(150);

    // Nothing happened: no fee, no record, every account exactly as before.
    expect(await accountState(sender.publicKey)).toEqual(before);
    expect(await connection.getAccountInfo(recipient)).toBeNull();
    const { value } = await connection.getSignatureStatuses([signatureOf(tx)]);
    expect(value[0]).toBeNull();
    expect(
      await connection.getTransaction(signatureOf(tx), { maxSupportedTransactionVersion: 0 }),
    ).toBeNull();
    expect(await connection.getSignaturesForAddress(sender.publicKey)).toHaveLength(1); // airdrop

    // web3.js surfaces it as a SendTransactionError carrying the logs.
    const error = await connection.sendRawTransaction(tx.serialize()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendTransactionError);
    expect((error as SendTransactionError).message).toMatch(/custom program error: 0x1/);
    expect(await connection.getBalance(sender.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
  });

  it('records a failing transaction sent without preflight and charges its fee', async () => {
    const sender = await fundedKeypair();
    const recipient = Keypair.generate().publicKey;
    const tx = await overdraft(sender, recipient);

    const answer = await send(tx, true);
    const signature = signatureOf(tx);
    expect(answer).toMatchObject({ result: signature });
    const { value } = await connection.getSignatureStatuses([signature]);
    expect(value[0]).toMatchObject({
      err: { InstructionError: [0, { Custom: 1 }] },
      confirmationStatus: 'finalized',
    });
    expect(await connection.getBalance(sender.publicKey)).toBe(2 * LAMPORTS_PER_SOL - 5000);
    expect(await connection.getAccountInfo(recipient)).toBeNull();

    const landed = await connection.getTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    expect(landed?.meta).toMatchObject({
      err: { InstructionError: [0, { Custom: 1 }] },
      fee: 5000,
      preBalances: [2 * LAMPORTS_PER_SOL, 0, 1],
      postBalances: [2 * LAMPORTS_PER_SOL - 5000, 0, 1],
      preTokenBalances: [],
      postTokenBalances: [],
      computeUnitsConsumed: 150,
    });
    expect(landed?.meta?.logMessages).toContain(
      'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    );

    // Sent again: preflight says so; without preflight it is dropped, and charged nothing.
    expect((await send(tx, false)).error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
      data: { err: 'AlreadyProcessed' },
    });
    expect(await send(tx, true)).toMatchObject({ result: signature });
    expect(await connection.getBalance(sender.publicKey)).toBe(2 * LAMPORTS_PER_SOL - 5000);
  });

  it('drops a transaction with an unknown blockhash without preflight, and refuses it with', async () => {
    const sender = await fundedKeypair();
    const tx = new Transaction({
      feePayer: sender.publicKey,
      blockhash: Keypair.generate().publicKey.toBase58(),
      lastValidBlockHeight: 0,
    }).add(
      SystemProgram.transfer({
        fromPubkey: sender.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1000,
      }),
    );
    tx.sign(sender);
    expect((await send(tx, false)).error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound' },
    });
    const signature = signatureOf(tx);
    expect(await send(tx, true)).toMatchObject({ result: signature });
    expect((await connection.getSignatureStatuses([signature])).value[0]).toBeNull();
    expect(await connection.getBalance(sender.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
  });

  it('keeps a durable nonce account as it was when preflight refuses', async () => {
    const payer = await fundedKeypair(3);
    const nonce = Keypair.generate();
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.createNonceAccount({
          fromPubkey: payer.publicKey,
          noncePubkey: nonce.publicKey,
          authorizedPubkey: payer.publicKey,
          lamports: await connection.getMinimumBalanceForRentExemption(NONCE_ACCOUNT_LENGTH),
        }),
      ),
      [payer, nonce],
    );
    const nonceValue = async () =>
      NonceAccount.fromAccountData(
        (await connection.getAccountInfo(nonce.publicKey))?.data as Buffer,
      ).nonce;
    const initial = await nonceValue();
    const tx = new Transaction({
      feePayer: payer.publicKey,
      // Only read when web3.js confirms the transaction itself; `send` posts it raw.
      minContextSlot: 0,
      nonceInfo: {
        nonce: initial,
        nonceInstruction: SystemProgram.nonceAdvance({
          noncePubkey: nonce.publicKey,
          authorizedPubkey: payer.publicKey,
        }),
      },
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 10 * LAMPORTS_PER_SOL,
      }),
    );
    tx.sign(payer);
    const payerBefore = await accountState(payer.publicKey);
    const nonceBefore = await accountState(nonce.publicKey);

    expect((await send(tx, false)).error).toMatchObject({
      code: -32002,
      data: { err: { InstructionError: [1, { Custom: 1 }] } },
    });
    expect(await accountState(payer.publicKey)).toEqual(payerBefore);
    expect(await accountState(nonce.publicKey)).toEqual(nonceBefore);

    // Without preflight it lands failed and pays its fee. A cluster would also advance the
    // nonce; LiteSVM keeps only the fee payer's change (docs/localnet.md). Either way the fee
    // payer and the nonce are the only accounts a failed transaction can touch, and preflight's
    // undo restores both.
    expect(await send(tx, true)).toMatchObject({ result: signatureOf(tx) });
    expect(await nonceValue()).toBe(initial);
    const landed = await connection.getTransaction(signatureOf(tx), {
      maxSupportedTransactionVersion: 0,
    });
    expect(landed?.meta).toMatchObject({
      err: { InstructionError: [1, { Custom: 1 }] },
      fee: 5000,
    });
    expect(await connection.getBalance(payer.publicKey)).toBe(
      (landed?.meta?.preBalances[0] ?? 0) - 5000,
    );
  });
});

describe('token balances in transaction meta', () => {
  it('lists a token account that only receives SOL, its token amount unchanged', async () => {
    const payer = await fundedKeypair();
    const mint = await createMint(connection, payer, payer.publicKey, null, 6);
    const holder = Keypair.generate().publicKey;
    const account = await getOrCreateAssociatedTokenAccount(connection, payer, mint, holder);
    await mintTo(connection, payer, mint, account.address, payer, 2_500_000n);
    const lamportsBefore = await connection.getBalance(account.address);

    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: account.address,
          lamports: 777,
        }),
      ),
      [payer],
    );
    const landed = await connection.getTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    const expected = {
      accountIndex: 1,
      mint: mint.toBase58(),
      owner: holder.toBase58(),
      programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      uiTokenAmount: { amount: '2500000', decimals: 6, uiAmount: 2.5, uiAmountString: '2.5' },
    };
    expect(landed?.meta?.preTokenBalances).toEqual([expected]);
    expect(landed?.meta?.postTokenBalances).toEqual([expected]);
    expect(landed?.meta?.preBalances[1]).toBe(lamportsBefore);
    expect(landed?.meta?.postBalances[1]).toBe(lamportsBefore + 777);
  });

  it('follows an address from plain account to token account as its amount changes', async () => {
    // The localnet remembers each account's token state between transactions that run no token
    // program: every change below must show in the next SOL transfer's token balances.
    const payer = await fundedKeypair();
    const mint = await createMint(connection, payer, payer.publicKey, null, 2);
    const holder = Keypair.generate();
    const address = getAssociatedTokenAddressSync(mint, holder.publicKey);
    const tokenBalancesOfSolTransfer = async () => {
      const signature = await sendAndConfirmTransaction(
        connection,
        new Transaction().add(
          SystemProgram.transfer({
            fromPubkey: payer.publicKey,
            toPubkey: address,
            lamports: 1_000_000,
          }),
        ),
        [payer],
      );
      const landed = await connection.getTransaction(signature, {
        maxSupportedTransactionVersion: 0,
      });
      expect(landed?.meta?.postTokenBalances).toEqual(landed?.meta?.preTokenBalances);
      return landed?.meta?.preTokenBalances?.map((balance) => balance.uiTokenAmount.amount);
    };

    // Before the token account exists, the address is a plain account holding SOL.
    expect(await tokenBalancesOfSolTransfer()).toEqual([]);
    await createAssociatedTokenAccount(connection, payer, mint, holder.publicKey);
    expect(await tokenBalancesOfSolTransfer()).toEqual(['0']);
    await mintTo(connection, payer, mint, address, payer, 500n);
    expect(await tokenBalancesOfSolTransfer()).toEqual(['500']);
    const other = await getOrCreateAssociatedTokenAccount(connection, payer, mint, payer.publicKey);
    await connection.requestAirdrop(holder.publicKey, LAMPORTS_PER_SOL);
    await transferTokens(connection, holder, address, other.address, holder, 120n);
    expect(await tokenBalancesOfSolTransfer()).toEqual(['380']);
  });
});
