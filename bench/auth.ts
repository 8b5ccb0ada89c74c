/**
 * `npm run bench:auth`: complete wallet sign-ins per second against the production server on a
 * throwaway PostgreSQL database. Each sign-in is what a browser does: POST /api/auth/challenge,
 * sign the SIWS message with the wallet's ed25519 key, POST /api/auth/verify; it counts once
 * verify answered 200 with tokens. Reports the rate and the p50/p99 latency of a whole sign-in,
 * first for new wallets (each creates its user), then for the same wallets signing in again; each
 * phase runs BENCH_ROUNDS rounds and its median round is judged.
 * Target: at least 1,000 sign-ins/s with p99 under 50 ms on this machine.
 * How it runs and what was measured: docs/benchmarks.md, bench:auth.
 *
 * Environment: BENCH_SIGNINS (default 10000 per phase), BENCH_CONCURRENCY (default 16),
 * BENCH_ROUNDS (default 3), BENCH_DATABASE_URL (default: PostgreSQL's Unix socket in
 * /var/run/postgresql when it is there, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CPU_PROF (a folder: write a CPU profile of the server there).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSigner, type Signer } from '@dum/chain';
import bs58 from 'bs58';
import { startServer, type RunningServer } from '../e2e/support/server-test-kit.ts';
import {
  cpuProfileArgs,
  itemAt,
  machineBusyMs,
  medianBy,
  percentile,
  postgresCpuMs,
  processCpuMs,
} from './measure.ts';
import { api, closeApiConnections } from './api-client.ts';
import { createThrowawayDatabase } from '../apps/server/src/test/migrated-postgres.ts';

const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Math.min(2000, SIGNINS);
const SOCKET_DIR = '/var/run/postgresql';
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  (existsSync(path.join(SOCKET_DIR, '.s.PGSQL.5432'))
    ? `postgres://postgres@${encodeURIComponent(SOCKET_DIR)}/postgres`
    : 'postgres://postgres@127.0.0.1:5432/postgres');

async function signInOnce(port: number, wallet: Signer): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const challenge = await api(base, '/api/auth/challenge', {
    address: wallet.address,
    chain: 'solana',
  });
  if (challenge.status !== 200) {
    throw new Error(`challenge: ${challenge.status} ${JSON.stringify(challenge.json)}`);
  }
  const { messageToSign } = challenge.json as { messageToSign: string };
  const signature = bs58.encode(wallet.sign(Buffer.from(messageToSign, 'utf8')));
  const verify = await api(base, '/api/auth/verify', {
    address: wallet.address,
    message: messageToSign,
    signature,
  });
  if (verify.status !== 200) {
    throw new Error(`verify: ${verify.status} ${JSON.stringify(verify.json)}`);
  }
  const tokens = verify.json as { accessToken?: string; refreshToken?: string };
  if (!tokens.accessToken || !tokens.refreshToken) throw new Error('verify answered no tokens');
}

interface PhaseResult {
  rate: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  serverCpuMsPerSignIn: number;
  clientCpuMsPerSignIn: number;
  postgresCpuMsPerSignIn: number;
  /** CPU the machine spent on anything else meanwhile (other work on a shared machine). */
  otherCpuMsPerSignIn: number;
}

async function runPhase(port: number, serverPid: number, wallets: Signer[]): Promise<PhaseResult> {
  const latencies = new Float64Array(wallets.length);
  let next = 0;
  const serverCpu = processCpuMs(serverPid);
  const clientCpu = process.cpuUsage();
  const postgresCpu = postgresCpuMs();
  const machineBusy = machineBusyMs();
  const started = performance.now();
  async function worker(): Promise<void> {
    while (next < wallets.length) {
      const index = next++;
      const t0 = performance.now();
      await signInOnce(port, wallets[index] as Signer);
      latencies[index] = performance.now() - t0;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientCpu);
  const server = processCpuMs(serverPid) - serverCpu;
  const postgres = postgresCpuMs() - postgresCpu;
  const busy = machineBusyMs() - machineBusy;
  const clientMs = (client.user + client.system) / 1000;
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  return {
    rate: wallets.length / seconds,
    seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    serverCpuMsPerSignIn: server / wallets.length,
    clientCpuMsPerSignIn: clientMs / wallets.length,
    postgresCpuMsPerSignIn: postgres / wallets.length,
    otherCpuMsPerSignIn: Math.max(0, busy - server - postgres - clientMs) / wallets.length,
  };
}

function meetsTarget(result: PhaseResult): boolean {
  return result.rate >= 1000 && result.p99 < 50;
}

function describe(result: PhaseResult): string {
  return (
    `${result.rate.toFixed(0)} sign-ins/s (${result.seconds.toFixed(2)} s), ` +
    `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms; ` +
    `CPU per sign-in: server ${result.serverCpuMsPerSignIn.toFixed(2)} ms, ` +
    `PostgreSQL ${result.postgresCpuMsPerSignIn.toFixed(2)} ms, ` +
    `clients ${result.clientCpuMsPerSignIn.toFixed(2)} ms, ` +
    `other processes ${result.otherCpuMsPerSignIn.toFixed(2)} ms`
  );
}

/** The median round of a phase, judged against the target, and how many rounds met it. */
function report(name: string, rounds: PhaseResult[]): boolean {
  const middle = medianBy(rounds, (round) => round.rate);
  const ok = meetsTarget(middle);
  const met = rounds.filter(meetsTarget).length;
  console.log(
    `${name}: ${describe(middle)}  [target >= 1000/s, p99 < 50 ms] ${ok ? 'OK' : 'BELOW TARGET'} ` +
      `(median of ${rounds.length} rounds; ${met} of ${rounds.length} met the target)`,
  );
  return ok;
}

async function main(): Promise<void> {
  const database = await createThrowawayDatabase(ADMIN_URL, 'dum_bench_auth');
  let server: RunningServer | null = null;
  try {
    server = await startServer({
      nodeArgs: cpuProfileArgs(),
      env: {
        DATABASE_URL: database.url,
        // No embedded localnet: sign-in never touches the chain.
        SOLANA_CLUSTER: 'localnet',
        SOLANA_RPC_URL: 'http://127.0.0.1:9',
        AUTH_RATE_IP_LIMIT: '1000000000',
        AUTH_RATE_ADDRESS_LIMIT: '1000000000',
      },
    });
    const { port, pid } = server;
    console.log(
      `bench:auth — ${ROUNDS} rounds of ${SIGNINS} sign-ins per phase (median reported), ` +
        `${CONCURRENCY} concurrent clients, ` +
        `server on PostgreSQL via ${decodeURIComponent(new URL(database.url).host) || 'its default host'} ` +
        `(${os.cpus().length} cores shared by client, server and database)`,
    );
    const warmup = Array.from({ length: WARMUP }, () => generateSigner());
    await runPhase(port, pid, warmup);
    const fresh: PhaseResult[] = [];
    const returning: PhaseResult[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const wallets = Array.from({ length: SIGNINS }, () => generateSigner());
      fresh.push(await runPhase(port, pid, wallets));
      console.log(`  round ${round}, new wallets       : ${describe(itemAt(fresh, -1))}`);
      returning.push(await runPhase(port, pid, wallets));
      console.log(`  round ${round}, returning wallets : ${describe(itemAt(returning, -1))}`);
    }
    report('new wallets       ', fresh);
    report('returning wallets ', returning);
  } finally {
    closeApiConnections();
    await server?.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
