import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdCampaign,
  AdCampaignDetail,
  AdCampaignList,
  AdConfig,
  FeedItem,
  FeedPageResponse,
} from '@dum/core';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDecimal } from '../../lib/i18n/index.ts';
import { postWithRetries, sendSolTransfer } from '../wallet/index.ts';
import { useSolTransferSteps } from '../wallet/index.ts';

export const ADS_ROOT = '/api/ads';
const CAMPAIGNS = `${ADS_ROOT}/campaigns`;

export function useAdConfig() {
  return useQuery({
    queryKey: [ADS_ROOT, 'config'],
    queryFn: () => apiRequest<AdConfig>(`${ADS_ROOT}/config`),
    staleTime: 5 * 60_000,
  });
}

export function useCampaigns(viewerId: string | null) {
  return useQuery({
    queryKey: [CAMPAIGNS, viewerId],
    queryFn: () => apiRequest<AdCampaignList>(CAMPAIGNS),
    enabled: viewerId !== null,
  });
}

export function useCampaignDetail(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [CAMPAIGNS, 'detail', id],
    queryFn: () => apiRequest<AdCampaignDetail>(`${CAMPAIGNS}/${encodeURIComponent(id)}`),
    enabled,
  });
}

/** The viewer's own live posts, to choose the one a campaign promotes. */
export function useOwnPosts(wallet: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [CAMPAIGNS, 'own-posts', wallet],
    queryFn: async () =>
      (
        await apiRequest<FeedPageResponse>(
          `/api/users/${encodeURIComponent(wallet ?? '')}/posts?limit=50`,
        )
      ).items.filter((post: FeedItem) => !post.capsule?.sealed),
    enabled: enabled && wallet !== null,
  });
}

function useRefreshCampaigns() {
  const queryClient = useQueryClient();
  return (campaign?: AdCampaignDetail) => {
    if (campaign) queryClient.setQueryData([CAMPAIGNS, 'detail', campaign.id], campaign);
    void queryClient.invalidateQueries({ queryKey: [CAMPAIGNS] });
  };
}

export type CampaignAction = 'pause' | 'resume' | 'end';

function actionDone(action: CampaignAction): string {
  switch (action) {
    case 'pause':
      return t`Campaign paused`;
    case 'resume':
      return t`Campaign resumed`;
    case 'end':
      return t`Campaign ended`;
  }
}

/** Pause, resume or end (which refunds the unspent budget from the treasury). */
export function useCampaignAction(campaign: AdCampaign) {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (action: CampaignAction) =>
      apiRequest<AdCampaignDetail>(`${CAMPAIGNS}/${encodeURIComponent(campaign.id)}/${action}`, {
        method: 'POST',
      }),
    onSuccess: (result, action) => {
      refresh(result);
      toast({ title: actionDone(action), variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: t`Something went wrong`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
}

/**
 * Sends the budget from the connected wallet to the treasury (a real System transfer, confirmed),
 * then tells the server, which verifies it: a new campaign (`campaignId` null) or a top-up.
 */
export function useFundCampaign(viewerWallet: string | null, treasury: string | null) {
  const transfer = useSolTransferSteps(viewerWallet);
  const refresh = useRefreshCampaigns();
  return {
    canSign: transfer.canSign && transfer.from !== null,
    mutation: useMutation({
      mutationFn: async (input: {
        lamports: bigint;
        amount: string;
        campaignId: string | null;
        terms?: { postId: string; cpmLamports: string; dailyLimitLamports: string };
      }) => {
        if (!transfer.from || !treasury) throw new Error(t`Connect the wallet you signed in with.`);
        const signature = await sendSolTransfer(transfer.steps, {
          from: transfer.from,
          to: treasury,
          lamports: input.lamports,
        });
        const budget = { transactionSignature: signature, amount: input.amount };
        return postWithRetries(() =>
          input.campaignId === null
            ? apiRequest<AdCampaignDetail>(CAMPAIGNS, {
                method: 'POST',
                body: { ...input.terms, budget },
              })
            : apiRequest<AdCampaignDetail>(
                `${CAMPAIGNS}/${encodeURIComponent(input.campaignId)}/budget`,
                { method: 'POST', body: budget },
              ),
        );
      },
      onSuccess: (result, input) => {
        refresh(result);
        const amount = formatDecimal(input.amount, 9);
        toast({
          title: input.campaignId === null ? t`Campaign created` : t`Budget added`,
          description: t`${amount} SOL sent to the treasury`,
          variant: 'success',
        });
      },
      onError: (error) => {
        toast({
          title: t`Payment failed`,
          description: errorMessage(error),
          variant: 'destructive',
        });
      },
    }),
  };
}
