import type {
  FeedPageResponse,
  SearchPage,
  TopCreators,
  TrendingPage,
  TrendingTags,
} from '@dum/core';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/app-test-kit.ts';
import { refreshDiscover, type DiscoverRefreshResult } from './refresh.ts';

/** Request helpers for the discover slice's tests, and other slices' (inject, no port). */

export type Headers = Record<string, string>;

export async function get(
  t: TestApp,
  url: string,
  headers: Headers = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers });
}

/** GET /api/search with these parameters (a value of undefined is left out). */
export async function search(
  t: TestApp,
  params: Record<string, string | undefined>,
  headers: Headers = {},
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) query.set(name, value);
  }
  return get(t, `/api/search?${query.toString()}`, headers);
}

/** Every page of a search, following nextCursor; expects each to answer 200. */
export async function searchAll(
  t: TestApp,
  q: string,
  type: 'users' | 'posts',
  headers: Headers = {},
): Promise<{ pages: SearchPage[]; items: Array<SearchPage['items'][number]> }> {
  const pages: SearchPage[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n += 1) {
    const res = await search(t, { q, type, cursor }, headers);
    if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
    const page = res.json<SearchPage>();
    pages.push(page);
    if (!page.nextCursor) {
      return { pages, items: pages.flatMap((p): SearchPage['items'][number][] => p.items) };
    }
    cursor = page.nextCursor;
  }
  throw new Error('search did not end');
}

export async function tagPage(
  t: TestApp,
  tag: string,
  headers: Headers = {},
  cursor?: string,
): Promise<LightMyRequestResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return get(t, `/api/discover/tags/${encodeURIComponent(tag)}/posts${query}`, headers);
}

/** Every page of a list answered in the feed's page shape, following nextCursor. */
export async function allPages<Page extends FeedPageResponse | TrendingPage>(
  read: (cursor: string | undefined) => Promise<LightMyRequestResponse>,
): Promise<{ pages: Page[]; items: Page['items'] }> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n += 1) {
    const res = await read(cursor);
    if (res.statusCode !== 200) throw new Error(`page failed: ${res.statusCode} ${res.body}`);
    const page = res.json<Page>();
    pages.push(page);
    if (!page.nextCursor) return { pages, items: pages.flatMap((p) => p.items) };
    cursor = page.nextCursor;
  }
  throw new Error('list did not end');
}

export async function trending(
  t: TestApp,
  headers: Headers = {},
  cursor?: string,
): Promise<LightMyRequestResponse> {
  return get(
    t,
    `/api/discover/trending${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    headers,
  );
}

export async function trendingTags(t: TestApp): Promise<TrendingTags> {
  const res = await get(t, '/api/discover/tags');
  if (res.statusCode !== 200) throw new Error(`tags failed: ${res.statusCode} ${res.body}`);
  return res.json<TrendingTags>();
}

export async function topCreators(t: TestApp, headers: Headers = {}): Promise<TopCreators> {
  const res = await get(t, '/api/discover/creators', headers);
  if (res.statusCode !== 200) throw new Error(`creators failed: ${res.statusCode} ${res.body}`);
  return res.json<TopCreators>();
}

/** Runs the discover job now, at the test clock's time, and expects it to have run. */
export async function refreshed(t: TestApp): Promise<DiscoverRefreshResult> {
  const result = await refreshDiscover(t.ctx.database, t.clock.now());
  if (!result.refreshed) throw new Error('the discover job did not get its lock');
  return result;
}
