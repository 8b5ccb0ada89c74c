export {
  createChainClient,
  defaultRpcUrl,
  isAddress,
  pubsubUrlFor,
  type ChainClient,
  type Cluster,
} from './chain-client.ts';
export { createRpcClient, RpcCallError, type RpcClient, type RpcTransport } from './rpc-client.ts';
export {
  verifyTransfer,
  judgeTransfer,
  isSignature,
  type TransferRejection,
  type TransferVerification,
  type VerifyTransferInput,
} from './verify-transfer.ts';
export {
  decodeTransaction,
  WireFormatError,
  type DecodedMessage,
  type DecodedTransaction,
} from './wire.ts';
export { loadPlatformKeys, ensureDumMint, type PlatformKeys } from './dum-mint.ts';
export {
  loadOrCreateKeypairFile,
  signerFromSecretKey,
  generateSigner,
  type Signer,
} from './keys.ts';
export { startLocalnet, type Localnet, type LocalnetOptions } from './localnet/localnet.ts';
export { DEFAULT_AIRDROP_LIMIT, type AirdropLimit } from './localnet/rpc-methods/airdrop.ts';
export { LocalChain } from './localnet/local-chain.ts';
export { buildTransferTransaction } from './localnet/transfer-transaction.ts';
export { createRpcHandler, type RpcHandler } from './localnet/rpc-methods.ts';
export { SubscriptionHub } from './localnet/subscriptions.ts';
export { attachSubscriptionSocket, type SubscriptionSocket } from './localnet/rpc-server.ts';
export * from './programs.ts';
