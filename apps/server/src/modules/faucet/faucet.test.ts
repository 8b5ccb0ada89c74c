import { AppError } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { createMemoryRateLimiter } from './rate-limiter.ts';
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

describe.each(testDatabaseKinds())('POST /api/faucet on the localnet, on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { FAUCET_LAMPORTS: '2000000000' }, { localnet: true });
  });

  afterAll(async () => {
    await t.close();
  });

  it('airdrops real SOL to the signed-in wallet', async () => {
    const { user, headers } = await createSignedInUser(t.ctx);
    const response = await t.app.inject({ method: 'POST', url: '/api/faucet', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ lamports: '2000000000' });
    expect(await t.ctx.chain.getSolBalance(user.solAddress)).toBe(2_000_000_000n);
  });

  it('answers 401 without a signed-in user, or with a forged token', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/faucet' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const { accessToken } = await createSignedInUser(t.ctx);
    const forged = `${accessToken.slice(0, -4)}AAAA`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/faucet',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 429 with its message once the wallet limit is reached', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const call = () => t.app.inject({ method: 'POST', url: '/api/faucet', headers });
    for (let i = 0; i < t.ctx.config.faucet.walletLimit; i++) {
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
  it("answers 'Faucet disabled in production' to a signed-in user and moves nothing", async () => {
    const t = await createTestApp('pglite', {
      NODE_ENV: 'production',
      APP_ORIGIN: 'https://dum.test',
      SOLANA_RPC_URL: 'http://127.0.0.1:9',
    });
    try {
      const { headers } = await createSignedInUser(t.ctx);
      const response = await t.app.inject({ method: 'POST', url: '/api/faucet', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'faucet_disabled', message: 'Faucet disabled in production' },
      });
    } finally {
      await t.close();
    }
  });
});
