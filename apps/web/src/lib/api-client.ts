import type { ErrorBody } from '@dum/core';

/**
 * The web app's one HTTP client. Every call goes to the app's own origin (`/api/...`), sends
 * credentials and, when a session exists, the bearer token. A non-2xx answer becomes an
 * `ApiError` carrying the server's catalogue code and message (generic failures
 * read '{status}: {body text}' when the body is not our JSON error shape).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Hooks the auth feature installs: where the token comes from and how a 401 is recovered. */
export interface AuthHooks {
  getAccessToken(): string | null;
  /** Attempts one refresh; resolves true when a new access token is stored. */
  refresh(): Promise<boolean>;
  /** A refresh already under way (an expired token found at start-up): wait for it first. */
  pending?(): Promise<unknown> | null;
}

let authHooks: AuthHooks = { getAccessToken: () => null, refresh: async () => false };

export function setAuthHooks(hooks: AuthHooks): void {
  authHooks = hooks;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the bearer token and the 401 refresh (the auth calls themselves). */
  anonymous?: boolean;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const pending = options.anonymous ? null : (authHooks.pending?.() ?? null);
  if (pending) await pending;
  const response = await send(path, options);
  if (response.status === 401 && !options.anonymous && authHooks.getAccessToken()) {
    // On 401 with a token, one refresh is attempted and the request retried once.
    if (await authHooks.refresh()) return parse<T>(await send(path, options));
  }
  return parse<T>(response);
}

/** The bearer token a request would carry now (after a refresh under way), or null. */
export async function currentAccessToken(): Promise<string | null> {
  const pending = authHooks.pending?.() ?? null;
  if (pending) await pending;
  return authHooks.getAccessToken();
}

/** One refresh of the access token (after a 401); true when a new one is stored. */
export function refreshAccessToken(): Promise<boolean> {
  return authHooks.refresh();
}

/**
 * A request's failure while the browser has no connection: what every error state then says
 * (in English; errorMessage shows the catalogue's `error.offline` in another language).
 */
export const OFFLINE_MESSAGE = 'You are offline. Check your connection and try again.';

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.anonymous ? null : authHooks.getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // Uploads: the browser sets the multipart boundary; no JSON content type.
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(path, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    // No network: say so, rather than the browser's "Failed to fetch". (The service worker
    // never answers /api from a cache, so offline every read fails here.)
    if (!options.signal?.aborted && !navigator.onLine) {
      throw new ApiError(0, 'offline', OFFLINE_MESSAGE);
    }
    throw error;
  }
}

/** An answer as apiRequest reads it: the JSON body, or an ApiError. */
export async function parse<T>(response: Response): Promise<T> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok) {
    const text = await response.text();
    if (contentType.includes('application/json')) {
      const parsed = safeJson(text);
      if (isErrorBody(parsed)) {
        const { code, message, details } = parsed.error;
        throw new ApiError(response.status, code, message, details);
      }
    }
    throw new ApiError(response.status, 'http_error', `${response.status}: ${text.slice(0, 200)}`);
  }
  if (response.status === 204) return undefined as T;
  if (!contentType.includes('application/json')) {
    const snippet = (await response.text()).slice(0, 80);
    throw new ApiError(
      response.status,
      'unexpected_content_type',
      `Expected JSON but got ${contentType || 'nothing'}. Snippet: ${snippet}`,
    );
  }
  return (await response.json()) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A hand-written guard rather than the zod schema: zod stays out of the first-load bundle. */
function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = value.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
