/**
 * `npm run bench:chain`: SOL transfers per second
 *   (a) sent and confirmed through the localnet's JSON-RPC server by a @solana/web3.js client,
 *   (b) executed by LiteSVM directly, in this process,
 * with the same pre-signed transactions, in the same run. Reports both rates and their ratio
 * (target: the RPC path keeps at least half of LiteSVM's rate).
 *
 * The localnet runs as its own process, as in production, with its write-ahead log on disk
 * (every acknowledged transaction is fdatasync'd before sendTransaction answers). Signing is done
 * up front for both paths: it is client work, identical for both, and not what is measured.
 *
 * Options (environment): BENCH_TRANSFERS (default 4000), BENCH_CONCURRENCY (default 64).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildTransferTransaction, generateSigner, type Signer } from '@dum/chain';
import { address, getTransactionDecoder, lamports } from '@solana/kit';
import { Connection, PublicKey } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const SENDERS = 64;
const RECIPIENTS = 64;
const LAMPORTS_PER_SOL = 1_000_000_000n;

const root = fileURLToPath(new URL('..', import.meta.url));

interface Plan {
  senders: Signer[];
  recipients: Signer[];
  transactions: Uint8Array[];
}

function plan(blockhash: string): Plan {
  const senders = Array.from({ length: SENDERS }, () => generateSigner());
  const recipients = Array.from({ length: RECIPIENTS }, () => generateSigner());
  const transactions: Uint8Array[] = [];
  for (let i = 0; i < TRANSFERS; i++) {
    const from = senders[i % SENDERS] as Signer;
    const to = recipients[(i * 7) % RECIPIENTS] as Signer;
    // A distinct amount per transfer keeps every signature unique.
    transactions.push(
      buildTransferTransaction(from, to.address, 1_000_000n + BigInt(i), blockhash),
    );
  }
  return { senders, recipients, transactions };
}

async function startLocalnetProcess(dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=dir writes a CPU profile of the localnet process there.
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      '--import',
      'tsx',
      path.join(root, 'packages/chain/src/localnet-main.ts'),
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, SOLANA_LOCALNET_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`localnet exited with ${code}`)));
  });
  const ready = JSON.parse(line) as { rpcUrl: string };
  return { child, rpcUrl: ready.rpcUrl };
}

interface RpcRates {
  web3: { rate: number; seconds: number };
  batched: { rate: number; seconds: number };
}

async function benchRpc(): Promise<RpcRates> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-bench-chain-'));
  const { child, rpcUrl } = await startLocalnetProcess(dataDir);
  try {
    const connection = new Connection(rpcUrl, 'confirmed');
    const { blockhash } = await connection.getLatestBlockhash();
    const { senders, recipients, transactions } = plan(blockhash);
    for (const signer of [...senders, ...recipients]) {
      await connection.requestAirdrop(
        new PublicKey(signer.address),
        Number(100n * LAMPORTS_PER_SOL),
      );
    }

    // Warm up both processes (JIT, sockets) before timing, as the direct run is warm too.
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = 0; i < 50; i++) await connection.getLatestBlockhash();
      }),
    );

    const started = performance.now();
    const signatures: string[] = new Array<string>(transactions.length);
    let next = 0;
    async function worker(): Promise<void> {
      while (next < transactions.length) {
        const index = next++;
        signatures[index] = await connection.sendRawTransaction(transactions[index] as Uint8Array);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // Confirmed = the cluster reports every signature at 'confirmed' or better, without error.
    let confirmed = 0;
    for (let i = 0; i < signatures.length; i += 256) {
      const { value } = await connection.getSignatureStatuses(signatures.slice(i, i + 256));
      for (const status of value) {
        if (
          status &&
          !status.err &&
          (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')
        ) {
          confirmed += 1;
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    if (confirmed !== transactions.length) {
      throw new Error(`only ${confirmed} of ${transactions.length} transfers confirmed`);
    }

    // The server's own capacity, with the per-request client and HTTP cost amortised: the same
    // kind of transfers in JSON-RPC batches of 100 (still one WAL record and fsync'd each).
    const second = plan((await connection.getLatestBlockhash()).blockhash);
    for (const signer of second.senders) {
      await connection.requestAirdrop(
        new PublicKey(signer.address),
        Number(100n * LAMPORTS_PER_SOL),
      );
    }
    const batchStarted = performance.now();
    const batches: Uint8Array[][] = [];
    for (let i = 0; i < second.transactions.length; i += 100) {
      batches.push(second.transactions.slice(i, i + 100));
    }
    let nextBatch = 0;
    let batchErrors = 0;
    async function batchWorker(): Promise<void> {
      while (nextBatch < batches.length) {
        const batch = batches[nextBatch++] as Uint8Array[];
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            batch.map((raw, id) => ({
              jsonrpc: '2.0',
              id,
              method: 'sendTransaction',
              params: [Buffer.from(raw).toString('base64'), { encoding: 'base64' }],
            })),
          ),
        });
        const answers = (await response.json()) as { error?: unknown }[];
        batchErrors += answers.filter((answer) => answer.error).length;
      }
    }
    await Promise.all(Array.from({ length: 4 }, batchWorker));
    const batchSeconds = (performance.now() - batchStarted) / 1000;
    if (batchErrors > 0) throw new Error(`${batchErrors} batched transfers failed`);
    return {
      web3: { rate: transactions.length / seconds, seconds },
      batched: { rate: second.transactions.length / batchSeconds, seconds: batchSeconds },
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

function benchLiteSvm(): { rate: number; seconds: number } {
  const svm = new LiteSVM();
  const { senders, recipients, transactions } = plan(svm.latestBlockhash());
  for (const signer of [...senders, ...recipients]) {
    svm.airdrop(address(signer.address), lamports(100n * LAMPORTS_PER_SOL));
  }
  const decoder = getTransactionDecoder();
  const decoded = transactions.map((bytes) => decoder.decode(bytes));
  const started = performance.now();
  for (const tx of decoded) {
    const result = svm.sendTransaction(tx);
    if ('err' in result && typeof result.err === 'function') {
      throw new Error(`LiteSVM rejected a transfer: ${String(result.err())}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { rate: transactions.length / seconds, seconds };
}

async function main(): Promise<void> {
  console.log(`bench:chain — ${TRANSFERS} SOL transfers, ${CONCURRENCY} in flight over RPC`);
  const direct = benchLiteSvm();
  console.log(
    `LiteSVM direct (in-process):          ${direct.rate.toFixed(0)} transfers/s (${direct.seconds.toFixed(2)} s)`,
  );
  const { web3: rpc, batched } = await benchRpc();
  console.log(
    `JSON-RPC (web3.js, sent + confirmed): ${rpc.rate.toFixed(0)} transfers/s (${rpc.seconds.toFixed(2)} s)`,
  );
  console.log(
    `JSON-RPC batches of 100 (server capacity): ${batched.rate.toFixed(0)} transfers/s (${batched.seconds.toFixed(2)} s, ratio ${(batched.rate / direct.rate).toFixed(2)})`,
  );
  const ratio = rpc.rate / direct.rate;
  console.log(
    `ratio RPC / direct: ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
