/**
 * `npm run bench:chain`: SOL transfers per second
 *   (a) executed by LiteSVM directly, in this process,
 *   (b) sent and confirmed through the localnet's JSON-RPC server by @solana/web3.js clients,
 *   (c) sent to the same server in JSON-RPC batches of 100, then their statuses asked for (its
 *       own capacity, transfers on disk, without the per-request HTTP and client costs),
 *   (d) sent and confirmed by the same web3.js client against a responder that does no chain work
 *       (`instant-rpc.ts`): the client's own ceiling on this machine, which bounds (b),
 * in the same run, and judges issue 26's two targets: (1) the localnet path (b, node-fetch) keeps
 * at least 0.8 of the client's own ceiling (d); (2) the server's own capacity (c) is at least 0.7
 * of LiteSVM direct (a). Also reports the CPU each process spent per transfer.
 *
 * The localnet runs as its own process, as in production, with its write-ahead log on disk
 * (a transfer counts once confirmed, and it is confirmed once fdatasync'd). Signing is done
 * up front for every path: it is client work, identical for all, and not what is measured. Every
 * path is warmed up with transfers of the same kind before it is timed, and timed over several
 * rounds of fresh transfers; the median round is reported. The paths' rounds are interleaved
 * (round 1 of every path, then round 2, ...), so that each target's two rates are measured
 * minutes apart at most, under the same load from the rest of the machine: a target's ratio is
 * the median of its rounds' ratios.
 *
 * Two web3.js `Connection` configurations are measured, both with preflight on (the default):
 * "web3.js + node-fetch" (with a keep-alive `http.Agent`; why: docs/benchmarks.md, bench:chain)
 * and "web3.js defaults" (`new Connection(url, 'confirmed')`).
 *
 * Options (environment): BENCH_TRANSFERS (default 4000 a round), BENCH_ROUNDS (default 5),
 * BENCH_CONCURRENCY (default 64 requests in flight), BENCH_CPU_PROF=dir (CPU profiles of the
 * localnet process, and of this process during each RPC path's first timed round).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildTransferTransaction, generateSigner, type Signer } from '@dum/chain';
import { address, getTransactionDecoder, lamports } from '@solana/kit';
import { Connection, PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import { LiteSVM } from 'litesvm';
import { itemAt, machineBusyMs, medianBy, processCpuMs } from './measure.ts';

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const WARM_UP = 1000;
const BATCH = 100;
const SENDERS = 64;
const RECIPIENTS = 64;
const LAMPORTS_PER_SOL = 1_000_000_000n;

const root = fileURLToPath(new URL('..', import.meta.url));
/** Resolves modules as @solana/web3.js does, so `node-fetch` is the very copy it depends on. */
const web3Require = createRequire(createRequire(import.meta.url).resolve('@solana/web3.js'));

interface Wallets {
  senders: Signer[];
  recipients: Signer[];
}

function wallets(): Wallets {
  return {
    senders: Array.from({ length: SENDERS }, () => generateSigner()),
    recipients: Array.from({ length: RECIPIENTS }, () => generateSigner()),
  };
}

let amountSeed = 0;

/** `count` pre-signed transfers; a distinct amount per transfer keeps every signature unique. */
function transfers(of: Wallets, blockhash: string, count: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const from = of.senders[i % SENDERS] as Signer;
    const to = of.recipients[(i * 7) % RECIPIENTS] as Signer;
    amountSeed += 1;
    out.push(
      buildTransferTransaction(from, to.address, 1_000_000n + BigInt(amountSeed), blockhash),
    );
  }
  return out;
}

/** CPU spent per transfer, in µs: this process, the localnet, every other process. */
interface CpuPerTransfer {
  client: number;
  server: number;
  other: number;
}

function cpuMeter(serverPid: number): (transfers: number) => CpuPerTransfer {
  const client = process.cpuUsage();
  const server = processCpuMs(serverPid);
  const busy = machineBusyMs();
  return (count) => {
    const clientUsage = process.cpuUsage(client);
    const clientMs = (clientUsage.user + clientUsage.system) / 1000;
    const serverMs = processCpuMs(serverPid) - server;
    const otherMs = Math.max(0, machineBusyMs() - busy - clientMs - serverMs);
    return {
      client: (clientMs * 1000) / count,
      server: (serverMs * 1000) / count,
      other: (otherMs * 1000) / count,
    };
  };
}

