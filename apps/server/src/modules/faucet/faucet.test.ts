import { AppError } from '@dum/core';
import { Keypair } from '@solana/web3.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../http/errors.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createMemoryRateLimiter } from './rate-limiter.ts';
import { faucetRoutes } from './routes.ts';
import { requestFaucet, type FaucetSettings } from './service.ts';

const settings: FaucetSettings = {
  env: 'development',
  lamports: 1_000_000_000n,
  walletLimit: 2,
  ipLimit: 3,
  windowMs: 60_000,
};

function fakeChain(cluster: 'localnet' | 'devnet' = 'localnet') {
  const calls: { wallet: string; lamports: bigint }[] = [];
  return {
    calls,
    chain: {
      cluster,
      async requestAirdrop(wallet: string, lamports: bigint) {
        calls.push({ wallet, lamports });
        return `sig-${calls.length}`;
      },
    },
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : String(error);
}

describe('requestFaucet', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('sends the configured amount to the wallet', async () => {
    const { chain, calls } = fakeChain();
    const result = await requestFaucet(
      { chain, limiter: createMemoryRateLimiter(), settings, now },
      { wallet: 'W1', ip: '1.1.1.1' },
    );
    expect(result).toEqual({ signature: 'sig-1', lamports: '1000000000' });
    expect(calls).toEqual([{ wallet: 'W1', lamports: 1_000_000_000n }]);
  });

  it('is disabled in production and on other clusters, moving nothing', async () => {
    const { chain, calls } = fakeChain();
    const limiter = createMemoryRateLimiter();
    expect(
      await codeOf(
        requestFaucet(
          { chain, limiter, settings: { ...settings, env: 'production' }, now },
          { wallet: 'W1', ip: 'ip' },
        ),
      ),
    ).toBe('faucet_disabled');
    const devnet = fakeChain('devnet');
    expect(
      await codeOf(
        requestFaucet({ chain: devnet.chain, limiter, settings, now }, { wallet: 'W1', ip: 'ip' }),
      ),
    ).toBe('faucet_disabled');
    expect(calls).toHaveLength(0);
    expect(devnet.calls).toHaveLength(0);
  });

  it('limits per wallet and per IP within a window', async () => {
    const { chain } = fakeChain();
    const limiter = createMemoryRateLimiter();
    const call = (wallet: string, ip: string, at = now) =>
      requestFaucet({ chain, limiter, settings, now: at }, { wallet, ip });
    await call('A', 'ip1');
    await call('A', 'ip1');
    expect(await codeOf(call('A', 'ip2'))).toBe('faucet_rate_limited');
    await call('B', 'ip1');
    expect(await codeOf(call('C', 'ip1'))).toBe('faucet_rate_limited');
    // A new window starts afresh.
    await call('A', 'ip1', new Date(now.getTime() + 60_000));
  });
});

describe('POST /api/faucet on the localnet', () => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    testApp = await createTestApp('pglite', { FAUCET_LAMPORTS: '2000000000' }, { localnet: true });
    // Until the auth module lands, the signed-in wallet comes from a test header.
    app = Fastify();
    registerErrorHandling(app);
    faucetRoutes(app, testApp.ctx, {
      authenticate: async (request) => {
        const wallet = request.headers['x-test-wallet'];
        return typeof wallet === 'string' ? { wallet } : null;
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await testApp.close();
  });

  it('airdrops real SOL to the signed-in wallet', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const response = await app.inject({
      method: 'POST',
      url: '/api/faucet',
      headers: { 'x-test-wallet': wallet },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ lamports: '2000000000' });
    expect(await testApp.ctx.chain.getSolBalance(wallet)).toBe(2_000_000_000n);
  });

  it('answers 401 without a signed-in user', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/faucet' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    // The app's own registration (no auth module yet) also refuses anonymous calls.
    const viaApp = await testApp.app.inject({ method: 'POST', url: '/api/faucet' });
    expect(viaApp.statusCode).toBe(401);
  });

  it('answers 429 with the spec message once the wallet limit is reached', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const call = () =>
      app.inject({ method: 'POST', url: '/api/faucet', headers: { 'x-test-wallet': wallet } });
    for (let i = 0; i < testApp.ctx.config.faucet.walletLimit; i++) {
      expect((await call()).statusCode).toBe(200);
    }
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: {
        code: 'faucet_rate_limited',
        message: 'Faucet rate limit reached. Please try again later.',
      },
    });
  });
});

describe('POST /api/faucet in production', () => {
  it("answers 'Faucet disabled in production' and moves nothing", async () => {
    const testApp = await createTestApp('pglite', {
      NODE_ENV: 'production',
      SOLANA_RPC_URL: 'https://api.devnet.solana.com',
    });
    const app = Fastify();
    registerErrorHandling(app);
    const { chain, calls } = fakeChain('devnet');
    faucetRoutes(
      app,
      { ...testApp.ctx, chain: { ...testApp.ctx.chain, ...chain } },
      {
        authenticate: async () => ({ wallet: Keypair.generate().publicKey.toBase58() }),
      },
    );
    const response = await app.inject({ method: 'POST', url: '/api/faucet' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'faucet_disabled', message: 'Faucet disabled in production' },
    });
    expect(calls).toHaveLength(0);
    await app.close();
    await testApp.close();
  });
});
