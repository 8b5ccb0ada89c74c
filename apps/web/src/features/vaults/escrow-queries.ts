import type { EscrowSyncResponse } from '@dum/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { findDepositAddress, type OnChainDeposit } from '@dum/chain/vault-program';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { formatDecimal, formatSol, i18n } from '../../lib/i18n/index.ts';
import { updatePostEverywhere } from '../post/index.ts';
import type { FeedPost, PostVault } from '../post/index.ts';
import { walletChain } from '../wallet/index.ts';
import { useWallet } from '../wallet/index.ts';
import { getSolBalance } from '../wallet/index.ts';
import { chainReader, escrowErrorMessage, sendAndConfirm } from './escrow-chain.ts';
import { dumText, earlyWithdrawQuote } from './escrow-display.ts';
import {
  claimEscrow,
  createEscrowOnChain,
  durationDaysOf,
  earlyWithdrawEscrow,
  joinEscrow,
  withdrawEscrow,
  type EscrowMedia,
  type EscrowSteps,
} from './escrow-flow.ts';
import type { EscrowDepositView, EscrowView, MyDepositsView } from './escrow-types.ts';
import { fetchMediaHash, fromHex, toHex } from './media-hash.ts';
import { VAULT_TEXT } from './vault-messages.ts';
import { VAULTS_ROOT } from './vault-queries.ts';
import { canSendTransfers } from '../wallet/index.ts';

/** Query keys and hooks of the escrow screens (loaded with them). */

export function myDepositsKey() {
  return [VAULTS_ROOT, { mine: 'deposits' }] as const;
}

export function useMyDeposits(enabled: boolean) {
  return useQuery<MyDepositsView>({ queryKey: myDepositsKey(), enabled });
}

/** The viewer's deposit read straight from the chain (fresh, and trusted by nobody but them). */
export function viewerDepositKey(vaultAddress: string, wallet: string | null) {
  return ['escrow-deposit', vaultAddress, wallet] as const;
}

export function depositView(address: string, deposit: OnChainDeposit): EscrowDepositView {
  return {
    address,
    participant: deposit.participant,
    supporterId: null,
    username: null,
    amount: deposit.amount.toString(),
    totalDeposited: deposit.totalDeposited.toString(),
    accruedReward: deposit.accruedReward.toString(),
    rewardMinted: deposit.rewardMinted.toString(),
    penaltyPaid: deposit.penaltyPaid.toString(),
    firstDepositTs: deposit.firstDepositTs.toString(),
    lastUpdateTs: deposit.lastUpdateTs.toString(),
    rewarded: deposit.rewarded,
    refunded: deposit.refunded,
    claimed: deposit.claimed,
  };
}

export function useViewerDeposit(escrow: EscrowView, wallet: string | null) {
  const { config } = useWallet();
  const rpcUrl = config?.rpcUrl ?? '/rpc';
  return useQuery({
    queryKey: viewerDepositKey(escrow.address, wallet),
    queryFn: async (): Promise<EscrowDepositView | null> => {
      const reader = chainReader(rpcUrl, escrow.programId);
      const [deposit, where] = await Promise.all([
        reader.getDeposit(escrow.address, wallet ?? ''),
        findDepositAddress(escrow.address, wallet ?? '', escrow.programId),
      ]);
      return deposit ? depositView(where.address, deposit) : null;
    },
    enabled: Boolean(wallet) && escrow.state === 'live' && Boolean(escrow.address),
    staleTime: 10_000,
  });
}

/** Downloads unlocked media and compares its SHA-256 with the hash committed on chain. */
export function useMediaVerification(url: string | null, contentHash: string | null) {
  return useQuery({
    queryKey: ['media-hash', url],
    queryFn: async ({ signal }) => toHex((await fetchMediaHash(url ?? '', signal)).hash),
    enabled: Boolean(url && contentHash),
    select: (hash) => hash === contentHash?.toLowerCase(),
    staleTime: Infinity,
  });
}

export type EscrowActionRequest =
  | { kind: 'join'; amount: string }
  | { kind: 'earlyWithdraw' }
  | { kind: 'withdraw' }
  | { kind: 'claim' }
  | { kind: 'confirm' };

export interface EscrowActionTarget {
  vaultId: string;
  post: Pick<FeedPost, 'id' | 'imageUrl' | 'audioUrl'> | null;
  escrow: EscrowView;
  /** The signed-in wallet: the connected wallet must be this one. */
  viewerWallet: string | null;
  /** The viewer's deposit (for the early-withdraw toast). */
  deposit: EscrowDepositView | null;
}

const FAILED_TITLES: Record<EscrowActionRequest['kind'], MessageDescriptor> = {
  join: msg`Failed to Support Vault`,
  earlyWithdraw: msg`Early withdrawal failed`,
  withdraw: msg`Withdrawal failed`,
  claim: msg`Claim failed`,
  confirm: msg`Vault not confirmed on chain`,
};

/** The early-withdraw toast: what came back and the penalty. */
function earlyWithdrawDone(quote: { receive: bigint; penalty: bigint } | null): string {
  if (!quote) return t`Your SOL is back in your wallet, less the penalty.`;
  const receive = formatSol(quote.receive);
  const penalty = formatSol(quote.penalty);
  return t`${receive} SOL is back in your wallet (penalty ${penalty} SOL).`;
}