/** With BENCH_CPU_PROF=dir, a CPU profile of this process during `run` is written there. */
async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(path.join(dir, `bench-chain-${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

interface Rate {
  rate: number;
  seconds: number;
}

interface DirectRate extends Rate {
  /** CPU this process spent per transfer, in µs (LiteSVM's execution and kit's encoding). */
  cpu: number;
}

interface RpcRate extends Rate {
  cpu: CpuPerTransfer;
  /** Of `seconds`, the time spent confirming (getSignatureStatuses) after the last send. */
  confirmSeconds: number;
}

function summarise<T extends Rate>(rounds: T[]): T & { rounds: number[] } {
  return { ...medianBy(rounds, (round) => round.rate), rounds: rounds.map((round) => round.rate) };
}

// ---- (a) LiteSVM directly ------------------------------------------------------------------------

/** LiteSVM in this process, its wallets funded; each call times `count` fresh transfers. */
function liteSvmPath(): (count: number) => DirectRate {
  const svm = new LiteSVM();
  const people = wallets();
  for (const signer of [...people.senders, ...people.recipients]) {
    svm.airdrop(address(signer.address), lamports(100n * LAMPORTS_PER_SOL));
  }
  const decoder = getTransactionDecoder();
  return (count) => {
    const decoded = transfers(people, svm.latestBlockhash(), count).map((bytes) =>
      decoder.decode(bytes),
    );
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const tx of decoded) {
      const result = svm.sendTransaction(tx);
      if ('err' in result && typeof result.err === 'function') {
        throw new Error(`LiteSVM rejected a transfer: ${String(result.err())}`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    return { rate: count / seconds, seconds, cpu: (used.user + used.system) / count };
  };
}

// ---- (b) and (c) through the localnet's JSON-RPC server -----------------------------------------

/** Starts `script` as its own process and waits for the `{"rpcUrl": ...}` line it prints. */
async function startRpcProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  profile: boolean,
): Promise<{ child: ChildProcess; rpcUrl: string }> {
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=dir writes a CPU profile of the localnet process there.
      ...(profile && process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      '--import',
      'tsx',
      script,
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited with ${code}`)));
  });
  const ready = JSON.parse(line) as { rpcUrl: string };
  return { child, rpcUrl: ready.rpcUrl };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The "web3.js + node-fetch" configuration (see the header). */
function nodeFetchConnection(rpcUrl: string): Connection {
  return new Connection(rpcUrl, {
    commitment: 'confirmed',
    fetch: web3Require('node-fetch') as typeof fetch,
    httpAgent: new Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
  });
}

/** Sends every transfer with sendRawTransaction (preflight on), CONCURRENCY at a time, then
 * reads their statuses (256 a call, the RPC's maximum, all calls at once) until each is
 * confirmed without error. */
async function sendAndConfirm(connection: Connection, batch: Uint8Array[]): Promise<number> {
  const signatures: string[] = new Array<string>(batch.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < batch.length) {
      const index = next++;
      signatures[index] = await connection.sendRawTransaction(batch[index] as Uint8Array);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const confirming = performance.now();
  const chunks: string[][] = [];
  for (let i = 0; i < signatures.length; i += 256) chunks.push(signatures.slice(i, i + 256));
  let confirmed = 0;
  await Promise.all(
    chunks.map(async (chunk) => {
      const { value } = await connection.getSignatureStatuses(chunk);
      for (const status of value) {
        if (
          status &&
          !status.err &&
          (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')
        ) {
          confirmed += 1;
        }
      }
    }),
  );
  if (confirmed !== batch.length) {
    throw new Error(`only ${confirmed} of ${batch.length} transfers confirmed`);
  }
  return (performance.now() - confirming) / 1000;
}

async function sendBatched(rpcUrl: string, batch: Uint8Array[]): Promise<number> {
  const groups: Uint8Array[][] = [];
  for (let i = 0; i < batch.length; i += BATCH) groups.push(batch.slice(i, i + BATCH));
  let nextGroup = 0;
  let errors = 0;
  async function worker(): Promise<void> {
    while (nextGroup < groups.length) {
      const group = groups[nextGroup++] as Uint8Array[];
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          group.map((raw, id) => ({
            jsonrpc: '2.0',
            id,
            method: 'sendTransaction',
            params: [Buffer.from(raw).toString('base64'), { encoding: 'base64' }],
          })),
        ),
      });
      const answers = (await response.json()) as { result?: string; error?: unknown }[];
      for (const answer of answers) {
        if (answer.error || !answer.result) errors += 1;
        else signatures.push(answer.result);
      }
    }
  }
  const signatures: string[] = [];
  await Promise.all(Array.from({ length: 4 }, worker));
  if (errors > 0) throw new Error(`${errors} batched transfers failed`);
  // sendTransaction answers once a transfer has executed; its capacity counts them on disk too.
  const confirming = performance.now();
  const calls = [];
  for (let i = 0; i < signatures.length; i += 256) {
    calls.push({
      jsonrpc: '2.0',
      id: i,
      method: 'getSignatureStatuses',
      params: [signatures.slice(i, i + 256)],
    });
  }
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls),
  });
  const answers = (await response.json()) as {
    result?: { value: ({ confirmationStatus: string } | null)[] };
  }[];
  const finalized = answers
    .flatMap((answer) => answer.result?.value ?? [])
    .filter((status) => status?.confirmationStatus === 'finalized').length;
  if (finalized !== batch.length) {
    throw new Error(`only ${finalized} of ${batch.length} batched transfers on disk`);
  }
  return (performance.now() - confirming) / 1000;
}

