import { connect } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigner } from '../keys.ts';
import { LocalChain } from './local-chain.ts';
import type { Localnet } from './localnet.ts';
import { createRpcHandler } from './rpc-methods.ts';
import { DEFAULT_AIRDROP_LIMIT } from './rpc-methods/airdrop.ts';
import { startTestLocalnet, type TestLocalnet } from './test-kit.ts';

const SOL = 1_000_000_000n;

async function balanceOf(rpc: ReturnType<typeof createRpcHandler>, who: string): Promise<bigint> {
  const answer = (await rpc.call('getBalance', [who])) as { value: number };
  return BigInt(answer.value);
}

describe('requestAirdrop limit (finding 10: unlimited airdrops)', () => {
  let chain: LocalChain;
  let now = 1_000_000;
  let rpc: ReturnType<typeof createRpcHandler>;
  beforeAll(() => {
    chain = LocalChain.open({ dataDir: null });
    rpc = createRpcHandler(chain, {
      airdropLimit: { lamports: 3n * SOL, windowMs: 3_600_000 },
      now: () => now,
    });
  });
  afterAll(async () => {
    await chain.close();
  });

  it('gives one address at most the limit per window, then refuses and moves nothing', async () => {
    const drainer = generateSigner().address;
    await rpc.call('requestAirdrop', [drainer, Number(2n * SOL)]);
    await rpc.call('requestAirdrop', [drainer, Number(SOL)]);
    // A script asking again and again gets nothing more.
    for (let i = 0; i < 5; i++) {
      await expect(rpc.call('requestAirdrop', [drainer, 1])).rejects.toThrow(/rate limit/);
    }
    expect(await balanceOf(rpc, drainer)).toBe(3n * SOL);
    // One request above the whole limit is refused too.
    const greedy = generateSigner().address;
    await expect(rpc.call('requestAirdrop', [greedy, Number(4n * SOL)])).rejects.toThrow(
      /rate limit/,
    );
    expect(await balanceOf(rpc, greedy)).toBe(0n);
    // Another address is not affected, and the next window gives again.
    await rpc.call('requestAirdrop', [generateSigner().address, Number(SOL)]);
    now += 3_600_000;
    await rpc.call('requestAirdrop', [drainer, Number(SOL)]);
    expect(await balanceOf(rpc, drainer)).toBe(4n * SOL);
  });

  it('answers a limited airdrop over JSON-RPC as an error, not a crash', async () => {
    const drainer = generateSigner().address;
    await rpc.call('requestAirdrop', [drainer, Number(3n * SOL)]);
    const answer = JSON.parse(
      (await rpc.handleText(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'requestAirdrop',
          params: [drainer, 1],
        }),
      )) ?? '',
    ) as { error: { code: number; message: string } };
    expect(answer.error.code).toBe(-32603);
    expect(answer.error.message).toContain('rate limit');
  });

  it('defaults to 100 SOL per address per hour', async () => {
    const standard = createRpcHandler(chain);
    expect(DEFAULT_AIRDROP_LIMIT).toEqual({ lamports: 100n * SOL, windowMs: 3_600_000 });
    const drainer = generateSigner().address;
    await standard.call('requestAirdrop', [drainer, Number(100n * SOL)]);
    await expect(standard.call('requestAirdrop', [drainer, 1])).rejects.toThrow(/rate limit/);
  });
});

describe('the localnet listens on loopback by default (finding 10)', () => {
  let testnet: TestLocalnet;
  let localnet: Localnet;
  beforeAll(async () => {
    testnet = await startTestLocalnet('dum-localnet-bind-');
    localnet = testnet.localnet;
  });
  afterAll(async () => {
    await testnet.close();
  });

  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;

  it.runIf(external)("cannot be reached on the machine's network address", async () => {
    const port = Number(new URL(localnet.rpcUrl).port);
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect({ host: external, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(outcome).toBe('ECONNREFUSED');
  });

  it('is reachable on 127.0.0.1', async () => {
    const response = await fetch(localnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
    });
    expect(((await response.json()) as { result: string }).result).toBe('ok');
  });
});
