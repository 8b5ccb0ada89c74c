import path from 'node:path';
import { startLocalnet } from './localnet/localnet.ts';
import { DEFAULT_AIRDROP_LIMIT } from './localnet/rpc-methods/airdrop.ts';

/**
 * `npm run localnet`: the embedded cluster on its own, for working on clients without the app.
 * This entry point is its own composition root, so it reads the few settings it needs here:
 * DATA_DIR (default ./.data), SOLANA_LOCALNET_PORT (default 8899; PubSub on the next port),
 * SOLANA_LOCALNET_HOST (default 127.0.0.1), SOLANA_LOCALNET_AIRDROP_LAMPORTS and
 * SOLANA_LOCALNET_AIRDROP_WINDOW_SECONDS (requestAirdrop's limit per address; 100 SOL an hour).
 */
async function main(): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './.data');
  const port = Number(process.env.SOLANA_LOCALNET_PORT ?? '8899');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error('SOLANA_LOCALNET_PORT must be a port number');
  }
  const airdropLamports = process.env.SOLANA_LOCALNET_AIRDROP_LAMPORTS;
  const airdropWindow = Number(process.env.SOLANA_LOCALNET_AIRDROP_WINDOW_SECONDS ?? '3600');
  if (airdropLamports !== undefined && !/^[1-9]\d{0,17}$/.test(airdropLamports)) {
    throw new Error('SOLANA_LOCALNET_AIRDROP_LAMPORTS must be a positive number of lamports');
  }
  if (!Number.isInteger(airdropWindow) || airdropWindow <= 0) {
    throw new Error('SOLANA_LOCALNET_AIRDROP_WINDOW_SECONDS must be a positive number of seconds');
  }
  const localnet = await startLocalnet({
    dataDir,
    port,
    host: process.env.SOLANA_LOCALNET_HOST ?? '127.0.0.1',
    airdropLimit: {
      lamports:
        airdropLamports === undefined ? DEFAULT_AIRDROP_LIMIT.lamports : BigInt(airdropLamports),
      windowMs: airdropWindow * 1000,
    },
  });
  // One JSON line, so scripts and tests can find the (possibly random) ports.
  process.stdout.write(
    `${JSON.stringify({
      event: 'ready',
      rpcUrl: localnet.rpcUrl,
      wsUrl: localnet.wsUrl,
      dumMint: localnet.dumMint,
      treasury: localnet.treasury,
      vaultProgramId: localnet.vaultProgramId,
    })}\n`,
  );
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    localnet.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`localnet shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `localnet failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
