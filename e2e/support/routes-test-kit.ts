import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { Seed } from './content-test-kit.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROUTES_FILE = path.join(HERE, '../../apps/web/src/app/routes.tsx');

/** Every route of routes.tsx (`index` for the index route), and the URL a suite opens for it. */
export const ROUTE_URLS: Record<string, (seed: Seed) => string> = {
  index: () => '/',
  reels: () => '/reels',
  discover: () => '/discover',
  'vaults/:id': (seed) => `/vaults/${seed.vaultId}`,
  'posts/:id': (seed) => `/posts/${seed.postId}`,
  profile: () => '/profile',
  'profile/:walletAddress': (seed) => `/profile/${seed.creator.wallet.address}`,
  create: () => '/create',
  'my-vaults': () => '/my-vaults',
  'mystery-vaults': () => '/mystery-vaults',
  'time-capsules': () => '/time-capsules',
  messages: () => '/messages',
  'messages/:walletAddress': (seed) => `/messages/${seed.creator.wallet.address}`,
  analytics: () => '/analytics',
  advertiser: () => '/advertiser',
  rewards: () => '/rewards',
  terms: () => '/terms',
  privacy: () => '/privacy',
  moderation: () => '/moderation',
  reports: () => '/reports',
  notifications: () => '/notifications',
  'settings/muted-words': () => '/settings/muted-words',
  '*': () => '/no/such/page',
};

/** The routes routes.tsx declares, read from its source: `index` or each `path="…"`. */
export async function declaredRoutes(): Promise<string[]> {
  const source = await readFile(ROUTES_FILE, 'utf8');
  return [...source.matchAll(/<Route\s+(?:index\b|path="([^"]*)")/g)].map(
    (match) => match[1] ?? 'index',
  );
}

/** Opens `url` in the running app and waits for its page heading. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
}

/**
 * A step of a walk through the routes: `url` by the app's own navigation (the router follows
 * a history entry and its popstate, as on Back) when the app is already open there, else by
 * loading it. A walk then loads and starts the app once rather than on every route, and what
 * its pages fetched stays cached, as for a person going from page to page. Each route's page is
 * mounted anew (the layout's error boundary is keyed by the path), so the step ends when the
 * previous page's heading is gone and the new page's is there.
 */
export async function walkTo(page: Page, url: string): Promise<void> {
  const target = new URL(url);
  const current = new URL(page.url());
  if (current.origin !== target.origin) return visit(page, url);
  const next = target.pathname + target.search;
  if (current.pathname + current.search !== next) {
    const previous = await page.locator('main h1').first().elementHandle({ timeout: 15_000 });
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, next);
    await page.waitForFunction((heading) => !heading.isConnected, previous, { timeout: 15_000 });
  }
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
}
