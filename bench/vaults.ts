/**
 * `npm run bench:vaults`: verified vault supports per second, end to end, by concurrent
 * supporters on one vault, beside the localnet's raw transfer rate measured the same way in the
 * same run, and the payment intents of the vault's Solana Action created and resolved per second.
 * Target: supports at least half of the raw rate.
 *
 * The production server runs as its own process (apps/server/src/main.ts, bundled as `npm run
 * build` does: Fastify, the embedded localnet with its fdatasync'd log, PGlite by default or
 * PostgreSQL). Each supporter is a real wallet, signed in through challenge and verify. Per
 * support the client does what the browser does:
 *   1. sendTransaction: a System transfer supporter → creator (signed up front: client work),
 *   2. getSignatureStatuses until it is confirmed,
 *   3. POST /api/vaults/{id}/support {transactionSignature, amount}; the server reads the
 *      transaction from the cluster (getTransaction), checks sender, recipient and amount, and
 *      records the support with its rewarded event in one database transaction, all supports
 *      taking turns on the one vault's row lock.
 * The raw phase does 1 and 2 only, with the same client, concurrency and transfer shape.
 * The intents phase is a blink client's path with the same wallets and concurrency: POST
 * /api/actions/vaults/{id}?amount= {account} (the server makes a payment intent with a fresh
 * reference and answers the unsigned transfer carrying it), the wallet signs that transaction,
 * sends it and waits for its confirmation as in 1 and 2, then POSTs the action's callback
 * (links.next, with the reference) {account, signature}, which verifies the transfer for that
 * intent and records the support. Meanwhile the server's payment watcher looks for open intents'
 * payments on the cluster, as it always does.
 * Afterwards the vault's total must equal what the creator's wallet received on chain, and the
 * support count must equal the number of transfers (each intent's payment recorded once).
 *
 * Environment: BENCH_SUPPORTS (default 3000; as many intents), BENCH_CONCURRENCY (default 64 supporters, each
 * one request chain at a time), BENCH_DATABASE_URL (PostgreSQL admin URL; a throwaway database
 * is created and dropped; default: PGlite, as `npm start`).
 */
import { buildTransferTransaction, generateSigner, type Signer } from '@dum/chain';
import { freePortRange } from '../e2e/support/ports-test-kit.ts';
import {
  startServer,
  UNLIMITED_WRITES,
  type RunningServer,
} from '../e2e/support/server-test-kit.ts';
import { api, rpc, signIn, signWireTransaction, waitConfirmed } from './api-client.ts';
import { cpuProfileArgs, itemAt, percentile, processCpuMs } from './measure.ts';
import { createThrowawayDatabase } from '../apps/server/src/test/migrated-postgres.ts';

