import type { FaucetResponse } from '@dum/core';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { faucetFailureToast, faucetSuccessToast } from './faucet-messages.ts';

/** Every faucet call shares this key, so each 'Get test SOL' shows a call made elsewhere. */
export const FAUCET_MUTATION_KEY = ['/api/faucet'] as const;

/** What test SOL changes: the wallet's SOL balance and the caches the spec names with it. */
const REFRESHED_AFTER_FAUCET = [['sol-balance'], ['/api/users'], ['/api/analytics']] as const;

/**
 * POST /api/faucet (docs/api.md): test SOL for the signed-in wallet on the localnet. The call
 * answers once the airdrop is confirmed; then the balance is read again. Toasts say how much
 * arrived, or why nothing did.
 */
export function useFaucet() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: FAUCET_MUTATION_KEY,
    mutationFn: () => apiRequest<FaucetResponse>('/api/faucet', { method: 'POST', body: {} }),
    onSuccess: (result) => {
      toast(faucetSuccessToast(result));
      for (const queryKey of REFRESHED_AFTER_FAUCET) {
        void client.invalidateQueries({ queryKey });
      }
    },
    onError: (error) => toast(faucetFailureToast(error)),
  });
}

/** A faucet call is running, started from anywhere (the menu, a dialog, the burner's first sign-in). */
export function useFaucetBusy(): boolean {
  return useIsMutating({ mutationKey: FAUCET_MUTATION_KEY }) > 0;
}
