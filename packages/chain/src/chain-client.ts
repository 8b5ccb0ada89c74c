import { AppError } from '@dum/core';
import bs58 from 'bs58';
import { createRpcClient, type RpcClient, type RpcTransport } from './rpc-client.ts';
import {
  verifyTransfer,
  type TransferVerification,
  type VerifyTransferInput,
} from './verify-transfer.ts';

export type Cluster = 'localnet' | 'devnet' | 'testnet' | 'mainnet-beta';

/** What the server needs from Solana, over any cluster's JSON-RPC. */
export interface ChainClient {
  readonly cluster: Cluster;
  readonly rpc: RpcClient;
  /** The DUM mint, when known (always on the localnet). */
  readonly dumMint: string | null;
  getSolBalance(owner: string): Promise<bigint>;
  /** The owner's DUM across all their token accounts for the mint (0 without a mint). */
  getDumBalance(owner: string): Promise<bigint>;
  verifyTransfer(input: VerifyTransferInput): Promise<TransferVerification>;
  /** Test SOL from the cluster's faucet (requestAirdrop), once confirmed. */
  requestAirdrop(recipient: string, lamports: bigint): Promise<string>;
}

export function createChainClient(options: {
  cluster: Cluster;
  rpcUrl: string;
  dumMint: string | null;
  timeoutMs?: number;
  /** Confirmation polling for airdrops. */
  confirmTimeoutMs?: number;
  /** The embedded localnet's handler, when it runs in this process (no HTTP hop). */
  transport?: RpcTransport;
}): ChainClient {
  const rpc = createRpcClient(options.rpcUrl, {
    timeoutMs: options.timeoutMs,
    transport: options.transport,
  });
  return {
    cluster: options.cluster,
    rpc,
    dumMint: options.dumMint,
    async getSolBalance(owner) {
      const { value } = await rpc.call<{ value: number }>('getBalance', [
        owner,
        { commitment: 'confirmed' },
      ]);
      return BigInt(value);
    },
    async getDumBalance(owner) {
      if (!options.dumMint) return 0n;
      const { value } = await rpc.call<{
        value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[];
      }>('getTokenAccountsByOwner', [
        owner,
        { mint: options.dumMint },
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      ]);
      return value.reduce(
        (sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount),
        0n,
      );
    },
    verifyTransfer: (input) => verifyTransfer(rpc, input),
    async requestAirdrop(recipient, lamports) {
      const signature = await rpc.call<string>('requestAirdrop', [
        recipient,
        Number(lamports),
        { commitment: 'confirmed' },
      ]);
      const deadline = Date.now() + (options.confirmTimeoutMs ?? 30_000);
      while (Date.now() < deadline) {
        const { value } = await rpc.call<{
          value: ({ confirmationStatus: string | null; err: unknown } | null)[];
        }>('getSignatureStatuses', [[signature]]);
        const status = value[0];
        if (status?.err) throw new AppError('internal', { message: 'Airdrop failed' });
        if (
          status?.confirmationStatus === 'confirmed' ||
          status?.confirmationStatus === 'finalized'
        ) {
          return signature;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new AppError('chain_unavailable');
    },
  };
}

const PUBLIC_RPC: Record<Exclude<Cluster, 'localnet'>, string> = {
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
};

/** The public RPC of a cluster; the localnet's default port otherwise. */
export function defaultRpcUrl(cluster: Cluster): string {
  return cluster === 'localnet' ? 'http://127.0.0.1:8899' : PUBLIC_RPC[cluster];
}

/**
 * The PubSub URL that goes with an RPC URL, by the convention web3.js and solana-test-validator
 * share: same host, ws(s), and the next port when a port is given.
 */
export function pubsubUrlFor(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (url.port) url.port = String(Number(url.port) + 1);
  return url.toString().replace(/\/$/, '');
}

/** Whether a string is a base-58 encoded 32-byte address. */
export function isAddress(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false;
  try {
    return bs58.decode(value).length === 32;
  } catch {
    return false;
  }
}
