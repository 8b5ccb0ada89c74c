import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no configuration on the embedded defaults', () => {
    const config = loadConfig({}, '/srv/dum');
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      appOrigin: 'http://localhost:3000',
      dataDir: '/srv/dum/.data',
      database: { kind: 'pglite', dataDir: path.join('/srv/dum/.data', 'pglite') },
      redisUrl: undefined,
      redisPrefix: 'dum',
      solana: { cluster: 'localnet', rpcUrl: undefined, localnetPort: 8899 },
    });
  });

  it('uses PostgreSQL, Redis and a remote cluster when configured', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://dum@db:5432/dum',
      REDIS_URL: 'redis://cache:6379',
      SOLANA_RPC_URL: 'https://api.devnet.solana.com',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://dum@db:5432/dum' });
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.solana.cluster).toBe('devnet');
  });

  it("accepts PostgreSQL's Unix socket as the host (a server next to its database)", () => {
    const url = 'postgres://dum@%2Fvar%2Frun%2Fpostgresql/dum';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
  });

  it('namespaces Redis per deployment, with a safe prefix only', () => {
    expect(loadConfig({ REDIS_PREFIX: 'dum-staging' }).redisPrefix).toBe('dum-staging');
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_PREFIX: '' })).toThrow(ConfigError);
  });

  it('reads the sign-in settings, a challenge living at most 10 minutes', () => {
    expect(loadConfig({}).auth).toMatchObject({
      accessTokenTtlSeconds: 900,
      refreshTokenTtlMs: 30 * 86_400_000,
      challengeTtlMs: 300_000,
      rateLimit: { windowMs: 60_000, perIp: 300, perAddress: 30 },
    });
    const raised = loadConfig({
      AUTH_CHALLENGE_TTL_SECONDS: '600',
      AUTH_RATE_IP_LIMIT: '1000000000',
      AUTH_RATE_ADDRESS_LIMIT: '5',
      AUTH_RATE_WINDOW_SECONDS: '10',
    }).auth;
    expect(raised).toMatchObject({
      challengeTtlMs: 600_000,
      rateLimit: { windowMs: 10_000, perIp: 1_000_000_000, perAddress: 5 },
    });
    for (const env of [
      { AUTH_CHALLENGE_TTL_SECONDS: '601' },
      { AUTH_RATE_IP_LIMIT: '0' },
      { AUTH_RATE_ADDRESS_LIMIT: 'many' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });

  it('makes earning strict in production and open on the embedded default (decision 013)', () => {
    const production = { NODE_ENV: 'production', APP_ORIGIN: 'https://dum.example' };
    expect(loadConfig(production).economy.established).toMatchObject({
      minAgeMs: 3_600_000,
      requirePost: true,
      requireVouch: true,
    });
    expect(loadConfig({}).economy.established).toMatchObject({
      minAgeMs: 0,
      requirePost: false,
      requireVouch: false,
    });
    expect(
      loadConfig({ ESTABLISHED_MIN_AGE_MINUTES: '5', ESTABLISHED_REQUIRE_VOUCH: 'true' }).economy
        .established,
    ).toMatchObject({ minAgeMs: 300_000, requirePost: false, requireVouch: true });
  });

  it('reads the vault program and the escrow indexer interval', () => {
    expect(loadConfig({}).vaults).toMatchObject({
      programId: 'DumVau1t11111111111111111111111111111111111',
      escrowIndexIntervalMs: 15_000,
    });
    expect(
      loadConfig({
        VAULT_PROGRAM_ID: '11111111111111111111111111111111',
        ESCROW_INDEX_INTERVAL_MS: '2000',
      }).vaults,
    ).toMatchObject({ programId: '11111111111111111111111111111111', escrowIndexIntervalMs: 2000 });
    expect(() => loadConfig({ VAULT_PROGRAM_ID: 'not-an-address' })).toThrow(
      'VAULT_PROGRAM_ID: must be a base-58 program address',
    );
    expect(() => loadConfig({ ESCROW_INDEX_INTERVAL_MS: '10' })).toThrow(
      'ESCROW_INDEX_INTERVAL_MS',
    );
  });

  it('refuses production without APP_ORIGIN, so sign-in never names localhost (finding 9)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'APP_ORIGIN: must be set in production',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', APP_ORIGIN: '' })).toThrow(
      'APP_ORIGIN: must be set in production',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', APP_ORIGIN: 'https://dum.example' }).appOrigin,
    ).toBe('https://dum.example');
    // Development and tests keep the no-configuration default.
    expect(loadConfig({ NODE_ENV: 'development' }).appOrigin).toBe('http://localhost:3000');
  });

  it('trusts no proxy unless TRUST_PROXY names them (finding 3)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    // Production no longer trusts every X-Forwarded-For.
    expect(loadConfig({ NODE_ENV: 'production', APP_ORIGIN: 'https://d.example' }).trustProxy).toBe(
      false,
    );
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ]);
    for (const bad of ['true', '0', '-1', '10.0.0.0/33', 'proxy.example', '1,2', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow('TRUST_PROXY');
    }
  });

  it('reads the write limits, per IP a multiple of per wallet', () => {
    expect(loadConfig({}).writeLimits).toEqual({
      windowMs: 3_600_000,
      perWallet: {
        post: 30,
        comment: 60,
        like: 300,
        support: 60,
        message: 1000,
        other: 120,
        report: 20,
      },
      ipMultiple: 10,
    });
    expect(
      loadConfig({ WRITE_RATE_POSTS: '5', WRITE_RATE_WINDOW_SECONDS: '60' }).writeLimits,
    ).toMatchObject({ windowMs: 60_000, perWallet: { post: 5 } });
    expect(() => loadConfig({ WRITE_RATE_LIKES: '0' })).toThrow('WRITE_RATE_LIKES');
  });

  it('binds the embedded localnet to loopback and limits its airdrops (finding 10)', () => {
    expect(loadConfig({}).solana).toMatchObject({
      localnetHost: '127.0.0.1',
      localnetAirdrop: { lamports: 100_000_000_000n, windowMs: 3_600_000 },
    });
    expect(
      loadConfig({
        SOLANA_LOCALNET_HOST: '0.0.0.0',
        SOLANA_LOCALNET_AIRDROP_LAMPORTS: '5000000000000',
        SOLANA_LOCALNET_AIRDROP_WINDOW_SECONDS: '60',
      }).solana,
    ).toMatchObject({
      localnetHost: '0.0.0.0',
      localnetAirdrop: { lamports: 5_000_000_000_000n, windowMs: 60_000 },
    });
    expect(() => loadConfig({ SOLANA_LOCALNET_AIRDROP_LAMPORTS: '1.5' })).toThrow(
      'SOLANA_LOCALNET_AIRDROP_LAMPORTS',
    );
  });

  it('names every bad field in one error', () => {
    try {
      loadConfig({ DATABASE_URL: 'mysql://x@y/z', PORT: 'eighty', REDIS_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
      expect(problems).toContain('PORT:');
      expect(problems).toContain('REDIS_URL: must be a URL such as redis://127.0.0.1:6379');
    }
  });

  it('rejects a malformed DATABASE_URL with a clear message', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres//oops' })).toThrow(
      'DATABASE_URL: must be a URL such as postgres://user@127.0.0.1:5432/dum',
    );
  });
});