/** The wallet steps the flows run through, for the connected wallet. */
export function useEscrowSteps(viewerWallet: string | null, programId: string) {
  const { wallet, account, config } = useWallet();
  const context =
    wallet && account && config && canSendTransfers(wallet, account)
      ? { wallet, account, chain: walletChain(config.cluster), rpcUrl: config.rpcUrl }
      : null;
  const rpcUrl = config?.rpcUrl ?? '/rpc';
  const steps: EscrowSteps = {
    // The wallet that signs must be the signed-in one (the server maps deposits to users by it).
    wallet: context && account?.address === viewerWallet ? account.address : null,
    getBalance: (address) => getSolBalance(rpcUrl, address),
    sendAndConfirm: (instructions) => {
      if (!context) throw new Error(t`Wallet not connected`);
      return sendAndConfirm(context, instructions);
    },
    reader: chainReader(rpcUrl, programId),
    sync: (vaultId, signature) =>
      apiRequest<EscrowSyncResponse>(`${VAULTS_ROOT}/${encodeURIComponent(vaultId)}/escrow/sync`, {
        method: 'POST',
        body: signature ? { signature } : {},
      }),
  };
  return steps;
}

/** The media a pending vault commits, read back from the server (a retry has no file). */
async function mediaOf(
  post: EscrowActionTarget['post'],
  contentHash: string | null,
): Promise<EscrowMedia | null> {
  const url = post?.imageUrl ?? post?.audioUrl ?? null;
  if (!url || !contentHash) return null;
  const fetched = await fetchMediaHash(url);
  if (toHex(fetched.hash) !== contentHash.toLowerCase()) {
    throw new Error(t`The media does not match the hash this vault was created with`);
  }
  return {
    contentHash: fromHex(contentHash),
    mediaType: post?.imageUrl ? 'image' : 'audio',
    size: fetched.size,
  };
}

/** Puts the server's fresh vault everywhere the post shows, and refreshes the vault lists. */
export function applyVault(queryClient: QueryClient, postId: string | null, vault: PostVault) {
  if (postId) {
    updatePostEverywhere(queryClient, postId, (post: FeedPost) =>
      post.vault ? { ...post, vault: { ...post.vault, ...vault } } : post,
    );
  }
  void queryClient.invalidateQueries({ queryKey: [VAULTS_ROOT] });
  if (vault.status !== 'active') {
    // An unlock reveals the media: fetch the posts again.
    void queryClient.invalidateQueries({ queryKey: ['/api/messages-v2/feed'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/messages-v2/messages'] });
  }
}

/**
 * Join, early withdraw, withdraw with rewards, claim, and confirming a pending vault: each signs
 * one transaction (a claim one per 20 deposits), then syncs; the toasts say what happened.
 */
export function useEscrowAction(target: EscrowActionTarget) {
  const queryClient = useQueryClient();
  const steps = useEscrowSteps(target.viewerWallet, target.escrow.programId);
  const flowTarget = { vaultId: target.vaultId, escrow: target.escrow };
  return useMutation({
    mutationFn: async (request: EscrowActionRequest) => {
      switch (request.kind) {
        case 'join': {
          const outcome = await joinEscrow(steps, flowTarget, request.amount);
          return {
            ...outcome,
            title: VAULT_TEXT.successTitle,
            description: VAULT_TEXT.success(formatDecimal(outcome.solText, 9)),
          };
        }
        case 'earlyWithdraw': {
          const quote = target.deposit
            ? earlyWithdrawQuote(BigInt(target.deposit.amount), target.escrow.penaltyBps)
            : null;
          const outcome = await earlyWithdrawEscrow(steps, flowTarget);
          return {
            ...outcome,
            title: t`Withdrawn early`,
            description: earlyWithdrawDone(quote),
          };
        }
        case 'withdraw': {
          const outcome = await withdrawEscrow(steps, flowTarget);
          const deposit = steps.wallet
            ? await steps.reader.getDeposit(target.escrow.address, steps.wallet)
            : null;
          const dum = deposit ? dumText(deposit.rewardMinted) : null;
          const minted = dum !== null ? t`${dum} DUM` : t`Your DUM`;
          return {
            ...outcome,
            title: t`Withdrawn with rewards`,
            description: deposit?.refunded
              ? t`${minted} minted to your wallet, and your SOL is back.`
              : t`${minted} minted to your wallet.`,
          };
        }
        case 'claim': {
          const outcome = await claimEscrow(steps, flowTarget);
          return {
            ...outcome,
            title: t`Vault claimed`,
            description: plural(outcome.claimed, {
              one: '# deposit moved to your wallet.',
              other: '# deposits moved to your wallet.',
            }),
          };
        }
        case 'confirm': {
          const media = await mediaOf(target.post, target.escrow.contentHash);
          const outcome = await createEscrowOnChain(
            steps,
            { ...flowTarget, durationDays: durationDaysOf(target.escrow.durationSeconds) },
            media,
          );
          return { ...outcome, title: t`Vault confirmed on chain`, description: undefined };
        }
      }
    },
    onSuccess: (outcome) => {
      if (outcome.vault) applyVault(queryClient, target.post?.id ?? null, outcome.vault);
      void queryClient.invalidateQueries({ queryKey: ['escrow-deposit', target.escrow.address] });
      void queryClient.invalidateQueries({ queryKey: ['sol-balance'] });
      toast({ title: outcome.title, description: outcome.description, variant: 'success' });
    },
    onError: (error, request) => {
      // The chain may have moved even if the sync failed: read it again.
      void queryClient.invalidateQueries({ queryKey: ['escrow-deposit', target.escrow.address] });
      toast({
        title: i18n._(FAILED_TITLES[request.kind]),
        description: escrowErrorMessage(error),
        variant: 'destructive',
      });
    },
  });
}
