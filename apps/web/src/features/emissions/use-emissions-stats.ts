import {
  EMISSIONS_FRESH_MS,
  EMISSIONS_POLL_MS,
  MESSAGES,
  type EmissionsStatsResponse,
} from '@dum/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Query key = path: the app's default query function GETs it. */
export const EMISSIONS_STATS_KEY = ['/api/emissions/stats'] as const;

export type EmissionsStatsData = EmissionsStatsResponse['data'];

let warned = false;

/**
 * The emission counters behind the halving banner: refetched every 30 s, fresh for 20 s. A failure leaves the banner hidden and is reported once, quietly.
 */
export function useEmissionsStats() {
  const query = useQuery({
    queryKey: EMISSIONS_STATS_KEY,
    refetchInterval: EMISSIONS_POLL_MS,
    staleTime: EMISSIONS_FRESH_MS,
    select: (response: EmissionsStatsResponse) => response.data,
  });
  const failed = query.isError;
  useEffect(() => {
    if (failed && !warned) {
      warned = true;
      console.warn(MESSAGES.emissionsFetchFailed);
    }
  }, [failed]);
  return query;
}