const SUPPORTS = Number(process.env.BENCH_SUPPORTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const LAMPORTS_PER_SOL = 1_000_000_000n;
/** 0.01 SOL, the minimum support, plus the transfer's index so every amount differs. */
const BASE_AMOUNT = 10_000_000n;

function formatLamportsAsSol(lamports: bigint): string {
  const whole = lamports / LAMPORTS_PER_SOL;
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

interface Phase {
  count: number;
  rate: number;
  seconds: number;
  p50: number;
  p99: number;
  serverCpuMs: number;
}

/** Runs `count` jobs on `concurrency` workers; per-job latency and the server's CPU time. */
async function runPhase(
  server: RunningServer,
  count: number,
  concurrency: number,
  job: (index: number, worker: number) => Promise<void>,
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
        const t0 = performance.now();
        await job(index, worker);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count,
    rate: count / seconds,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverCpuMs: processCpuMs(server.pid) - cpuBefore,
  };
}

/** What a refused call answered: status and error code (API) or message (Actions). */
function refusal(what: string, res: { status: number; json: unknown }): string {
  const body = res.json as { error?: { code?: string }; message?: string };
  return `${what} ${res.status} ${body.error?.code ?? body.message ?? ''}`;
}

/**
 * The intents phase: per item, a blink client's path on the vault's action with the item's
 * wallet (see the top of this file). Answers the phase and what the server refused.
 */
async function runIntentsPhase(input: {
  server: RunningServer;
  vaultId: string;
  wallets: readonly Signer[];
  items: readonly { worker: number; lamports: bigint }[];
  send: (raw: string) => Promise<string>;
}): Promise<{ phase: Phase; refused: string[] }> {
  const { server, vaultId } = input;
  const refused: string[] = [];
  const phase = await runPhase(server, input.items.length, CONCURRENCY, async (index) => {
    const item = itemAt(input.items, index);
    const wallet = itemAt(input.wallets, item.worker);
    const amount = formatLamportsAsSol(item.lamports);
    const posted = await api(server.url, `/api/actions/vaults/${vaultId}?amount=${amount}`, {
      account: wallet.address,
    });
    if (posted.status !== 200) {
      refused.push(refusal('action POST', posted));
      return;
    }
    const answer = posted.json as { transaction: string; links?: { next?: { href?: string } } };
    const next = answer.links?.next?.href;
    if (!next) throw new Error('the action answered no callback');
    const signature = await input.send(signWireTransaction(wallet, answer.transaction));
    // links.next names the app's public origin; the bench reaches the same server directly.
    const callback = new URL(next);
    const done = await api(server.url, callback.pathname + callback.search, {
      account: wallet.address,
      signature,
    });
    if (done.status !== 200) refused.push(refusal('callback', done));
  });
  return { phase, refused };
}

// Long: the benchmark's script, its phases in the order they run and print.
async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database = adminUrl ? await createThrowawayDatabase(adminUrl, 'dum_bench_vaults') : null;
  const localnetPort = await freePortRange(2);
  const server = await startServer({
    nodeArgs: cpuProfileArgs(),
    env: {
      SOLANA_LOCALNET_PORT: String(localnetPort),
      DAILY_REWARD_CAP: String(SUPPORTS * 2),
      AUTH_RATE_IP_LIMIT: '100000',
      AUTH_RATE_ADDRESS_LIMIT: '100000',
      ...UNLIMITED_WRITES,
      // Each supporter is funded with 1000 SOL.
      SOLANA_LOCALNET_AIRDROP_LAMPORTS: String(1001n * LAMPORTS_PER_SOL),
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
  });
  const rpcUrl = `http://127.0.0.1:${localnetPort}`;
  console.log(
    `bench:vaults — ${SUPPORTS} supports by ${CONCURRENCY} concurrent supporters on one vault, ${database ? 'PostgreSQL' : 'PGlite'}`,
  );
  try {
    // The creator posts a vault that the bench cannot fill (no unlock midway).
    const creator = generateSigner();
    const creatorToken = await signIn(server.url, creator);
    const post = await api(
      server.url,
      '/api/messages-v2/messages',
      { kind: 'vault', body: 'bench vault', targetAmount: '1000000' },
      creatorToken,
    );
    if (post.status !== 201) throw new Error(`vault post failed: ${post.status}`);
    const vaultId = (post.json as { vault: { id: string } }).vault.id;

    // Supporters: funded by airdrop, signed in for real.
    const supporters = Array.from({ length: CONCURRENCY }, () => generateSigner());
    const tokens: string[] = [];
    for (const supporter of supporters) {
      await rpc(rpcUrl, 'requestAirdrop', [supporter.address, Number(1000n * LAMPORTS_PER_SOL)]);
      tokens.push(await signIn(server.url, supporter));
    }
    const sink = generateSigner();
    await rpc(rpcUrl, 'requestAirdrop', [sink.address, Number(LAMPORTS_PER_SOL)]);

    // Signed up front with one recent blockhash (valid 150 slots, about 60 s).
    const plan = (count: number, to: string) =>
      Array.from({ length: count }, (_, i) => ({
        worker: i % CONCURRENCY,
        lamports: BASE_AMOUNT + BigInt(i),
        to,
      }));
    // Signed when sent, with a recent blockhash fetched at most every 10 s (one is valid for 150
    // slots, about 60 s): signing is the same client work in both phases.
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
    const signTransfer = async (item: ReturnType<typeof plan>[number]) =>
      Buffer.from(
        buildTransferTransaction(
          supporters[item.worker] as Signer,
          item.to,
          item.lamports,
          await blockhash(),
        ),
      ).toString('base64');
    const send = async (raw: string) => {
      const signature = await rpc<string>(rpcUrl, 'sendTransaction', [
        raw,
        { encoding: 'base64', preflightCommitment: 'confirmed' },
      ]);
      await waitConfirmed(rpcUrl, signature);
      return signature;
    };

    const line = (name: string, phase: Phase) =>
      `${name} ${phase.rate.toFixed(0)}/s (${phase.seconds.toFixed(2)} s, p50 ${phase.p50.toFixed(1)} ms, p99 ${phase.p99.toFixed(1)} ms, server CPU ${(phase.serverCpuMs / phase.count).toFixed(2)} ms each)`;

    // Warm-up: a few of each, untimed.
    const warm = plan(CONCURRENCY, creator.address).map((item, i) => ({
      ...item,
      lamports: BASE_AMOUNT + 10_000_000n + BigInt(i),
    }));
    let warmedTotal = 0n;
    await Promise.all(
      warm.map(async (item) => {
        const signature = await send(await signTransfer(item));
        const res = await api(
          server.url,
          `/api/vaults/${vaultId}/support`,
          { transactionSignature: signature, amount: formatLamportsAsSol(item.lamports) },
          tokens[item.worker],
        );
        if (res.status !== 200) throw new Error(`warm-up support failed: ${res.status}`);
        warmedTotal += item.lamports;
      }),
    );

    // Raw: transfers sent and confirmed, nothing else (to a wallet that is not the creator).
    const rawItems = plan(SUPPORTS, sink.address);
    const raw = await runPhase(server, SUPPORTS, CONCURRENCY, async (index) => {
      await send(await signTransfer(itemAt(rawItems, index)));
    });
    console.log(line('raw transfers (sent + confirmed):          ', raw));

    // Supports: the same, then the support call.
    const items = plan(SUPPORTS, creator.address);
    const refused: string[] = [];
    const supportsPhase = await runPhase(server, SUPPORTS, CONCURRENCY, async (index) => {
      const item = itemAt(items, index);
      const signature = await send(await signTransfer(item));
      const res = await api(
        server.url,
        `/api/vaults/${vaultId}/support`,
        { transactionSignature: signature, amount: formatLamportsAsSol(item.lamports) },
        tokens[item.worker],
      );
      if (res.status !== 200) refused.push(refusal('support', res));
    });
    if (refused.length > 0) throw new Error(`${refused.length} supports refused: ${refused[0]}`);
    console.log(line('verified supports (transfer + support call):', supportsPhase));
    const ratio = supportsPhase.rate / raw.rate;
    console.log(
      `ratio supports / raw transfers: ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
    );

    // Intents: the blink path, same wallets and concurrency, amounts as the supports phase's.
    const intentItems = plan(SUPPORTS, creator.address);
    const intents = await runIntentsPhase({
      server,
      vaultId,
      wallets: supporters,
      items: intentItems,
      send,
    });
    if (intents.refused.length > 0) {
      throw new Error(`${intents.refused.length} intents refused: ${intents.refused[0]}`);
    }
    console.log(line('intents (action POST + transfer + callback):', intents.phase));

    // The vault's total against the chain: the creator's wallet holds exactly what was credited.
    const detail = (await (await fetch(`${server.url}/api/vaults/${vaultId}`)).json()) as {
      currentAmount: string;
      supporterCount: number;
    };
    const { value: creatorBalance } = await rpc<{ value: number }>(rpcUrl, 'getBalance', [
      creator.address,
      { commitment: 'confirmed' },
    ]);
    const expected =
      warmedTotal + [...items, ...intentItems].reduce((sum, item) => sum + item.lamports, 0n);
    const board = (await (
      await fetch(`${server.url}/api/vaults/${vaultId}/leaderboard`)
    ).json()) as { supports: number }[];
    const supportCount = board.reduce((sum, entry) => sum + entry.supports, 0);
    const totalOk =
      BigInt(detail.currentAmount) === expected && BigInt(creatorBalance) === expected;
    const transfers = warm.length + items.length + intentItems.length;
    const countOk = supportCount === transfers;
    console.log(
      `final total ${detail.currentAmount} lamports, creator's balance on chain ${creatorBalance}, expected ${expected}: ${totalOk ? 'OK' : 'MISMATCH'}; ${supportCount} supports recorded for ${transfers} transfers (${intentItems.length} of them intents): ${countOk ? 'OK' : 'MISMATCH'}; supporters ${detail.supporterCount}`,
    );
    if (!totalOk || !countOk) process.exitCode = 1;
  } finally {
    await server.stop();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
