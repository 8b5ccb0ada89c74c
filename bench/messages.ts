/**
 * `npm run bench:messages`: direct messages sent per second by 64 senders on PostgreSQL, each
 * delivered to its recipient's open socket, with the send-to-receive latency; then tipped
 * messages end to end beside the localnet's raw transfer rate measured the same way in the same
 * run (as bench:vaults measures it). Targets: at least 1,000 messages/s with p99 under 100 ms;
 * tipped messages at least half of the raw transfer rate.
 *
 * The production server runs as its own process (apps/server/src/main.ts, bundled as `npm run
 * build` does: Fastify, the embedded localnet, PostgreSQL in a throwaway database). Every wallet is
 * real and signed in through challenge and verify; every recipient keeps a socket open (token in
 * the first message, as the web client sends it). Sender i writes to recipient i, one message at a
 * time: a message counts when its POST answered 201 and the recipient's socket got its
 * `new_message`; its latency is from the POST's start to the socket's message parsed in this
 * process. A tipped message does what the browser does: a System transfer sender → recipient sent
 * and confirmed, then the POST with `tip`; the server verifies the transfer on the cluster and
 * records the message, the spent signature and the rewarded event in one transaction. The raw phase
 * does the transfer alone, with the same client, concurrency and transfer shape. Afterwards the
 * messages stored must equal those sent, and each recipient's tips must equal what its wallet
 * received on chain.
 *
 * Environment: BENCH_MESSAGES (default 20000), BENCH_TIPS (default 2000), BENCH_CONCURRENCY
 * (default 64 senders), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildTransferTransaction, generateSigner, type Signer } from '@dum/chain';
import pg from 'pg';
import WebSocket from 'ws';
import { freePortRange } from '../e2e/support/ports-test-kit.ts';
import {
  startServer,
  UNLIMITED_WRITES,
  type RunningServer,
} from '../e2e/support/server-test-kit.ts';
import { api, rpc, signIn, waitConfirmed } from './api-client.ts';
import { cpuProfileArgs, percentile, processCpuMs } from './measure.ts';
import { createThrowawayDatabase } from '../apps/server/src/test/migrated-postgres.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000);
const TIPS = Number(process.env.BENCH_TIPS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LAMPORTS_PER_SOL = 1_000_000_000n;
/** Every tip and raw transfer differs by a lamport (one transfer in one blockhash is one tx). */
const BASE_AMOUNT = 10_000_000n;

/** A recipient's open socket: `next()` resolves at its next new_message. */
interface Inbox {
  socket: WebSocket;
  next(): Promise<{ receivedAt: number; tipAmount: string }>;
}

