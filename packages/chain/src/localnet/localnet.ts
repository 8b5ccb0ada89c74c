import { ensureDumMint, loadPlatformKeys } from '../dum-mint.ts';
import { VAULT_PROGRAM_ID } from '../vault-program/constants.ts';
import { ensureVaultProgram, vaultProgramGenesis } from '../vault-program/localnet-setup.ts';
import { LocalChain, type LocalChainOptions } from './local-chain.ts';
import { createRpcHandler, type RpcHandler } from './rpc-methods.ts';
import type { AirdropLimit } from './rpc-methods/airdrop.ts';
import { startRpcServer } from './rpc-server.ts';
import { SubscriptionHub } from './subscriptions.ts';

export interface LocalnetOptions extends Omit<LocalChainOptions, 'dataDir'> {
  /** DATA_DIR: the ledger goes to DATA_DIR/localnet, platform keys to DATA_DIR/keys. */
  dataDir: string;
  /** The interface the RPC servers listen on; 127.0.0.1 unless asked (0.0.0.0 exposes them). */
  host?: string;
  /** requestAirdrop's limit per address (default: 100 SOL an hour). */
  airdropLimit?: AirdropLimit;
  /** HTTP JSON-RPC port (8899 by default in the product); 0 picks a free port. */
  port: number;
  /** PubSub port; port + 1 by default, a free port when `port` is 0. */
  wsPort?: number;
}

export interface Localnet {
  chain: LocalChain;
  rpc: RpcHandler;
  subscriptions: SubscriptionHub;
  rpcUrl: string;
  wsUrl: string;
  dumMint: string;
  treasury: string;
  /** The vault program (programs/vault), its config initialised by the treasury. */
  vaultProgramId: string;
  close(): Promise<void>;
}

/**
 * Starts the embedded cluster: ledger, DUM mint, vault program and its config, JSON-RPC HTTP and
 * WebSocket servers.
 */
export async function startLocalnet(options: LocalnetOptions): Promise<Localnet> {
  const keys = loadPlatformKeys(options.dataDir);
  const chain = LocalChain.open({ ...options, genesisAccounts: vaultProgramGenesis(keys) });
  try {
    await ensureDumMint(chain, keys);
    await ensureVaultProgram(chain, keys);
    const rpc = createRpcHandler(chain, { airdropLimit: options.airdropLimit, now: options.now });
    const subscriptions = new SubscriptionHub(chain);
    const server = await startRpcServer({
      rpc,
      subscriptions,
      host: options.host,
      port: options.port,
      wsPort: options.wsPort,
    });
    return {
      chain,
      rpc,
      subscriptions,
      rpcUrl: server.rpcUrl,
      wsUrl: server.wsUrl,
      dumMint: keys.dumMint.address,
      treasury: keys.treasury.address,
      vaultProgramId: VAULT_PROGRAM_ID,
      async close() {
        await server.close();
        subscriptions.close();
        await chain.close();
      },
    };
  } catch (error) {
    await chain.close();
    throw error;
  }
}
