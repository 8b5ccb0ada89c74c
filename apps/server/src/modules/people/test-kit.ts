import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/app-test-kit.ts';

/** Request helpers for the people slice's tests, and other slices' (inject, no port). */

export type Headers = Record<string, string>;

/** PUT (on) or DELETE (off) /api/follows/{address}. */
export async function follow(
  t: TestApp,
  headers: Headers,
  address: string,
  on = true,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: on ? 'PUT' : 'DELETE',
    url: `/api/follows/${address}`,
    headers,
  });
}

/** PUT (on) or DELETE (off) /api/blocks/{address}. */
export async function block(
  t: TestApp,
  headers: Headers,
  address: string,
  on = true,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: on ? 'PUT' : 'DELETE',
    url: `/api/blocks/${address}`,
    headers,
  });
}

/** Follows and expects it to work. */
export async function followed(t: TestApp, headers: Headers, address: string): Promise<void> {
  const res = await follow(t, headers, address);
  if (res.statusCode !== 200) throw new Error(`follow failed: ${res.statusCode} ${res.body}`);
}

export async function profile(
  t: TestApp,
  address: string,
  headers: Headers = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/users/${address}`, headers });
}

export async function followList(
  t: TestApp,
  address: string,
  side: 'followers' | 'following',
  query = '',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/follows/${address}/${side}${query ? `?${query}` : ''}`,
  });
}

/** PUT /api/users/me/muted-words, and expects it to work. */
export async function muteWords(
  t: TestApp,
  headers: Headers,
  items: { word: string; expiresAt?: string | null }[],
): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/users/me/muted-words',
    headers,
    payload: { items },
  });
  if (res.statusCode !== 200) throw new Error(`mute failed: ${res.statusCode} ${res.body}`);
}