/** A path over RPC: `warmUp` once, then `round(index)` times one round of fresh transfers. */
interface RpcPath {
  warmUp(): Promise<void>;
  round(index: number): Promise<RpcRate>;
}

/**
 * A path that sends fresh transfers with `send`, reading the CPU of this process and of
 * `serverPid` (the first round is profiled with BENCH_CPU_PROF).
 */
function rpcPath(
  name: string,
  serverPid: number,
  fresh: (count: number) => Promise<Uint8Array[]>,
  send: (batch: Uint8Array[]) => Promise<number>,
): RpcPath {
  return {
    async warmUp() {
      await send(await fresh(WARM_UP));
    },
    async round(index) {
      const batch = await fresh(TRANSFERS);
      const meter = cpuMeter(serverPid);
      const started = performance.now();
      const confirmSeconds = await (index === 0 ? profiled(name, () => send(batch)) : send(batch));
      const seconds = (performance.now() - started) / 1000;
      return { rate: batch.length / seconds, seconds, cpu: meter(batch.length), confirmSeconds };
    },
  };
}

interface Running {
  child: ChildProcess;
  cleanUp?: () => Promise<void>;
}

interface RpcPaths {
  nodeFetch: RpcPath;
  defaults: RpcPath;
  batched: RpcPath;
}

/** The localnet as its own process (WAL on disk), its wallets funded: paths (b) and (c). */
async function localnetPaths(running: Running[]): Promise<RpcPaths> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-bench-chain-'));
  const { child, rpcUrl } = await startRpcProcess(
    path.join(root, 'packages/chain/src/localnet-main.ts'),
    { DATA_DIR: dataDir, SOLANA_LOCALNET_PORT: '0' },
    true,
  );
  running.push({ child, cleanUp: () => rm(dataDir, { recursive: true, force: true }) });
  const nodeFetch = nodeFetchConnection(rpcUrl);
  const defaults = new Connection(rpcUrl, 'confirmed');
  const people = wallets();
  for (const signer of [...people.senders, ...people.recipients]) {
    await nodeFetch.requestAirdrop(new PublicKey(signer.address), Number(100n * LAMPORTS_PER_SOL));
  }
  const fresh = async (count: number) =>
    transfers(people, (await nodeFetch.getLatestBlockhash()).blockhash, count);
  const pid = child.pid as number;
  return {
    nodeFetch: rpcPath('node-fetch', pid, fresh, (batch) => sendAndConfirm(nodeFetch, batch)),
    defaults: rpcPath('defaults', pid, fresh, (batch) => sendAndConfirm(defaults, batch)),
    batched: rpcPath('batched', pid, fresh, (batch) => sendBatched(rpcUrl, batch)),
  };
}

/** (d) The web3.js + node-fetch client against a responder that does no chain work
 * (`instant-rpc.ts`, its own process): the most this client sends and confirms on this machine,
 * whatever the server does. The same pre-signed transfers, the same sending and confirming. */
async function ceilingPath(running: Running[]): Promise<RpcPath> {
  const { child, rpcUrl } = await startRpcProcess(
    path.join(root, 'bench/instant-rpc.ts'),
    {},
    false,
  );
  running.push({ child });
  const connection = nodeFetchConnection(rpcUrl);
  const people = wallets();
  const blockhash = bs58.encode(Buffer.alloc(32, 7));
  return rpcPath(
    'ceiling',
    child.pid as number,
    async (count) => transfers(people, blockhash, count),
    (batch) => sendAndConfirm(connection, batch),
  );
}

// ---- report --------------------------------------------------------------------------------------

function line(label: string, result: Rate & { rounds: number[] }): string {
  const rounds = result.rounds.map((rate) => rate.toFixed(0)).join(', ');
  return `${label.padEnd(44)} ${result.rate.toFixed(0).padStart(6)} transfers/s (rounds ${rounds})`;
}

function cpuLine({ cpu, seconds, confirmSeconds }: RpcRate): string {
  const confirming =
    confirmSeconds > 0 ? `; confirming took ${((100 * confirmSeconds) / seconds).toFixed(0)}%` : '';
  return `${''.padEnd(44)} CPU per transfer: client ${cpu.client.toFixed(0)} µs, localnet ${cpu.server.toFixed(0)} µs, other processes ${cpu.other.toFixed(0)} µs${confirming}`;
}

