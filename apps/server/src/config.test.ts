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
