import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster.tsx';
import { resetToasts } from '../../components/ui/use-toast.ts';
import { postWidgets } from '../../app/post-widgets.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import type { AuthContextValue } from '../auth/index.ts';
import { PostWidgetsProvider } from './post-widgets.tsx';
import type { FeedPost, PostComment } from './types.ts';
import type { Viewer } from '../auth/index.ts';

/** Test-only helpers for the feed's component tests (jsdom). */

export const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

export function signedIn(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'authenticated',
    user: { id: 'user-1', solAddress: WALLET },
    isAuthenticated: true,
    signIn: async () => true,
    signOut: async () => {},
    ...overrides,
  };
}

export function signedOut(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'signed-out',
    user: null,
    isAuthenticated: false,
    signIn: async () => false,
    signOut: async () => {},
    ...overrides,
  };
}

export function makePost(overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    id: 'post-1',
    body: 'gm, vibes only',
    content: 'gm, vibes only',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    expiresAt: new Date(Date.now() + 23 * 3_600_000).toISOString(),
    kind: 'public',
    author: {
      id: 'user-2',
      avatarUrl: null,
      displayName: 'Ada Lovelace',
      username: 'ada',
      isVerified: false,
    },
    author_wallet: 'AdaWa11etAdaWa11etAdaWa11etAdaWa11etAdaW',
    imageUrl: null,
    altText: null,
    audioUrl: null,
    vault: null,
    likeCount: 3,
    commentCount: 0,
    liked: false,
    bookmarked: false,
    repostCount: 0,
    repostedByViewer: false,
    quoted: null,
    mentions: [],
    poll: null,
    replyPolicy: 'everyone',
    ...overrides,
  };
}

export function makeComment(overrides: Partial<PostComment> = {}): PostComment {
  return {
    id: 'comment-1',
    body: 'so true',
    display_name: 'Grace',
    avatar_url: null,
    author_wallet: 'GraceWa11etGraceWa11etGraceWa11etGraceW',
    created_at: new Date(Date.now() - 60_000).toISOString(),
    authorId: 'user-3',
    username: 'grace',
    parentId: null,
    replyCount: 0,
    replyTo: null,
    mentions: [],
    ...overrides,
  };
}

/** The path (and query) a fetch call asked for. */
export function requestPath(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

type Handler = (request: {
  url: URL;
  method: string;
  body: unknown;
}) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

/**
 * Stubs `fetch` with routes keyed "METHOD /path" (no query string). Unknown routes fail the
 * test loudly. Returns the mock so tests can read the calls.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(requestPath(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected request ${method} ${url.pathname}`);
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? null);
    return handler({ url, method, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders with the app's providers, the widgets posts show from other features among them. */
export function renderWithProviders(
  ui: ReactNode,
  {
    queryClient = createQueryClient(),
    path = '/',
  }: { queryClient?: QueryClient; path?: string } = {},
): RenderResult & { queryClient: QueryClient } {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <PostWidgetsProvider value={postWidgets}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </PostWidgetsProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function resetFeedTestState(): void {
  act(() => resetToasts());
  vi.unstubAllGlobals();
  window.localStorage.clear();
}

/** A signed-in viewer as the vault panels see one. */
export function memberViewer(userId: string, wallet: string): Viewer {
  return {
    status: 'authenticated',
    isAuthenticated: true,
    userId,
    wallet,
    signIn: async () => true,
  };
}

/** A signed-out viewer. */
export const VISITOR: Viewer = {
  status: 'signed-out',
  isAuthenticated: false,
  userId: null,
  wallet: null,
  signIn: async () => false,
};
