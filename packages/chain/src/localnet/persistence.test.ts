import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const mainFile = fileURLToPath(new URL('../localnet-main.ts', import.meta.url));

interface Running {
  child: ChildProcess;
  connection: Connection;
  ready: { rpcUrl: string; wsUrl: string; dumMint: string };
}

let dataDir: string;
const children: ChildProcess[] = [];

async function startProcess(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, DATA_DIR: dataDir, SOLANA_LOCALNET_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<Running['ready']>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as Running['ready']));
    child.once('exit', (code) => reject(new Error(`localnet exited (${code}): ${stderr}`)));
  });
  // HTTP only: no WebSocket client is left to reconnect when the process dies.
  const connection = new Connection(ready.rpcUrl, { commitment: 'confirmed' });
  return { child, connection, ready };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function transfer(connection: Connection, from: Keypair, to: Keypair, lamports: number) {
  const tx = new Transaction().add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to.publicKey, lamports }),
  );
  // A status asked for right after sendTransaction is answered once the transaction is on disk,
  // so it is already final; check that over HTTP (no WebSocket, see above).
  const { blockhash } = await connection.getLatestBlockhash();
  tx.recentBlockhash = blockhash;
  tx.feePayer = from.publicKey;
  tx.sign(from);
  const signature = await connection.sendRawTransaction(tx.serialize());
  const status = await connection.getSignatureStatus(signature);
  expect(status.value?.confirmationStatus).toBe('finalized');
  return signature;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-localnet-persist-'));
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(children.map(exited));
  await rm(dataDir, { recursive: true, force: true });
});

describe('localnet persistence', () => {
  it('keeps balances and history across a clean stop and a SIGKILL', async () => {
    const alice = Keypair.generate();
    const bob = Keypair.generate();

    // 1. Fund Alice, pay Bob, stop cleanly (snapshot written).
    const first = await startProcess();
    const airdrop = await first.connection.requestAirdrop(alice.publicKey, 5 * LAMPORTS_PER_SOL);
    const firstTransfer = await transfer(first.connection, alice, bob, LAMPORTS_PER_SOL);
    first.child.kill('SIGTERM');
    await exited(first.child);
    expect((await stat(path.join(dataDir, 'localnet', 'snapshot.bin'))).size).toBeGreaterThan(0);
    const keyMode = (await stat(path.join(dataDir, 'keys', 'treasury.json'))).mode & 0o777;
    expect(keyMode).toBe(0o600);

    // 2. Restart from the snapshot, pay again, and kill the process right after confirmation.
    const second = await startProcess();
    expect(second.ready.dumMint).toBe(first.ready.dumMint);
    expect(await second.connection.getBalance(bob.publicKey)).toBe(LAMPORTS_PER_SOL);
    const secondTransfer = await transfer(second.connection, alice, bob, 2 * LAMPORTS_PER_SOL);
    second.child.kill('SIGKILL');
    await exited(second.child);

    // 3. Restart: the snapshot plus the write-ahead log hold everything confirmed.
    const third = await startProcess();
    expect(await third.connection.getBalance(bob.publicKey)).toBe(3 * LAMPORTS_PER_SOL);
    expect(await third.connection.getBalance(alice.publicKey)).toBe(
      5 * LAMPORTS_PER_SOL - 3 * LAMPORTS_PER_SOL - 2 * 5000,
    );
    const history = await third.connection.getSignaturesForAddress(bob.publicKey);
    expect(history.map((entry) => entry.signature)).toEqual([secondTransfer, firstTransfer]);
    const tx = await third.connection.getTransaction(secondTransfer, {
      maxSupportedTransactionVersion: 0,
    });
    expect(tx?.meta?.err).toBeNull();
    expect(
      await third.connection.getTransaction(airdrop, { maxSupportedTransactionVersion: 0 }),
    ).not.toBeNull();
    const supply = await third.connection.getTokenSupply(new PublicKey(third.ready.dumMint));
    expect(supply.value.decimals).toBe(9);
    // Slots never go backwards across restarts.
    expect(await third.connection.getSlot()).toBeGreaterThanOrEqual(tx?.slot ?? 0);
    third.child.kill('SIGTERM');
    await exited(third.child);
  });
});
