import { QueryClient, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * The default query function GETs the query key joined into a path, so
 * `useQuery({ queryKey: ['/api/emissions/stats'] })` needs nothing else. Query-string parts go
 * in a trailing object: `['/api/activity/recent', { limit: 10 }]`.
 */
export function queryKeyToPath(queryKey: readonly unknown[]): string {
  const parts: string[] = [];
  let search = '';
  for (const part of queryKey) {
    if (part !== null && typeof part === 'object') {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(part as Record<string, unknown>)) {
        if (isScalar(value)) params.set(key, String(value));
      }
      const text = params.toString();
      if (text) search = `?${text}`;
    } else if (isScalar(part)) {
      parts.push(String(part));
    }
  }
  return parts.join('/').replace(/\/{2,}/g, '/') + search;
}

function isScalar(value: unknown): value is string | number | boolean | bigint {
  return ['string', 'number', 'boolean', 'bigint'].includes(typeof value);
}

async function defaultQueryFn({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  return apiRequest(queryKeyToPath(queryKey), { signal });
}

/** Never stale, no retries, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Before an optimistic write: cancels the refetches running for the queries under `queryKey`,
 * which would otherwise land after the write with what the server had before it. A query still
 * fetching its first data is left to finish: TanStack Query puts a cancelled first fetch back to
 * "no data, not fetching", and its screen would then show loading until it was opened again.
 */
export function cancelRefetches(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  return queryClient.cancelQueries({
    queryKey,
    predicate: (query) => query.state.data !== undefined,
  });
}
