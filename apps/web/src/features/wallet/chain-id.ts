/**
 * The wallet standard's chain id for the configured cluster, given to wallets with each
 * transaction: `solana:` and the cluster's name, except mainnet-beta, which the standard names
 * `solana:mainnet`. (The SIWS message's Chain ID is the cluster's name itself: docs/api.md "Auth".)
 */
export function walletChain(cluster: string): `solana:${string}` {
  return `solana:${cluster === 'mainnet-beta' ? 'mainnet' : cluster}`;
}
