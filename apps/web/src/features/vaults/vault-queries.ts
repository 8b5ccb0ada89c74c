import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VAULT_MESSAGES } from '@dum/core';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { updatePostEverywhere } from '../feed/feed-cache.ts';
import type { FeedPost } from '../feed/types.ts';
import { useWallet } from '../wallet/wallet-context.tsx';
import { getSolBalance } from '../wallet/rpc.ts';
import { runVaultSupport, supportFailureMessage, type SupportOutcome } from './support-flow.ts';
import type {
  LeaderboardEntryView,
  MyVaultsView,
  SupportVaultResult,
  VaultDetailView,
} from './vault-types.ts';
import {
  canSendTransfers,
  sendTransferWithWallet,
  waitForConfirmation,
} from './wallet-transfer.ts';

/**
 * Query keys start with the API path, so the realtime client's invalidations (spec section 7:
 * /api/vaults, the vault by id, its leaderboard) reach them, and the default query function
 * GETs the joined key.
 */
export const VAULTS_ROOT = '/api/vaults';

export function vaultKey(vaultId: string) {
  return [VAULTS_ROOT, vaultId] as const;
}

export function leaderboardKey(vaultId: string) {
  return [VAULTS_ROOT, vaultId, 'leaderboard'] as const;
}

export function myVaultsKey(mine: 'created' | 'supported') {
  return [VAULTS_ROOT, { mine }] as const;
}

export function useVault(vaultId: string) {
  return useQuery<VaultDetailView>({ queryKey: vaultKey(vaultId) });
}

export function useLeaderboard(vaultId: string, enabled = true) {
  return useQuery<LeaderboardEntryView[]>({ queryKey: leaderboardKey(vaultId), enabled });
}

export function useMyVaults(mine: 'created' | 'supported', enabled: boolean) {
  return useQuery<MyVaultsView>({ queryKey: myVaultsKey(mine), enabled });
}

/** GET /api/config's flag; absent (not loaded, or an older server) means off. */
export function vaultsEnabledIn(config: unknown): boolean {
  return (
    typeof config === 'object' &&
    config !== null &&
    (config as { vaultsEnabled?: unknown }).vaultsEnabled === true
  );
}

export interface SupportTarget {
  vaultId: string;
  postId: string | null;
  creatorWallet: string | null | undefined;
}

/**
 * The Support button's mutation: runs the support flow through the connected wallet, then
 * updates the card, the vault page and the lists. Toasts: 'Vault Supported! Successfully
 * vaulted {n} SOL on-chain!' or 'Failed to Support Vault' with the reason.
 */
export function useSupportVault(target: SupportTarget, viewerWallet: string | null) {
  const queryClient = useQueryClient();
  const { wallet, account, config } = useWallet();
  return useMutation({
    mutationFn: async (amount: string): Promise<SupportOutcome> => {
      const connected = Boolean(wallet && account && config);
      const context =
        wallet && account && config
          ? {
              wallet,
              account,
              chain: `solana:${config.cluster}` as const,
              rpcUrl: config.rpcUrl,
            }
          : null;
      return runVaultSupport(
        {
          getBalance: (address) => {
            if (!context) throw new Error(VAULT_MESSAGES.walletNotFound);
            return getSolBalance(context.rpcUrl, address);
          },
          sendTransfer: (input) => {
            if (!context) throw new Error(VAULT_MESSAGES.walletNotFound);
            return sendTransferWithWallet(context, input);
          },
          confirm: (signature) => {
            if (!context) throw new Error(VAULT_MESSAGES.walletNotFound);
            return waitForConfirmation(context.rpcUrl, signature);
          },
          postSupport: (vaultId, body) =>
            apiRequest<SupportVaultResult>(
              `${VAULTS_ROOT}/${encodeURIComponent(vaultId)}/support`,
              { method: 'POST', body },
            ),
        },
        {
          vaultId: target.vaultId,
          // The wallet that signs must be the signed-in one (the server checks the sender).
          wallet: account && account.address === viewerWallet ? account.address : null,
          creatorWallet: target.creatorWallet,
          canSign: connected && canSendTransfers(wallet, account),
          amount,
        },
      );
    },
    onSuccess: (outcome) => {
      const vault = outcome.result.vault;
      if (target.postId) {
        updatePostEverywhere(queryClient, target.postId, (post: FeedPost) =>
          post.vault ? { ...post, vault: { ...post.vault, ...vault } } : post,
        );
      }
      void queryClient.invalidateQueries({ queryKey: [VAULTS_ROOT] });
      if (vault.status !== 'active') {
        // The unlock reveals the media: fetch the posts again.
        void queryClient.invalidateQueries({ queryKey: ['/api/messages-v2/feed'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/messages-v2/messages'] });
      }
      toast({
        title: VAULT_MESSAGES.successTitle,
        description: VAULT_MESSAGES.success(outcome.solText),
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: VAULT_MESSAGES.failedTitle,
        description: supportFailureMessage(error),
        variant: 'destructive',
      });
    },
  });
}
