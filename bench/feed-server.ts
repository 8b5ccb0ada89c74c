/**
 * The app as bench:feed runs it: buildApp with a real context (PostgreSQL pool, in-process bus,
 * system clock, the real token service), listening on loopback in its own process so the load
 * tool in the parent does not share its event loop. Prints `{"port":N}` once listening.
 * Environment: DATABASE_URL, AUTH_SECRET, DATA_DIR, LOG_LEVEL (bench scripts may read it).
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createAppContext } from '../apps/server/src/create-context.ts';

async function main(): Promise<void> {
  const config = loadConfig({
    APP_ORIGIN: 'http://localhost:3000',
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
  });
  if (config.database.kind !== 'postgres') throw new Error('bench:feed needs DATABASE_URL');
  // The parent has migrated the database already; the context finds nothing left to apply.
  const { ctx, close } = await createAppContext(config, {
    maxConnections: Number(process.env.BENCH_POOL_SIZE ?? 20),
    bus: 'memory',
    // The feed never touches the chain; nothing listens here.
    localnet: 'off',
    chain: { fallbackRpcUrl: 'http://127.0.0.1:9' },
    version: 'bench',
  });
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  const stop = async () => {
    await app.close();
    await close();
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
