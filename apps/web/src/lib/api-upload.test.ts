import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setAuthHooks } from './api-client.ts';
import { apiUpload } from './api-upload.ts';

/**
 * The upload's side of the client: the bearer token, progress events, the error mapping and the
 * one refresh on a 401. XMLHttpRequest is a stand-in that answers from a script (jsdom's would
 * need a server); the browser test in e2e covers the real one.
 */

type Answer = { status: number; body: unknown };

class ScriptedRequest {
  static answers: Answer[] = [];
  static sent: { method: string; url: string; headers: Record<string, string> }[] = [];
  static progress: [number, number][] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name === 'content-type' ? 'application/json' : null;
  }
  abort() {
    this.onabort?.();
  }
  send() {
    ScriptedRequest.sent.push({ method: this.method, url: this.url, headers: this.headers });
    const answer = ScriptedRequest.answers.shift();
    if (!answer) throw new Error('no scripted answer');
    queueMicrotask(() => {
      for (const [loaded, total] of ScriptedRequest.progress) {
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      }
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    });
  }
}

let token: string;

beforeEach(() => {
  ScriptedRequest.answers = [];
  ScriptedRequest.sent = [];
  ScriptedRequest.progress = [];
  token = 'old-token';
  vi.stubGlobal('XMLHttpRequest', ScriptedRequest);
  setAuthHooks({
    getAccessToken: () => token,
    refresh: async () => {
      token = 'new-token';
      return true;
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthHooks({ getAccessToken: () => null, refresh: async () => false });
});

const form = () => new FormData();

describe('apiUpload', () => {
  it('sends the bearer token, reports progress and answers the JSON', async () => {
    ScriptedRequest.progress = [
      [0, 100],
      [50, 100],
      [100, 100],
    ];
    ScriptedRequest.answers = [{ status: 200, body: { mediaType: 'image', mediaUrl: '/media/a' } }];
    const fractions: number[] = [];
    const answer = await apiUpload('/api/upload/vault-media', form(), {
      onProgress: (fraction) => fractions.push(fraction),
    });
    expect(answer).toEqual({ mediaType: 'image', mediaUrl: '/media/a' });
    expect(fractions).toEqual([0, 0.5, 1]);
    expect(ScriptedRequest.sent).toEqual([
      {
        method: 'POST',
        url: '/api/upload/vault-media',
        headers: { accept: 'application/json', authorization: 'Bearer old-token' },
      },
    ]);
  });

  it("turns a refusal into the server's ApiError", async () => {
    ScriptedRequest.answers = [
      {
        status: 415,
        body: {
          error: { code: 'invalid_file_type', message: 'Please upload an image or audio file' },
        },
      },
    ];
    const refusal = apiUpload('/api/upload/vault-media', form());
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ status: 415, code: 'invalid_file_type' });
  });

  it('refreshes once on a 401 and sends again with the new token', async () => {
    ScriptedRequest.answers = [
      { status: 401, body: { error: { code: 'unauthorized', message: 'Access token expired' } } },
      { status: 200, body: { mediaType: 'image', mediaUrl: '/media/b' } },
    ];
    expect(await apiUpload('/api/upload/vault-media', form())).toEqual({
      mediaType: 'image',
      mediaUrl: '/media/b',
    });
    expect(ScriptedRequest.sent.map((request) => request.headers.authorization)).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
  });
});
