import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VAULT_MESSAGES } from '@dum/core';
import { t } from '@lingui/core/macro';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { runVaultSupport, supportFailureMessage } from '../vaults/index.ts';
import { useSolTransferSteps } from '../wallet/index.ts';
import { MYSTERY_ROOT } from './mystery-queries.ts';
import type { JoinMysteryResult, MysteryVault } from './types.ts';

/**
 * Join: the vault support's flow (features/vaults/support-flow.ts: checks, a real System
 * transfer to the creator through the connected wallet, the wait for confirmation, the retried
 * call), posted to POST /api/mystery-vaults/{id}/join.
 */
export function useJoinMystery(vault: MysteryVault, viewerWallet: string | null) {
  const queryClient = useQueryClient();
  const transfer = useSolTransferSteps(viewerWallet);
  return useMutation({
    mutationFn: (amount: string) =>
      runVaultSupport<JoinMysteryResult>(
        {
          ...transfer.steps,
          postSupport: (vaultId, body) =>
            apiRequest<JoinMysteryResult>(`${MYSTERY_ROOT}/${encodeURIComponent(vaultId)}/join`, {
              method: 'POST',
              body,
            }),
        },
        {
          vaultId: vault.id,
          wallet: transfer.from,
          creatorWallet: vault.creator.solAddress,
          canSign: transfer.canSign,
          amount,
        },
      ),
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: [MYSTERY_ROOT] });
      const opened = outcome.result.vault.state === 'opened';
      const amount = outcome.solText;
      const title = vault.title;
      toast({
        title: opened ? t`Mystery Vault Opened` : t`Joined!`,
        description: opened
          ? t`Your ${amount} SOL opened “${title}”: see what was inside`
          : t`You joined “${title}” with ${amount} SOL`,
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: t`Failed to Join`,
        description: supportFailureMessage(error) || VAULT_MESSAGES.failedFallback,
        variant: 'destructive',
      });
    },
  });
}
