import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { formatDecimal } from '../../lib/i18n/index.ts';
import { updatePostEverywhere } from '../post/index.ts';
import type { FeedPost } from '../post/index.ts';
import { useSolTransferSteps } from '../wallet/index.ts';
import { runVaultSupport, supportFailureMessage, type SupportOutcome } from './support-flow.ts';
import { VAULT_TEXT } from './vault-messages.ts';
import { VAULTS_ROOT } from './vault-queries.ts';
import type { SupportVaultResult } from './vault-types.ts';

// Apart from vault-queries.ts: only the support dialog (loaded on the first press of Support)
// needs the support flow and the wallet transfer.

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
  const transfer = useSolTransferSteps(viewerWallet);
  return useMutation({
    mutationFn: (amount: string): Promise<SupportOutcome> =>
      runVaultSupport(
        {
          ...transfer.steps,
          postSupport: (vaultId, body) =>
            apiRequest<SupportVaultResult>(
              `${VAULTS_ROOT}/${encodeURIComponent(vaultId)}/support`,
              { method: 'POST', body },
            ),
        },
        {
          vaultId: target.vaultId,
          // The wallet that signs must be the signed-in one (the server checks the sender).
          wallet: transfer.from,
          creatorWallet: target.creatorWallet,
          canSign: transfer.canSign,
          amount,
        },
      ),
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
        title: VAULT_TEXT.successTitle,
        description: VAULT_TEXT.success(formatDecimal(outcome.solText, 9)),
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: VAULT_TEXT.failedTitle,
        description: supportFailureMessage(error),
        variant: 'destructive',
      });
    },
  });
}
