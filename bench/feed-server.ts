/**
 * The app as bench:feed runs it: buildApp with a real context (PostgreSQL pool, in-process bus,
 * system clock, the real token service), listening on loopback in its own process so the load
 * tool in the parent does not share its event loop. Prints `{"port":N}` once listening.
 * Environment: DATABASE_URL, AUTH_SECRET, DATA_DIR, LOG_LEVEL (bench scripts may read it).
 */
import { mkdir } from 'node:fs/promises';
import { createChainClient } from '@dum/chain';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemClock, type AppContext } from '../apps/server/src/context.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { createTokenService } from '../apps/server/src/modules/auth/tokens.ts';
import { createEmissionSequencer } from '../apps/server/src/modules/emissions/sequencer.ts';
import { createEscrowDeps } from '../apps/server/src/modules/escrow/index.ts';
import { createMemoryBus } from '../apps/server/src/realtime/bus.ts';

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1' });
  if (config.database.kind !== 'postgres') throw new Error('bench:feed needs DATABASE_URL');
  await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase({
    kind: 'postgres',
    url: config.database.url,
    maxConnections: Number(process.env.BENCH_POOL_SIZE ?? 20),
  });
  const logger = createLogger(config.logLevel, false);
  const base: Omit<AppContext, 'escrow'> = {
    config,
    database,
    emissions: createEmissionSequencer({
      database,
      clock: systemClock,
      logger,
      dailyCap: config.economy.dailyRewardCap,
    }),
    bus: createMemoryBus(),
    clock: systemClock,
    tokens: createTokenService({
      secret: new TextEncoder().encode(config.auth.secret),
      accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
      clock: systemClock,
    }),
    // The feed never touches the chain; nothing listens here.
    chain: createChainClient({ cluster: 'localnet', rpcUrl: 'http://127.0.0.1:9', dumMint: null }),
    localnet: null,
    logger,
    version: 'bench',
  };
  const ctx: AppContext = { ...base, escrow: createEscrowDeps(base) };
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  const stop = async () => {
    await app.close();
    await ctx.emissions.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