async function openInbox(server: RunningServer, token: string): Promise<Inbox> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/socket`);
  const queued: { receivedAt: number; tipAmount: string }[] = [];
  const waiting: ((value: { receivedAt: number; tipAmount: string }) => void)[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as {
        type: string;
        data?: { tipAmount: string };
      };
      if (message.type === 'auth_success') resolve();
      if (message.type !== 'new_message') return;
      const arrival = { receivedAt: performance.now(), tipAmount: message.data?.tipAmount ?? '' };
      const waiter = waiting.shift();
      if (waiter) waiter(arrival);
      else queued.push(arrival);
    });
  });
  return {
    socket,
    next: () =>
      new Promise((resolve, reject) => {
        const arrival = queued.shift();
        if (arrival) {
          resolve(arrival);
          return;
        }
        const timer = setTimeout(() => reject(new Error('no new_message within 30 s')), 30_000);
        waiting.push((value) => {
          clearTimeout(timer);
          resolve(value);
        });
      }),
  };
}

interface Phase {
  rate: number;
  seconds: number;
  p50: number;
  p99: number;
  serverCpuMs: number;
}

/** Runs `count` jobs on `concurrency` workers; each job answers its latency in ms. */
async function runPhase(
  server: RunningServer,
  count: number,
  concurrency: number,
  job: (index: number, worker: number) => Promise<number>,
): Promise<Phase> {
  const latencies: number[] = [];
  let next = 0;
  const cpuBefore = processCpuMs(server.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (;;) {
        const index = next++;
        if (index >= count) return;
        latencies.push(await job(index, worker));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rate: count / seconds,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverCpuMs: processCpuMs(server.pid) - cpuBefore,
  };
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

// Long: the benchmark's script, its phases in the order they run and print.
async function main(): Promise<void> {
  const database = await createThrowawayDatabase(ADMIN_URL, 'dum_bench_messages');
  const localnetPort = await freePortRange(2);
  const server = await startServer({
    nodeArgs: cpuProfileArgs(),
    env: {
      SOLANA_LOCALNET_PORT: String(localnetPort),
      DAILY_REWARD_CAP: String(TIPS * 2),
      AUTH_RATE_IP_LIMIT: '100000',
      AUTH_RATE_ADDRESS_LIMIT: '100000',
      ...UNLIMITED_WRITES,
      SOLANA_LOCALNET_AIRDROP_LAMPORTS: String(1001n * LAMPORTS_PER_SOL),
      DATABASE_URL: database.url,
    },
  });
  const rpcUrl = `http://127.0.0.1:${localnetPort}`;
  console.log(
    `bench:messages — ${MESSAGES} messages and ${TIPS} tipped messages by ${CONCURRENCY} senders, each to its own recipient's open socket, PostgreSQL; load average before ${loadAverage()}`,
  );
  const inboxes: Inbox[] = [];
  try {
    const senders = Array.from({ length: CONCURRENCY }, () => generateSigner());
    const recipients = Array.from({ length: CONCURRENCY }, () => generateSigner());
    const senderTokens: string[] = [];
    for (const sender of senders) {
      await rpc(rpcUrl, 'requestAirdrop', [sender.address, Number(1000n * LAMPORTS_PER_SOL)]);
      senderTokens.push(await signIn(server.url, sender));
    }
    for (const recipient of recipients) {
      inboxes.push(await openInbox(server, await signIn(server.url, recipient)));
    }
    const sink = generateSigner();
    await rpc(rpcUrl, 'requestAirdrop', [sink.address, Number(LAMPORTS_PER_SOL)]);

    const line = (name: string, phase: Phase, count: number) =>
      `${name} ${phase.rate.toFixed(0)}/s (${phase.seconds.toFixed(2)} s, p50 ${phase.p50.toFixed(1)} ms, p99 ${phase.p99.toFixed(1)} ms, server CPU ${(phase.serverCpuMs / count).toFixed(2)} ms each)`;

    /** Sender `worker` → recipient `worker`: the POST, then its arrival on the socket. */
    const deliver = async (worker: number, payload: unknown): Promise<number> => {
      const started = performance.now();
      const inbox = inboxes[worker] as Inbox;
      const arrival = inbox.next();
      const res = await api(
        server.url,
        `/api/conversations/${(recipients[worker] as Signer).address}/messages`,
        payload,
        senderTokens[worker],
      );
      if (res.status !== 201) {
        throw new Error(`send failed: ${res.status} ${JSON.stringify(res.json)}`);
      }
      const { receivedAt } = await arrival;
      return receivedAt - started;
    };

    // Warm-up: a few of each, untimed.
    await Promise.all(senders.map((_, worker) => deliver(worker, { body: `warm-up ${worker}` })));

    // Plain messages.
    const plain = await runPhase(server, MESSAGES, CONCURRENCY, (index, worker) =>
      deliver(worker, { body: `message ${index}: ${'lorem ipsum '.repeat(4)}` }),
    );
    console.log(line('messages (POST → socket):                  ', plain, MESSAGES));
    console.log(
      `  target >= 1000/s: ${plain.rate >= 1000 ? 'OK' : 'BELOW TARGET'}; p99 < 100 ms: ${plain.p99 < 100 ? 'OK' : 'ABOVE TARGET'}`,
    );

    // Transfers, signed when sent with a recent blockhash fetched at most every 10 s.
    let recent = { blockhash: '', at: 0 };
    const blockhash = async () => {
      if (!recent.blockhash || performance.now() - recent.at > 10_000) {
        const { value } = await rpc<{ value: { blockhash: string } }>(
          rpcUrl,
          'getLatestBlockhash',
          [{ commitment: 'confirmed' }],
        );
        recent = { blockhash: value.blockhash, at: performance.now() };
      }
      return recent.blockhash;
    };
    const pay = async (worker: number, to: string, lamports: bigint): Promise<string> => {
      const raw = Buffer.from(
        buildTransferTransaction(senders[worker] as Signer, to, lamports, await blockhash()),
      ).toString('base64');
      const signature = await rpc<string>(rpcUrl, 'sendTransaction', [
        raw,
        { encoding: 'base64', preflightCommitment: 'confirmed' },
      ]);
      await waitConfirmed(rpcUrl, signature);
      return signature;
    };

    const raw = await runPhase(server, TIPS, CONCURRENCY, async (index, worker) => {
      const started = performance.now();
      await pay(worker, sink.address, BASE_AMOUNT + BigInt(index));
      return performance.now() - started;
    });
    console.log(line('raw transfers (sent + confirmed):          ', raw, TIPS));

    const tipped = new Map<number, bigint>();
    const tips = await runPhase(server, TIPS, CONCURRENCY, async (index, worker) => {
      const started = performance.now();
      const lamports = BASE_AMOUNT + BigInt(index);
      const signature = await pay(worker, (recipients[worker] as Signer).address, lamports);
      await deliver(worker, {
        body: 'thanks',
        tip: { transactionSignature: signature, amount: lamports.toString() },
      });
      tipped.set(worker, (tipped.get(worker) ?? 0n) + lamports);
      return performance.now() - started;
    });
    console.log(line('tipped messages (transfer + POST → socket):', tips, TIPS));
    const ratio = tips.rate / raw.rate;
    console.log(
      `ratio tipped messages / raw transfers: ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
    );

    // What was stored, against what was sent and what the chain holds.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const stored = await client.query<{ n: string; tips: string }>(
      `select count(*)::text as n, count(tip_signature)::text as tips from direct_messages`,
    );
    await client.end();
    const expectedMessages = CONCURRENCY + MESSAGES + TIPS;
    const countOk =
      Number(stored.rows[0]?.n) === expectedMessages && Number(stored.rows[0]?.tips) === TIPS;
    let balancesOk = true;
    for (const [worker, lamports] of tipped) {
      const { value } = await rpc<{ value: number }>(rpcUrl, 'getBalance', [
        (recipients[worker] as Signer).address,
        { commitment: 'confirmed' },
      ]);
      if (BigInt(value) !== lamports) balancesOk = false;
    }
    console.log(
      `${stored.rows[0]?.n} messages stored (${stored.rows[0]?.tips} with tips) for ${expectedMessages} sent: ${countOk ? 'OK' : 'MISMATCH'}; recipients' balances on chain equal their tips: ${balancesOk ? 'OK' : 'MISMATCH'}; load average after ${loadAverage()}`,
    );
    if (!countOk || !balancesOk) process.exitCode = 1;
  } finally {
    for (const inbox of inboxes) inbox.socket.close();
    await server.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
