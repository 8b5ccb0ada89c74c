import type { AnalyticsRange, AnalyticsResponse } from '@dum/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** The analytics feature's call and cache key (docs/api.md "Analytics"). */

/** The root of every analytics key (spec section 7: the faucet refreshes it). */
export const ANALYTICS_ROOT = '/api/analytics';

/** Keys end with the viewer's id: another wallet signing in never sees these figures. */
export function analyticsKey(viewerId: string | null, range: AnalyticsRange) {
  return [ANALYTICS_ROOT, range, viewerId] as const;
}

export function analyticsPath(range: AnalyticsRange): string {
  return `${ANALYTICS_ROOT}?range=${range}`;
}

/** GET /api/analytics?range= for the signed-in viewer; the previous range stays on screen while the next loads. */
export function useAnalytics(viewerId: string | null, range: AnalyticsRange) {
  return useQuery({
    queryKey: analyticsKey(viewerId, range),
    queryFn: ({ signal }) => apiRequest<AnalyticsResponse>(analyticsPath(range), { signal }),
    enabled: viewerId !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === viewerId ? previous : undefined,
    // Figures move slowly; a minute keeps switching ranges instant without going stale.
    staleTime: 60_000,
  });
}
