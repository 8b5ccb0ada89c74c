import type { AuthTokens } from '@dum/core';
import { AUTH_ERRORS } from './auth-messages.ts';

/** What the wallet produced for the challenge: a message signature, or a signed memo transaction. */
export type SignedChallenge =
  { message: string; signature: string } | { message: string; signedTransaction: string };

/** The answer of verify and refresh: core's contract (`expiresIn` in seconds). */
export type { AuthTokens };

/** The server's sign-in calls, as the auth state machine needs them. */
export interface AuthApi {
  challenge(input: { address: string; referralCode?: string }): Promise<string>;
  /** `referralCode`: the one the challenge was asked with (the challenge is bound to it). */
  verify(input: { address: string; referralCode?: string } & SignedChallenge): Promise<AuthTokens>;
  refresh(refreshToken: string): Promise<AuthTokens>;
  logout(refreshToken: string, accessToken: string | null): Promise<void>;
}

async function post(path: string, body: unknown, bearer?: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
  };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  return fetch(path, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'include',
  });
}

/**
 * The calls go straight to fetch rather than through `apiRequest`: they are anonymous, must not
 * trigger the 401 refresh, and their failures carry the spec's own texts ('challenge failed:
 * {status}', 'verify failed: {status} {body}').
 */
export function createAuthApi(): AuthApi {
  return {
    async challenge({ address, referralCode }) {
      const response = await post('/api/auth/challenge', {
        address,
        chain: 'solana',
        ...(referralCode ? { referralCode } : {}),
      });
      if (!response.ok) throw new Error(AUTH_ERRORS.challengeFailed(response.status));
      const body = (await response.json()) as { messageToSign?: unknown };
      if (typeof body.messageToSign !== 'string') {
        throw new Error(AUTH_ERRORS.challengeFailed(response.status));
      }
      return body.messageToSign;
    },
    async verify(input) {
      const response = await post('/api/auth/verify', input);
      if (!response.ok) {
        throw new Error(AUTH_ERRORS.verifyFailed(response.status, await response.text()));
      }
      return (await response.json()) as AuthTokens;
    },
    async refresh(refreshToken) {
      const response = await post('/api/auth/refresh', { refreshToken });
      if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
      return (await response.json()) as AuthTokens;
    },
    async logout(refreshToken, accessToken) {
      await post('/api/auth/logout', { refreshToken }, accessToken);
    },
  };
}
