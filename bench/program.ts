/**
 * `npm run bench:program`: the vault program's cost and throughput.
 *   (1) compute units of each instruction (the program's own units, from the runtime's log), over
 *       several runs with fresh keys, since the bump search for a new address varies;
 *   (2) the program's size (the committed .so, its code and read-only data);
 *   (3) escrow joins per second end to end: pre-signed join_vault transactions from distinct
 *       participants (each creates its deposit account) sent to the localnet running as its own
 *       process (write-ahead log fdatasync'd before each answer) by a @solana/web3.js client,
 *       until every one is confirmed; and the same joins in LiteSVM directly, in this process.
 * Target: every instruction under 20,000 compute units.
 *
 * Options (environment): BENCH_JOINS (default 2000), BENCH_CONCURRENCY (default 64),
 * BENCH_CU_RUNS (default 20).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  addMediaRefInstruction,
  claimVaultInstruction,
  createVaultInstruction,
  earlyWithdrawInstruction,
  findDepositAddress,
  findVaultAddress,
  joinVaultInstruction,
  MAX_DEPOSITS_PER_CLAIM,
  withdrawWithRewardsInstructions,
} from '@dum/chain/vault-program';
import {
  confirmSignature,
  readVaultProgram,
  toWeb3Instruction,
  VaultTestbed,
  type SendResult,
} from '@dum/chain/vault-program/node';
import type { Instruction } from '@solana/kit';
import { Connection, Keypair, Transaction } from '@solana/web3.js';

const JOINS = Number(process.env.BENCH_JOINS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const CU_RUNS = Number(process.env.BENCH_CU_RUNS ?? 20);
const TARGET_UNITS = 20_000n;
const DAY = 86_400n;

const root = fileURLToPath(new URL('..', import.meta.url));

function units(result: SendResult, name: string): bigint {
  if (!result.ok)
    throw new Error(`${name} failed: ${JSON.stringify(result.err)}\n${result.logs.join('\n')}`);
  const own = result.programUnits;
  if (own.length === 0) throw new Error(`${name}: no units logged`);
  return own.reduce((a, b) => (a > b ? a : b));
}

/** One signed join_vault per participant, each for a different amount (0.01 SOL plus its index). */
async function signedJoins(
  participants: Keypair[],
  vault: string,
  blockhash: string,
): Promise<Uint8Array[]> {
  return Promise.all(
    participants.map(async (p, i) =>
      sign(
        [
          await joinVaultInstruction({
            participant: p.publicKey.toBase58(),
            vault,
            lamports: 10_000_000n + BigInt(i),
          }),
        ],
        p,
        blockhash,
      ),
    ),
  );
}

