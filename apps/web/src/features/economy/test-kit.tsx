import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import type { AuthContextValue } from '../auth/index.ts';

/** Test helpers for the economy feature (not shipped: only tests import this file). */

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function errorResponse(status: number, code: string, message: string, details?: unknown) {
  return jsonResponse({ error: { code, message, ...(details ? { details } : {}) } }, status);
}

export interface FetchCall {
  path: string;
  method: string;
  body: unknown;
}

/**
 * Stubs `fetch` with a router: the first handler whose key matches `METHOD path` (path with its
 * query string) answers. Unmatched calls never resolve, like a slow network.
 */
export function stubApi(
  routes: Record<string, (call: FetchCall) => Response | Promise<Response>>,
): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { path, method, body };
      calls.push(call);
      for (const [key, handler] of Object.entries(routes)) {
        const [routeMethod, routePath] = key.split(' ') as [string, string];
        const matches = routePath.endsWith('*')
          ? path.startsWith(routePath.slice(0, -1))
          : path === routePath;
        if (routeMethod === method && matches) return handler(call);
      }
      return new Promise<Response>(() => {});
    }),
  );
  return calls;
}

export function renderWithClient(
  ui: ReactNode,
  options: { client?: QueryClient; path?: string } = {},
) {
  const client = options.client ?? createQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, ...result };
}

export const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
export const USER_ID = '6c1f1d2e-0000-4000-8000-000000000001';

export function userRecord(
  amounts: Partial<Record<'balance' | 'staked' | 'stakingRewards' | 'totalEarned', string>> = {},
) {
  return {
    id: USER_ID,
    solAddress: WALLET,
    username: null,
    displayName: null,
    avatarUrl: null,
    isVerified: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    balance: '0',
    staked: '0',
    stakingRewards: '0',
    totalEarned: '0',
    ...amounts,
  };
}

/** The auth state of a visitor who has not signed in. */
export function signedOutAuth(): AuthContextValue {
  return {
    status: 'signed-out',
    user: null,
    isAuthenticated: false,
    signIn: async () => false,
    signOut: async () => {},
  };
}

/** The auth state of the member USER_ID, signed in with WALLET. */
export function signedInAuth(): AuthContextValue {
  return {
    status: 'authenticated',
    user: { id: USER_ID, solAddress: WALLET },
    isAuthenticated: true,
    signIn: async () => true,
    signOut: async () => {},
  };
}
