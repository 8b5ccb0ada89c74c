/**
 * The wallet feature's face: the Wallet Standard connection, the burner wallet, RPC calls and SOL
 * transfers.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { BURNER_WALLET_NAME } from './burner-name.ts';
export { walletChain } from './chain-id.ts';
export { encodeBase58, encodeBase64 } from './encoding.ts';
export { buildLegacyTransaction } from './legacy-transaction.ts';
export { getLatestBlockhash, getSolBalance, rpcCall } from './rpc.ts';
export { postWithRetries, sendSolTransfer } from './sol-transfer-flow.ts';
export type { SolTransferSteps } from './sol-transfer-flow.ts';
export { useSolTransferSteps } from './use-sol-transfer-steps.ts';
export type { SolTransferAccess } from './use-sol-transfer-steps.ts';
export { WalletProvider, useWallet, useWalletModal } from './wallet-context.tsx';
export type { ClusterConfig } from './wallet-context.tsx';
export { WalletMenuTriggerContent, walletMenuTriggerClass } from './wallet-menu-trigger.tsx';
export { CONNECTION_FAILED_TOAST } from './wallet-messages.ts';
export { WalletModalHost } from './wallet-modal-host.tsx';
export {
  signInFeature,
  signMessageFeature,
  signTransactionFeature,
  signingPath,
} from './wallet-standard.ts';
export type { SigningPath } from './wallet-standard.ts';
export {
  TransactionFailedError,
  canSendTransfers,
  sendTransactionWithWallet,
  waitForConfirmation,
} from './wallet-transfer.ts';
export type { TransferContext } from './wallet-transfer.ts';