// Long: one scripted sequence of every instruction, measured in the order a vault lives.
async function measureComputeUnits(): Promise<Map<string, bigint[]>> {
  const samples = new Map<string, bigint[]>();
  const record = (name: string, value: bigint) => {
    const list = samples.get(name) ?? [];
    list.push(value);
    samples.set(name, list);
  };
  for (let run = 0; run < CU_RUNS; run++) {
    const bed = new VaultTestbed();
    record('initialize_config', units(await bed.initializeConfig(), 'initialize_config'));
    const creator = bed.newFundedKeypair(100_000_000_000n);
    const key = (k: Keypair) => k.publicKey.toBase58();
    const participants = Array.from({ length: 22 }, () => bed.newFundedKeypair(100_000_000_000n));
    const send = (ixs: Instruction[], signer: Keypair) => bed.send(ixs, [signer]);

    // A vault that reaches its target (claim path) and one that does not (refund path).
    const postId = BigInt(run);
    const create = await createVaultInstruction({ creator: key(creator), postId, durationDays: 7 });
    record('create_vault', units(send([create], creator), 'create_vault'));
    const vault = (await findVaultAddress(postId, key(creator))).address;
    const missed = await createVaultInstruction({
      creator: key(creator),
      postId: postId + 1000n,
      multiplier: 10,
      durationDays: 7,
    });
    units(send([missed], creator), 'create_vault');
    const missedVault = (await findVaultAddress(postId + 1000n, key(creator))).address;

    for (const [i, p] of participants.entries()) {
      const join = await joinVaultInstruction({
        participant: key(p),
        vault,
        lamports: 100_000_000n,
      });
      record('join_vault (first, creates the deposit)', units(send([join], p), 'join'));
      if (i === 0) {
        const again = await joinVaultInstruction({ participant: key(p), vault, lamports: 1_000n });
        bed.advance(3600n);
        record('join_vault (again)', units(send([again], p), 'join again'));
      }
    }
    const leaver = participants[21] as Keypair;
    const early = await earlyWithdrawInstruction({
      participant: key(leaver),
      vault,
      treasury: key(bed.treasury),
    });
    record('early_withdraw', units(send([early], leaver), 'early_withdraw'));
    const refunded = participants[0] as Keypair;
    const joinMissed = await joinVaultInstruction({
      participant: key(refunded),
      vault: missedVault,
      lamports: 100_000_000n,
    });
    units(send([joinMissed], refunded), 'join');
    const media = await addMediaRefInstruction({
      creator: key(creator),
      vault,
      mediaType: 'image',
      contentHash: Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + run) & 0xff),
      size: 1_048_576n,
      ipfsHash: 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      arweaveId: 'bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U',
      metadata: 'm'.repeat(256),
    });
    record('add_media_ref (full metadata)', units(send([media], creator), 'add_media_ref'));

    bed.advance(7n * DAY);
    const withdraw = await withdrawWithRewardsInstructions({ participant: key(refunded), vault });
    record(
      'withdraw_with_rewards (target reached: DUM only)',
      units(send(withdraw, refunded), 'withdraw'),
    );
    const refund = await withdrawWithRewardsInstructions({
      participant: key(refunded),
      vault: missedVault,
    });
    record('withdraw_with_rewards (missed: DUM + refund)', units(send(refund, refunded), 'refund'));
    const deposits = await Promise.all(
      participants.slice(0, 21).map(async (p) => (await findDepositAddress(vault, key(p))).address),
    );
    const claimOne = claimVaultInstruction({
      creator: key(creator),
      vault,
      deposits: deposits.slice(0, 1),
    });
    record('claim_vault (1 deposit)', units(send([claimOne], creator), 'claim 1'));
    const claimMany = claimVaultInstruction({
      creator: key(creator),
      vault,
      deposits: deposits.slice(1),
    });
    record(
      `claim_vault (${MAX_DEPOSITS_PER_CLAIM} deposits)`,
      units(send([claimMany], creator), 'claim many'),
    );
  }
  return samples;
}

async function startLocalnetProcess(dataDir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/chain/src/localnet-main.ts')],
    {
      env: { ...process.env, DATA_DIR: dataDir, SOLANA_LOCALNET_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`localnet exited with ${code}`)));
  });
  return { child, rpcUrl: (JSON.parse(line) as { rpcUrl: string }).rpcUrl };
}

function sign(instructions: Instruction[], signer: Keypair, blockhash: string): Uint8Array {
  const tx = new Transaction({ feePayer: signer.publicKey, blockhash, lastValidBlockHeight: 0 });
  for (const ix of instructions) tx.add(toWeb3Instruction(ix));
  tx.sign(signer);
  return new Uint8Array(tx.serialize());
}

