import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OFFLINE_MESSAGE, apiRequest, setAuthHooks } from './api-client.ts';

/**
 * The client's side: on a 401 with a token, one refresh and one retry. The
 * network is a stand-in `fetch` that answers from a script, so each call can be counted (the
 * browser test in e2e/auth.spec.ts does the same against the real server).
 */

type Answer = { status: number; body?: unknown; text?: string };

let answers: Answer[];
let calls: { path: string; authorization: string | null }[];
let token: string | null;
let refresh: ReturnType<typeof vi.fn<() => Promise<boolean>>>;

function respond(answer: Answer): Response {
  if (answer.status === 204) return new Response(null, { status: 204 });
  if (answer.text !== undefined) {
    return new Response(answer.text, {
      status: answer.status,
      headers: { 'content-type': 'text/plain' },
    });
  }
  return new Response(JSON.stringify(answer.body ?? {}), {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  });
}

const unauthorized: Answer = {
  status: 401,
  body: { error: { code: 'unauthorized', message: 'Access token expired' } },
};

beforeEach(() => {
  answers = [];
  calls = [];
  token = 'old-token';
  refresh = vi.fn(async () => {
    token = 'new-token';
    return true;
  });
  setAuthHooks({ getAccessToken: () => token, refresh });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ path, authorization: headers.authorization ?? null });
      const answer = answers.shift();
      if (!answer) throw new Error(`no answer scripted for ${path}`);
      return respond(answer);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthHooks({ getAccessToken: () => null, refresh: async () => false });
});

describe('apiRequest on a 401', () => {
  it('with a token: refreshes once and retries once with the new token', async () => {
    answers = [unauthorized, { status: 200, body: { ok: true } }];
    await expect(apiRequest('/api/users/me')).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([
      { path: '/api/users/me', authorization: 'Bearer old-token' },
      { path: '/api/users/me', authorization: 'Bearer new-token' },
    ]);
  });

  it('a second 401 after the retry is the answer: no second refresh, no third request', async () => {
    answers = [unauthorized, unauthorized];
    const error = await apiRequest('/api/users/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('a failed refresh: no retry, the 401 is the answer', async () => {
    refresh.mockImplementation(async () => false);
    answers = [unauthorized];
    await expect(apiRequest('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('without a token: nothing to refresh', async () => {
    token = null;
    answers = [unauthorized];
    await expect(apiRequest('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
    expect(calls).toEqual([{ path: '/api/users/me', authorization: null }]);
  });

  it('an anonymous call (the auth endpoints) sends no token and never refreshes', async () => {
    answers = [unauthorized];
    await expect(
      apiRequest('/api/auth/refresh', { anonymous: true, body: { refreshToken: 'r' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
    expect(calls).toEqual([{ path: '/api/auth/refresh', authorization: null }]);
  });
});

describe('apiRequest', () => {
  it('waits for a refresh already under way before sending', async () => {
    let finish!: () => void;
    const pending = new Promise<void>((resolve) => (finish = resolve)).then(() => {
      token = 'new-token';
    });
    setAuthHooks({ getAccessToken: () => token, refresh, pending: () => pending });
    answers = [{ status: 200, body: [] }];
    const request = apiRequest('/api/posts');
    await Promise.resolve();
    expect(calls).toEqual([]);
    finish();
    await expect(request).resolves.toEqual([]);
    expect(calls).toEqual([{ path: '/api/posts', authorization: 'Bearer new-token' }]);
  });

  it("reads the server's error body, else '{status}: {body text}'", async () => {
    answers = [
      { status: 400, body: { error: { code: 'validation_failed', message: 'Invalid input' } } },
      { status: 502, text: 'Bad Gateway' },
    ];
    await expect(apiRequest('/api/posts')).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid input',
    });
    await expect(apiRequest('/api/posts')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: '502: Bad Gateway',
    });
  });

  it('answers undefined for a 204', async () => {
    answers = [{ status: 204 }];
    await expect(apiRequest('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});

describe('apiRequest without a network', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function failingFetch(): void {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
  }

  it('offline: an ApiError that says so', async () => {
    failingFetch();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await apiRequest('/api/feed').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'offline', message: OFFLINE_MESSAGE });
  });

  it('online: the failure as it came (a server that is down is not "offline")', async () => {
    failingFetch();
    await expect(apiRequest('/api/feed')).rejects.toThrow(new TypeError('Failed to fetch'));
  });
});