/** A ratio of two paths, round by round (their rounds ran back to back), and its median. */
function ratioOf(numerator: Rate[], denominator: Rate[]): { median: number; rounds: number[] } {
  const rounds = numerator.map((round, i) => round.rate / itemAt(denominator, i).rate);
  return { median: medianBy(rounds, (ratio) => ratio), rounds };
}

function targetLine(name: string, ratio: { median: number; rounds: number[] }, target: number) {
  const met = ratio.rounds.filter((value) => value >= target).length;
  const rounds = ratio.rounds.map((value) => value.toFixed(2)).join(', ');
  return `${name} >= ${target.toFixed(2)}: ${ratio.median.toFixed(2)} (rounds ${rounds}; ${met} of ${ratio.rounds.length} rounds met) ${ratio.median >= target ? 'MET' : 'NOT MET'}`;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

async function main(): Promise<void> {
  console.log(
    `bench:chain — ${ROUNDS} rounds of ${TRANSFERS} SOL transfers (median reported) after ${WARM_UP} to warm up; ${CONCURRENCY} in flight over RPC; the paths' rounds interleaved`,
  );
  console.log(`load average before: ${loadAverage()}`);
  const running: Running[] = [];
  try {
    const direct = liteSvmPath();
    const ceiling = await ceilingPath(running);
    const { nodeFetch, defaults, batched } = await localnetPaths(running);
    direct(WARM_UP);
    // The ceiling first: measured after the localnet paths, in the same process, the same client
    // spent up to a third more CPU per transfer, which would understate it.
    for (const path of [ceiling, nodeFetch, defaults, batched]) await path.warmUp();
    const rounds = {
      direct: [] as DirectRate[],
      ceiling: [] as RpcRate[],
      nodeFetch: [] as RpcRate[],
      defaults: [] as RpcRate[],
      batched: [] as RpcRate[],
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Each target's pair back to back: the ceiling and the localnet path, direct and batched.
      rounds.ceiling.push(await ceiling.round(round));
      rounds.nodeFetch.push(await nodeFetch.round(round));
      rounds.defaults.push(await defaults.round(round));
      rounds.direct.push(direct(TRANSFERS));
      rounds.batched.push(await batched.round(round));
    }
    const lines: [string, RpcRate[]][] = [
      ['web3.js + node-fetch (sent + confirmed)', rounds.nodeFetch],
      ['web3.js defaults (sent + confirmed)', rounds.defaults],
      [`JSON-RPC batches of ${BATCH} (server capacity)`, rounds.batched],
    ];
    console.log(line('LiteSVM direct (in-process)', summarise(rounds.direct)));
    console.log(
      `${''.padEnd(44)} CPU per transfer: ${summarise(rounds.direct).cpu.toFixed(0)} µs (this process)`,
    );
    for (const [label, result] of lines) {
      console.log(line(label, summarise(result)));
      console.log(cpuLine(summarise(result)));
    }
    console.log(line('web3.js + node-fetch, instant responder', summarise(rounds.ceiling)));
    console.log(cpuLine(summarise(rounds.ceiling)).replace('localnet', 'responder'));
    const directRate = summarise(rounds.direct).rate;
    console.log(
      `web3.js over JSON-RPC / LiteSVM direct: node-fetch ${(summarise(rounds.nodeFetch).rate / directRate).toFixed(2)}, ` +
        `defaults ${(summarise(rounds.defaults).rate / directRate).toFixed(2)}; ` +
        `the client's own ceiling / direct: ${(summarise(rounds.ceiling).rate / directRate).toFixed(2)}`,
    );
    console.log(
      targetLine(
        'target 1, the localnet path (web3.js + node-fetch) / the client ceiling',
        ratioOf(rounds.nodeFetch, rounds.ceiling),
        0.8,
      ),
    );
    console.log(
      targetLine(
        'target 2, server capacity (batches of 100) / LiteSVM direct',
        ratioOf(rounds.batched, rounds.direct),
        0.7,
      ),
    );
    // The same comparison by CPU, which other processes' load moves less than rates: LiteSVM's
    // CPU per transfer over the localnet's (all its threads) in the batched rounds.
    const directCpu = medianBy(rounds.direct, (round) => round.cpu).cpu;
    const batchedCpu = medianBy(rounds.batched, (round) => round.cpu.server).cpu.server;
    console.log(
      `  by CPU per transfer (median rounds): LiteSVM direct ${directCpu.toFixed(0)} µs / the localnet batched ${batchedCpu.toFixed(0)} µs = ${(directCpu / batchedCpu).toFixed(2)}`,
    );
  } finally {
    for (const { child, cleanUp } of running.reverse()) {
      await stopProcess(child);
      await cleanUp?.();
    }
  }
  console.log(`load average after: ${loadAverage()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