async function benchJoinsOverRpc(): Promise<{ rate: number; seconds: number }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-bench-program-'));
  const { child, rpcUrl } = await startLocalnetProcess(dataDir);
  try {
    const connection = new Connection(rpcUrl, 'confirmed');
    const creator = Keypair.generate();
    const participants = Array.from({ length: JOINS }, () => Keypair.generate());
    // Fund everyone (airdrops are transactions too), 64 at a time.
    const everyone = [creator, ...participants];
    for (let i = 0; i < everyone.length; i += 64) {
      const signatures = await Promise.all(
        everyone.slice(i, i + 64).map((k) => connection.requestAirdrop(k.publicKey, 1_000_000_000)),
      );
      const { lastValidBlockHeight } = await connection.getLatestBlockhash();
      await Promise.all(
        signatures.map((s) => confirmSignature(connection, s, lastValidBlockHeight, 50)),
      );
    }
    const create = await createVaultInstruction({
      creator: creator.publicKey.toBase58(),
      postId: 1n,
      multiplier: 10,
      durationDays: 30,
    });
    const latest = await connection.getLatestBlockhash();
    const created = await connection.sendRawTransaction(sign([create], creator, latest.blockhash));
    await confirmSignature(connection, created, latest.lastValidBlockHeight, 50);
    const vault = (await findVaultAddress(1n, creator.publicKey.toBase58())).address;

    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const transactions = await signedJoins(participants, vault, blockhash);

    const started = performance.now();
    const signatures = new Array<string>(transactions.length);
    let next = 0;
    async function worker(): Promise<void> {
      while (next < transactions.length) {
        const index = next++;
        signatures[index] = await connection.sendRawTransaction(transactions[index] as Uint8Array);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    let confirmed = 0;
    for (let i = 0; i < signatures.length; i += 256) {
      const { value } = await connection.getSignatureStatuses(signatures.slice(i, i + 256));
      confirmed += value.filter(
        (s) =>
          s &&
          !s.err &&
          (s.confirmationStatus === 'confirmed' || s.confirmationStatus === 'finalized'),
      ).length;
    }
    const seconds = (performance.now() - started) / 1000;
    if (confirmed !== transactions.length) {
      throw new Error(`only ${confirmed} of ${transactions.length} joins confirmed`);
    }
    if ((await connection.getBlockHeight()) > lastValidBlockHeight) {
      throw new Error('the joins outlived their blockhash');
    }
    return { rate: transactions.length / seconds, seconds };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchJoinsDirect(): Promise<{ rate: number; seconds: number }> {
  const bed = new VaultTestbed();
  await bed.initializeConfig();
  const creator = bed.newFundedKeypair();
  const create = await createVaultInstruction({
    creator: creator.publicKey.toBase58(),
    postId: 1n,
    multiplier: 10,
    durationDays: 30,
  });
  bed.send([create], [creator]);
  const vault = (await findVaultAddress(1n, creator.publicKey.toBase58())).address;
  const participants = Array.from({ length: JOINS }, () => bed.newFundedKeypair(1_000_000_000n));
  const blockhash = bed.svm.latestBlockhash();
  const transactions = await signedJoins(participants, vault, blockhash);
  const started = performance.now();
  for (const raw of transactions) {
    const result = bed.svm.sendLegacyTransaction(raw);
    if ('err' in result) throw new Error('a direct join failed');
  }
  const seconds = (performance.now() - started) / 1000;
  return { rate: transactions.length / seconds, seconds };
}

function summary(values: bigint[]): { min: bigint; median: bigint; max: bigint } {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    min: sorted[0] ?? 0n,
    median: sorted[Math.floor(sorted.length / 2)] ?? 0n,
    max: sorted.at(-1) ?? 0n,
  };
}

async function main(): Promise<void> {
  const elf = readVaultProgram();
  console.log(`bench:program — dum_vault.so ${elf.length} bytes`);

  console.log(`\nCompute units (the program's own, ${CU_RUNS} runs with fresh keys)`);
  const samples = await measureComputeUnits();
  let worst = 0n;
  for (const [name, values] of samples) {
    const { min, median, max } = summary(values);
    if (max > worst) worst = max;
    console.log(`  ${name.padEnd(50)} min ${min}  median ${median}  max ${max}`);
  }
  console.log(
    `  worst ${worst} (target < ${TARGET_UNITS}) ${worst < TARGET_UNITS ? 'OK' : 'ABOVE TARGET'}`,
  );

  console.log(`\nEscrow joins (${JOINS} participants, each a first join)`);
  const direct = await benchJoinsDirect();
  console.log(
    `  LiteSVM direct (in-process):          ${direct.rate.toFixed(0)} joins/s (${direct.seconds.toFixed(2)} s)`,
  );
  const rpc = await benchJoinsOverRpc();
  console.log(
    `  localnet JSON-RPC (web3.js, ${CONCURRENCY} in flight, sent + confirmed): ${rpc.rate.toFixed(0)} joins/s (${rpc.seconds.toFixed(2)} s)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
