import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateSigner } from '@dum/chain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Clock } from '../clock.ts';
import { createAppContext, type AppContext } from '../create-context.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { users, walletStanding } from '../db/schema.ts';
import type { AuthUser } from '../modules/auth/index.ts';
import { migratedPgliteCluster } from './migrated-pglite.ts';
import { createMigratedPostgres } from './migrated-postgres.ts';

/**
 * Integration tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set
 * (CI sets it). Each test file gets its own throwaway database, so files can run in parallel.
 */
export type DatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function createTestDatabase(
  kind: DatabaseKind,
  options: { maxConnections?: number } = {},
): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: undefined,
      initialData: await migratedPgliteCluster(),
    });
    // Nothing left to apply: the check that the cluster holds every migration.
    await runMigrations(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const throwaway = await createMigratedPostgres(adminUrl);
  const database = await openDatabase({
    kind: 'postgres',
    url: throwaway.url,
    maxConnections: options.maxConnections ?? 10,
  });
  // Nothing left to apply: the check that the template holds every migration.
  await runMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}

/** A clock the test moves by hand instead of sleeping. */
export class TestClock implements Clock {
  constructor(private current: Date = new Date('2026-11-23T12:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * Write rate limits (http/write-limits.ts) no test reaches: for test files that write far more
 * from one wallet and one IP than a person would, to test something else.
 */
export const NO_WRITE_LIMITS: Record<string, string> = {
  WRITE_RATE_POSTS: '1000000',
  WRITE_RATE_COMMENTS: '1000000',
  WRITE_RATE_LIKES: '1000000',
  WRITE_RATE_SUPPORTS: '1000000',
  WRITE_RATE_MESSAGES: '1000000',
  WRITE_RATE_OTHER: '1000000',
};

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * The established-wallet rule switched off (every wallet earns from its first action), the
 * default of createTestApp: tests of posts, likes, vaults and the ledger are not about who
 * earns. The rule's own tests and the farming simulation pass `STRICT_EARNING_ENV` (the
 * production defaults) and use `makeEstablished`.
 */
export const EVERYONE_ESTABLISHED_ENV: Record<string, string> = {
  ESTABLISHED_MIN_AGE_MINUTES: '0',
  ESTABLISHED_REQUIRE_POST: 'false',
  ESTABLISHED_REQUIRE_VOUCH: 'false',
};

/** The production defaults of the established rule (config.ts), spelt out for tests. */
export const STRICT_EARNING_ENV: Record<string, string> = {
  ESTABLISHED_MIN_AGE_MINUTES: '60',
  ESTABLISHED_REQUIRE_POST: 'true',
  ESTABLISHED_REQUIRE_VOUCH: 'true',
};

export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: {
    probeRoutes?: (app: FastifyInstance) => void;
    /**
     * Start a real localnet (random ports, ledger in the test's data dir) and point ctx.chain
     * at it. Without it, ctx.chain points at an address where nothing answers.
     */
    localnet?: boolean;
    /** The localnet's wall clock (its Clock sysvar follows it from the next slot on). */
    localnetNow?: () => number;
    /** PostgreSQL pool size (benchmarks use more than the default 10). */
    maxConnections?: number;
    /**
     * Another test app's database, for a second instance of the same deployment (the caller
     * closes it with that app). Default: a throwaway database of its own.
     */
    database?: Database;
    /**
     * The real-time bus: `memory` (default) keeps it in this app; `from-config` is Redis
     * pub/sub when the env sets REDIS_URL, so two test apps deliver each other's messages.
     */
    bus?: 'memory' | 'from-config';
    /** Another test app's clock, for a second app that must see the same time. */
    clock?: TestClock;
    /** Default: silent. */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dum-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...EVERYONE_ESTABLISHED_ENV,
    ...env,
  });
  const database =
    options.database ??
    (await createTestDatabase(kind, { maxConnections: options.maxConnections }));
  const clock = options.clock ?? new TestClock();
  const { ctx, close: closeContext } = await createAppContext(config, {
    database,
    clock,
    logger: options.logger ?? pino({ level: 'silent' }),
    tokenSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
    // REDIS_URL in a test's env shares the sign-in rate limits and revoked sessions; the bus
    // stays in this process unless asked.
    bus: options.bus ?? 'memory',
    localnet: options.localnet ? { port: 0, now: options.localnetNow } : 'off',
    // Nothing answers at port 9; with a localnet, ctx.chain reaches it over HTTP like a cluster.
    chain: { fallbackRpcUrl: 'http://127.0.0.1:9', timeoutMs: 2000, inProcess: false },
    version: '0.0.0-test',
  });
  const app = await buildApp(ctx);
  options.probeRoutes?.(app);
  await app.ready();
  return {
    app,
    ctx,
    clock,
    async close() {
      await app.close();
      await closeContext();
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two instances of one deployment, as the scaled-out server runs: `b` on `a`'s database, both
 * on the Redis of TEST_REDIS_URL (bus, rate limits, viewer versions) under a prefix of their own,
 * so test files running in parallel never receive each other's messages. `close` closes both.
 * Tests that use it run only with TEST_REDIS_URL (`describe.runIf(process.env.TEST_REDIS_URL)`).
 */
export async function twoInstances(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<{ a: TestApp; b: TestApp; close: () => Promise<void> }> {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) throw new Error('twoInstances needs TEST_REDIS_URL');
  const shared = {
    ...env,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
  };
  const a = await createTestApp(kind, shared, { bus: 'from-config' });
  let b: TestApp;
  try {
    b = await createTestApp(kind, shared, { bus: 'from-config', database: a.ctx.database });
  } catch (error) {
    await a.close();
    throw error;
  }
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

/**
 * A user row plus a real access token for it, for tests of protected routes that are not about
 * sign-in itself (the auth module's tests go through challenge and verify).
 */
export async function createSignedInUser(
  ctx: AppContext,
  solAddress: string = generateSigner().address,
): Promise<{ user: AuthUser; accessToken: string; headers: { authorization: string } }> {
  const [row] = await ctx.database.db
    .insert(users)
    // Signed up now by the test's clock (the account age the established rule reads).
    .values({ solAddress, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: users.solAddress, set: { solAddress } })
    .returning({ id: users.id, solAddress: users.solAddress });
  if (!row) throw new Error('user insert returned nothing');
  const accessToken = await ctx.tokens.issueAccessToken({ ...row, sessionId: randomUUID() });
  return { user: row, accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

/**
 * Makes a wallet established under any rule: signed up long before the test clock's now, a
 * post and a vouch recorded then (what the sequencer would have learnt). For tests that run
 * the strict rule (STRICT_EARNING_ENV) and need a wallet that earns.
 */
export async function makeEstablished(ctx: AppContext, userId: string): Promise<void> {
  const longAgo = new Date(ctx.clock.now().getTime() - 30 * 86_400_000);
  await ctx.database.db.update(users).set({ createdAt: longAgo }).where(eq(users.id, userId));
  await ctx.database.db
    .insert(walletStanding)
    .values({ userId, firstPostAt: longAgo, vouchedAt: longAgo })
    .onConflictDoUpdate({
      target: walletStanding.userId,
      set: { firstPostAt: longAgo, vouchedAt: longAgo },
    });
}
