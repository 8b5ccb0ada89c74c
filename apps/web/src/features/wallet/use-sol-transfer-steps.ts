import { VAULT_MESSAGES } from '@dum/core';
import { walletChain } from './chain-id.ts';
import { getSolBalance } from './rpc.ts';
import type { SolTransferSteps } from './sol-transfer-flow.ts';
import { useWallet } from './wallet-context.tsx';
import {
  canSendTransfers,
  sendTransferWithWallet,
  waitForConfirmation,
} from './wallet-transfer.ts';

export interface SolTransferAccess {
  steps: SolTransferSteps;
  /**
   * The connected wallet's address when it is the signed-in one (the server checks the
   * sender), else null.
   */
  from: string | null;
  /** A wallet is connected that can sign and send (or sign) transactions. */
  canSign: boolean;
}

/**
 * The connected wallet's transfer steps (balance, send, confirm) on the configured cluster, for
 * the flows that send SOL. Without a connected wallet each step throws the wallet-not-found text.
 */
export function useSolTransferSteps(viewerWallet: string | null): SolTransferAccess {
  const { wallet, account, config } = useWallet();
  const context =
    wallet && account && config
      ? { wallet, account, chain: walletChain(config.cluster), rpcUrl: config.rpcUrl }
      : null;
  const connected = (): NonNullable<typeof context> => {
    if (!context) throw new Error(VAULT_MESSAGES.walletNotFound);
    return context;
  };
  return {
    steps: {
      getBalance: (address) => getSolBalance(connected().rpcUrl, address),
      sendTransfer: (input) => sendTransferWithWallet(connected(), input),
      confirm: (signature) => waitForConfirmation(connected().rpcUrl, signature),
    },
    from: account && account.address === viewerWallet ? account.address : null,
    canSign: Boolean(context) && canSendTransfers(wallet, account),
  };
}
