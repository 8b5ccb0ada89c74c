import {
  ACTIVITY_DEFAULT_LIMIT,
  ACTIVITY_POLL_MS,
  EMISSIONS_POLL_MS,
  REFERRAL_CODE_CACHE_MS,
  REFERRAL_STATS_POLL_MS,
  parseBaseUnits,
  type ActivityItem,
  type DumAccount,
  type PlatformStatsResponse,
  type ReferralCode,
  type ReferralStats,
  type RewardsHistoryItem,
  type RewardsHistoryPage,
  type RewardsSummary,
  type StakeAction,
  type UserRecord,
} from '@dum/core';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { EMISSIONS_STATS_KEY } from '../emissions/index.ts';

/**
 * The token economy's calls (docs/api.md): query keys, response shapes and hooks.
 * Keys are the API path so the default query function GETs them; the per-user calls add the
 * user's id to the key (and fetch with their own function) so one wallet never sees another's
 * cached answer after switching.
 */

export const PLATFORM_STATS_KEY = ['/api/emissions/platform-stats'] as const;
/** Prefixes of the per-user rewards keys (TanStack matches keys element by element). */
export const REWARDS_SUMMARY_PREFIX = ['/api/rewards/summary'] as const;
export const REWARDS_HISTORY_PREFIX = ['/api/rewards/history'] as const;
export const ACTIVITY_KEY = ['/api/activity/recent', { limit: ACTIVITY_DEFAULT_LIMIT }] as const;

export type PlatformStats = PlatformStatsResponse;

export type {
  ActivityItem,
  DumAccount,
  ReferralCode,
  ReferralStats,
  RewardsSummary,
  UserRecord,
} from '@dum/core';

export interface DumBalances {
  /** DUM base units. */
  balance: bigint;
  staked: bigint;
  rewards: bigint;
}

export const ZERO_BALANCES: DumBalances = { balance: 0n, staked: 0n, rewards: 0n };

export type LedgerItem = RewardsHistoryItem;

export type HistoryPage = RewardsHistoryPage;

export function userRecordKey(solAddress: string) {
  return ['/api/users', solAddress] as const;
}

export function balancesOf(account: DumAccount | null | undefined): DumBalances {
  if (!account) return ZERO_BALANCES;
  return {
    balance: parseBaseUnits(account.balance) ?? 0n,
    staked: parseBaseUnits(account.staked) ?? 0n,
    rewards: parseBaseUnits(account.stakingRewards) ?? 0n,
  };
}

/** Platform Stats card: refreshed with the emissions poll, and whenever Live Activity moves. */
export function usePlatformStats() {
  return useQuery<PlatformStats>({
    queryKey: PLATFORM_STATS_KEY,
    refetchInterval: EMISSIONS_POLL_MS,
  });
}

/**
 * Live Activity, polled every 10 s. When a new item appears at the top, the
 * counters it moved are refreshed too: platform stats, the halving banner and the signed-in
 * wallet's record (a post, a referral bonus and a halving all show up here first).
 */
export function useRecentActivity() {
  const client = useQueryClient();
  const query = useQuery<{ items: ActivityItem[] }>({
    queryKey: ACTIVITY_KEY,
    refetchInterval: ACTIVITY_POLL_MS,
  });
  // The newest item's id once loaded ('' for an empty list); null until the first answer.
  const newest = query.data ? (query.data.items[0]?.id ?? '') : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (newest === null) return;
    if (seen.current !== null && seen.current !== newest) {
      void client.invalidateQueries({ queryKey: PLATFORM_STATS_KEY });
      void client.invalidateQueries({ queryKey: EMISSIONS_STATS_KEY });
      void client.invalidateQueries({ queryKey: ['/api/users'] });
      void client.invalidateQueries({ queryKey: ['/api/referrals/stats'] });
      void client.invalidateQueries({ queryKey: REWARDS_SUMMARY_PREFIX });
      void client.invalidateQueries({ queryKey: REWARDS_HISTORY_PREFIX });
    }
    seen.current = newest;
  }, [newest, client]);
  return query;
}

/**
 * The wallet's user record, queried under the wallet address. A wallet that
 * never signed in answers 404, which reads as an empty record (zeros), not as an error.
 */
export function useUserRecord(solAddress: string | null) {
  return useQuery<UserRecord | null>({
    queryKey: userRecordKey(solAddress ?? ''),
    enabled: solAddress !== null,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<UserRecord>(`/api/users/${solAddress}`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useReferralCode(userId: string | null) {
  return useQuery<ReferralCode>({
    queryKey: ['/api/referrals/code', userId],
    enabled: userId !== null,
    staleTime: REFERRAL_CODE_CACHE_MS,
    gcTime: REFERRAL_CODE_CACHE_MS,
    queryFn: ({ signal }) => apiRequest<ReferralCode>('/api/referrals/code', { signal }),
  });
}

export function useReferralStats(userId: string | null) {
  return useQuery<ReferralStats>({
    queryKey: ['/api/referrals/stats', userId],
    enabled: userId !== null,
    refetchInterval: REFERRAL_STATS_POLL_MS,
    queryFn: ({ signal }) => apiRequest<ReferralStats>('/api/referrals/stats', { signal }),
  });
}

export function useRewardsSummary(userId: string | null) {
  return useQuery<RewardsSummary>({
    queryKey: [...REWARDS_SUMMARY_PREFIX, userId],
    enabled: userId !== null,
    queryFn: ({ signal }) => apiRequest<RewardsSummary>('/api/rewards/summary', { signal }),
  });
}

export const HISTORY_PAGE_SIZE = 20;

export function historyPath(kind: string | null, cursor: string | null): string {
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(HISTORY_PAGE_SIZE));
  return `/api/rewards/history?${params.toString()}`;
}

export function useRewardsHistory(userId: string | null, kind: string | null) {
  return useInfiniteQuery({
    queryKey: [...REWARDS_HISTORY_PREFIX, userId, kind],
    enabled: userId !== null,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<HistoryPage>(historyPath(kind, pageParam), { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** After a stake, unstake or claim: the wallet's record and everything derived from it. */
function refreshAccount(client: QueryClient, solAddress: string, account: DumAccount): void {
  client.setQueryData<UserRecord | null>(userRecordKey(solAddress), (old) =>
    old ? { ...old, ...account } : old,
  );
  void client.invalidateQueries({ queryKey: userRecordKey(solAddress) });
  void client.invalidateQueries({ queryKey: REWARDS_SUMMARY_PREFIX });
  void client.invalidateQueries({ queryKey: REWARDS_HISTORY_PREFIX });
}

export function useStakeMutation(solAddress: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: string; action: StakeAction }) =>
      apiRequest<DumAccount>('/api/users/stake', { method: 'POST', body: input }),
    onSuccess: (account) => {
      if (solAddress) refreshAccount(client, solAddress, account);
    },
  });
}

export function useClaimMutation(solAddress: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ claimed: string; account: DumAccount }>('/api/users/stake/claim', {
        method: 'POST',
        body: {},
      }),
    onSuccess: (result) => {
      if (solAddress) refreshAccount(client, solAddress, result.account);
      void client.invalidateQueries({ queryKey: PLATFORM_STATS_KEY });
    },
  });
}
