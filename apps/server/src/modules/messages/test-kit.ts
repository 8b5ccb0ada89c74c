import type { DirectMessage } from '@dum/core';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/app-test-kit.ts';

/** Calls of the messages' routes, for this slice's tests and others'. */

export type Headers = Record<string, string>;

export function sendTo(
  t: TestApp,
  headers: Headers,
  address: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/conversations/${encodeURIComponent(address)}/messages`,
    headers,
    payload,
  });
}

/** Sends and expects 201: the message. */
export async function sent(
  t: TestApp,
  headers: Headers,
  address: string,
  payload: Record<string, unknown>,
): Promise<DirectMessage> {
  const res = await sendTo(t, headers, address, payload);
  if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return res.json<DirectMessage>();
}

export function thread(
  t: TestApp,
  headers: Headers,
  address: string,
  query = '',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    url: `/api/conversations/${encodeURIComponent(address)}/messages${query}`,
    headers,
  });
}

export function conversations(
  t: TestApp,
  headers: Headers,
  query = '',
): Promise<LightMyRequestResponse> {
  return t.app.inject({ url: `/api/conversations${query}`, headers });
}

export async function unreadCount(t: TestApp, headers: Headers): Promise<number> {
  const res = await t.app.inject({ url: '/api/conversations/unread', headers });
  if (res.statusCode !== 200) throw new Error(`unread failed: ${res.statusCode} ${res.body}`);
  return res.json<{ unreadCount: number }>().unreadCount;
}

export function markRead(
  t: TestApp,
  headers: Headers,
  address: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/conversations/${encodeURIComponent(address)}/read`,
    headers,
  });
}

/** `blocker` blocks `blocked` (the people slice owns the routes; the row is what counts). */
export async function block(t: TestApp, blockerId: string, blockedId: string): Promise<void> {
  await t.ctx.database.pool.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
    blockerId,
    blockedId,
  ]);
}

export function requests(
  t: TestApp,
  headers: Headers,
  query = '',
): Promise<LightMyRequestResponse> {
  return t.app.inject({ url: `/api/conversations/requests${query}`, headers });
}

/** GET /api/conversations/unread: both counts. */
export async function counts(
  t: TestApp,
  headers: Headers,
): Promise<{ unreadCount: number; requestCount: number }> {
  const res = await t.app.inject({ url: '/api/conversations/unread', headers });
  if (res.statusCode !== 200) throw new Error(`unread failed: ${res.statusCode} ${res.body}`);
  return res.json<{ unreadCount: number; requestCount: number }>();
}

/** GET /api/conversations/{address}: the caller's folder for it. */
export function folderOf(
  t: TestApp,
  headers: Headers,
  address: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ url: `/api/conversations/${encodeURIComponent(address)}`, headers });
}

/** POST /api/conversations/{address}/accept or .../decline. */
export function answerRequest(
  t: TestApp,
  headers: Headers,
  address: string,
  answer: 'accept' | 'decline',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/conversations/${encodeURIComponent(address)}/${answer}`,
    headers,
  });
}
