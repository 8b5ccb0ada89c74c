import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Connection } from '@solana/web3.js';
import { startLocalnet, type Localnet } from './localnet.ts';

/** A localnet of a test file's own: its ledger in a fresh temporary folder, on any free port. */
export interface TestLocalnet {
  localnet: Localnet;
  /** The ledger's folder (platform keys live there too). */
  dataDir: string;
  /** A web3.js connection to it at `confirmed`, with its WebSocket endpoint. */
  connection: Connection;
  /** Closes the localnet and deletes its folder. */
  close(): Promise<void>;
}

export async function startTestLocalnet(folderPrefix: string): Promise<TestLocalnet> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), folderPrefix));
  const localnet = await startLocalnet({ dataDir, port: 0 });
  const connection = new Connection(localnet.rpcUrl, {
    commitment: 'confirmed',
    wsEndpoint: localnet.wsUrl,
  });
  return {
    localnet,
    dataDir,
    connection,
    async close() {
      // web3.js closes its idle WebSocket about 500 ms after the last subscription ends; closing
      // the server before that makes it log reconnection errors.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await localnet.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
