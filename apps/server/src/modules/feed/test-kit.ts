import type { CommentItem, FeedItem, FeedPageResponse } from '@dum/core';
import type { LightMyRequestResponse } from 'fastify';
import type { createSignedInUser, TestApp } from '../../test/app-test-kit.ts';

/** Request helpers shared by the feed, media, vaults and escrow tests (inject, no port). */

export type Headers = Record<string, string>;

export type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

/** Gives a test user the public profile a post or comment shows. */
export async function setProfile(
  t: TestApp,
  userId: string,
  profile: { username: string; displayName: string; avatarUrl: string; isVerified?: boolean },
): Promise<void> {
  await t.ctx.database.pool.query(
    `update users set username = $2, display_name = $3, avatar_url = $4,
       is_verified = coalesce($5, is_verified)
     where id = $1`,
    [userId, profile.username, profile.displayName, profile.avatarUrl, profile.isVerified ?? null],
  );
}

export async function createPost(
  t: TestApp,
  headers: Headers,
  body: Record<string, unknown> = { body: 'hello', kind: 'public' },
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/messages-v2/messages', headers, payload: body });
}

export async function createdPost(
  t: TestApp,
  headers: Headers,
  text = 'hello',
  extra: Record<string, unknown> = {},
): Promise<FeedItem> {
  const res = await createPost(t, headers, { body: text, kind: 'public', ...extra });
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  return res.json<FeedItem>();
}

export async function feedPage(
  t: TestApp,
  query = '',
  headers: Headers = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/messages-v2/feed${query ? `?${query}` : ''}`,
    headers,
  });
}

/** Every page of the feed, following nextCursor. */
export async function wholeFeed(
  t: TestApp,
  limit: number,
  headers: Headers = {},
): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page += 1) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor) query.set('cursor', cursor);
    const res = await feedPage(t, query.toString(), headers);
    if (res.statusCode !== 200) throw new Error(`feed failed: ${res.statusCode} ${res.body}`);
    const body = res.json<FeedPageResponse>();
    items.push(...body.items);
    if (!body.nextCursor) return items;
    cursor = body.nextCursor;
  }
  throw new Error('feed did not end');
}

export async function engage(
  t: TestApp,
  headers: Headers,
  postId: string,
  kind: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/messages/${postId}/engage`,
    headers,
    payload: { kind },
  });
}

export async function addComment(
  t: TestApp,
  headers: Headers,
  postId: string,
  content: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/messages/${postId}/comments`,
    headers,
    payload: { content },
  });
}

export async function addedComment(
  t: TestApp,
  headers: Headers,
  postId: string,
  content: string,
): Promise<CommentItem> {
  const res = await addComment(t, headers, postId, content);
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json<CommentItem>();
}

export function errorOf(res: LightMyRequestResponse): { code: string; message: string } {
  return res.json<{ error: { code: string; message: string } }>().error;
}

/** Row counts straight from the database. */
export async function countRows(t: TestApp, sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await t.ctx.database.pool.query<{ n: string }>(sql, values);
  return Number(rows[0]?.n ?? 0);
}
