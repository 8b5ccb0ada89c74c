import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  newTestContext,
  openPage,
  releaseSharedBrowser,
  sharedBrowser,
} from './support/browser-test-kit.ts';
import { withoutExpected404 } from './support/feed-page-test-kit.ts';
import { startServer, type StartServerOptions } from './support/server-test-kit.ts';
import { startedForSuite } from './support/suite-test-kit.ts';

/**
 * The app shell in Chromium at 375x812 and 1440x900: every route, the
 * navigation and its active link, the footer, not-found, the halving banner (fresh, urgent and
 * critical ledgers) and the error fallback when a page fails to load.
 */

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

/** Each route and the heading its page shows. */
const ROUTES: readonly [path: string, heading: RegExp][] = [
  ['/', /^Feed$/],
  ['/reels', /^Reels$/],
  ['/discover', /^Discover$/],
  ['/vaults/42', /^Vault( not found)?$/],
  // No post 7 on a fresh database: the post page's own not-found state.
  ['/posts/7', /^Post( not found)?$/],
  // Signed out, your own profile asks you to connect; no Dum Club user has this wallet.
  ['/profile', /^Connect your wallet to see your profile$/],
  [`/profile/${WALLET}`, /^Profile not found$/],
  ['/create', /^Create$/],
  ['/my-vaults', /^My Vaults$/],
  ['/mystery-vaults', /^Mystery Vaults$/],
  ['/time-capsules', /^Time Capsules$/],
  ['/messages', /^Messages$/],
  ['/analytics', /^Analytics$/],
  ['/advertiser', /^Advertiser$/],
  ['/rewards', /^Rewards$/],
  ['/terms', /^Terms of Service$/],
  ['/privacy', /^Privacy Policy$/],
  // Moderators only: everyone else (signed out here) gets the not-found screen.
  ['/moderation', /^Page not found$/],
  ['/reports', /^My reports$/],
  ['/no/such/page', /^Page not found$/],
];

/** Pages that fill the window and scroll inside themselves, without the footer. */
const IMMERSIVE = new Set(['/reels']);

const seedEvents = (totalEvents: number): StartServerOptions => ({
  seed: async (database) => {
    await database.pool.query(
      `update emission_state set total_events = ${totalEvents} where id = 1`,
    );
  },
});

/** Loads a URL and waits until React has rendered its page. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await pageHeading(page);
}

async function pageHeading(page: Page): Promise<string> {
  const heading = page.locator('main h1').first();
  await heading.waitFor({ timeout: 10_000 });
  return (await heading.textContent()) ?? '';
}

/**
 * Waits for the page's heading to be `expected`. After a client-side navigation the previous
 * page stays on screen until the next page's chunk is in, so the heading changes a moment
 * after the URL does.
 */
async function expectHeading(page: Page, expected: string | RegExp): Promise<void> {
  const poll = expect.poll(() => pageHeading(page), { timeout: 10_000 });
  if (typeof expected === 'string') await poll.toBe(expected);
  else await poll.toMatch(expected);
}

/** The sidebar's and the bottom bar's navigation (only one of them is displayed at a time). */
function mainNav(page: Page, which: 'sidebar' | 'bottom') {
  return page.locator('nav[aria-label="Main"]').nth(which === 'sidebar' ? 0 : 1);
}

async function currentLinks(page: Page, which: 'sidebar' | 'bottom'): Promise<string[]> {
  return mainNav(page, which).locator('a[aria-current="page"]').allTextContents();
}

describe('the app shell', () => {
  const running = startedForSuite(
    async () => {
      const [fresh, urgent, critical, browser] = await Promise.all([
        startServer(),
        startServer(seedEvents(69_500)),
        startServer(seedEvents(69_950)),
        sharedBrowser(),
      ]);
      return { fresh, urgent, critical, browser };
    },
    async ({ fresh, urgent, critical, browser }) => {
      await releaseSharedBrowser(browser);
      await Promise.all([fresh.stop(), urgent.stop(), critical.stop()]);
    },
  );

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('renders every route on %s without page errors', async (_name, viewport) => {
    const { page, context, errors } = await openPage(running.current.browser, viewport);
    for (const [path, heading] of ROUTES) {
      await page.goto(running.current.fresh.url + path);
      // A page may show its loading heading first (a profile, before the server says whether
      // the wallet is known): wait for the one it settles on.
      await expect
        .poll(() => pageHeading(page), { timeout: 10_000, message: path })
        .toMatch(heading);
      // The shell is around every page: the footer under it, except on the pages that fill the
      // window between the header and the bottom bar (Reels), where the navigation stays.
      if (IMMERSIVE.has(path)) {
        const nav = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
        expect(await nav.count(), path).toBe(1);
      } else {
        expect(await page.getByRole('contentinfo').isVisible(), path).toBe(true);
      }
    }
    // Chromium logs the post page's 404 answer as a console error; that one is expected.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it('shows a skeleton while a page chunk loads', async () => {
    const { page, context, errors } = await openPage(running.current.browser, DESKTOP);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/privacy-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(running.current.fresh.url + '/privacy', { waitUntil: 'domcontentloaded' });
    const skeleton = page.getByRole('status').filter({ hasText: 'Loading page' });
    await skeleton.waitFor();
    release();
    await expectHeading(page, 'Privacy Policy');
    expect(await skeleton.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('navigates with the sidebar on desktop and marks the active link', async () => {
    const { page, context, errors } = await openPage(running.current.browser, DESKTOP);
    await visit(page, running.current.fresh.url + '/');
    const sidebar = mainNav(page, 'sidebar');
    expect(await sidebar.isVisible()).toBe(true);
    expect(await sidebar.getByRole('link').allTextContents()).toEqual([
      'Feed',
      'My Vaults',
      'Mystery Vaults',
      'Time Capsules',
      'Messages',
      'Analytics',
      'Profile',
    ]);
    // The bottom bar is for small screens only.
    expect(await mainNav(page, 'bottom').isVisible()).toBe(false);
    await expect.poll(() => currentLinks(page, 'sidebar')).toEqual(['Feed']);

    await sidebar.getByRole('link', { name: 'Messages' }).click();
    await page.waitForURL('**/messages');
    await expectHeading(page, /^Messages$/);
    await expect.poll(() => currentLinks(page, 'sidebar')).toEqual(['Messages']);

    await visit(page, `${running.current.fresh.url}/profile/${WALLET}`);
    await expect.poll(() => currentLinks(page, 'sidebar')).toEqual(['Profile']);

    // Sidebar extras and the top bar's wallet slot.
    expect(await page.getByText('Integration Preview • X / Instagram').isVisible()).toBe(true);
    const box = page.getByRole('region', { name: 'DUM Token' });
    expect(await box.isVisible()).toBe(true);
    expect(await box.locator('dd').allTextContents()).toEqual(['0 DUM', '0 DUM', '0 DUM']);
    await box.getByRole('button', { name: 'Stake Tokens' }).click();
    // Inside the toast viewport (its text is also announced in a hidden live region).
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Wallet Required')
      .waitFor();
    expect(await page.locator('[data-slot="wallet-control"]').nth(1).isVisible()).toBe(true);
    // The profile of a wallet no user signed in with is the API's 404.
    expect(withoutExpected404(errors)).toEqual([]);
    await context.close();
  });

  it('navigates with the four-link bottom bar on a phone', async () => {
    const { page, context, errors } = await openPage(running.current.browser, PHONE);
    await visit(page, running.current.fresh.url + '/');
    expect(await mainNav(page, 'sidebar').isVisible()).toBe(false);
    const bottom = mainNav(page, 'bottom');
    expect(await bottom.isVisible()).toBe(true);
    expect(await bottom.getByRole('link').allTextContents()).toEqual([
      'Feed',
      'My Vaults',
      'Mystery Vaults',
      'Time Capsules',
    ]);
    await expect.poll(() => currentLinks(page, 'bottom')).toEqual(['Feed']);
    await bottom.getByRole('link', { name: 'Time Capsules' }).click();
    await page.waitForURL('**/time-capsules');
    await expectHeading(page, /^Time Capsules$/);
    await expect.poll(() => currentLinks(page, 'bottom')).toEqual(['Time Capsules']);
    // Header: logo and wallet control.
    expect(await page.getByRole('link', { name: 'Dum Club home' }).first().isVisible()).toBe(true);
    expect(await page.locator('[data-slot="wallet-control"]').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('has the footer on %s, with working legal links', async (_name, viewport) => {
    const { page, context, errors } = await openPage(running.current.browser, viewport);
    await visit(page, running.current.fresh.url + '/');
    const footer = page.getByRole('contentinfo');
    const text = (await footer.textContent()) ?? '';
    expect(text).toContain('Dum Club');
    expect(text).toContain('DevNet Preview');
    expect(text).toContain(`© ${new Date().getFullYear()} Dum Club`);
    expect(text).toContain('DevNet Preview • Test tokens only • No real monetary value');
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL('**/terms');
    await expectHeading(page, 'Terms of Service');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await expectHeading(page, 'Privacy Policy');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found screen for an unknown path, inside the shell', async () => {
    const { page, context, errors } = await openPage(running.current.browser, PHONE);
    await page.goto(running.current.fresh.url + '/vaults');
    await expectHeading(page, 'Page not found');
    expect(await page.getByText('/vaults', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to the feed' }).click();
    await expectHeading(page, 'Feed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'shows the halving banner on a fresh ledger (%s) and hides it when dismissed',
    async (_name, viewport) => {
      const { page, context, errors } = await openPage(running.current.browser, viewport);
      await page.goto(running.current.fresh.url + '/');
      const banner = page.getByTestId('halving-banner');
      await banner.waitFor();
      expect(await banner.getAttribute('data-urgency')).toBe('calm');
      expect(await page.getByTestId('halving-events-left').textContent()).toBe('70,000');
      expect(await page.getByTestId('halving-current-reward').textContent()).toBe('150 DUM');
      expect(await page.getByTestId('halving-next-reward').textContent()).toBe('75 DUM');
      expect(await page.getByTestId('halving-epoch').textContent()).toBe('Epoch 0');
      expect(await banner.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
      expect(await banner.textContent()).not.toContain('⚡');
      // Sticky: still on screen after scrolling the page.
      await page.goto(running.current.fresh.url + '/terms');
      await pageHeading(page);
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      const box = await banner.boundingBox();
      expect(box?.y).toBe(0);

      await banner.getByRole('button', { name: 'Dismiss halving banner' }).click();
      expect(await banner.count()).toBe(0);
      // Remembered for the session: a reload keeps it hidden.
      await page.reload();
      await pageHeading(page);
      await page.waitForLoadState('networkidle');
      expect(await banner.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('turns urgent under 1000 events left (pulse, lightning)', async () => {
    const { page, context, errors } = await openPage(running.current.browser, DESKTOP);
    await page.goto(running.current.urgent.url + '/');
    const banner = page.getByTestId('halving-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-urgency')).toBe('urgent');
    expect(await page.getByTestId('halving-events-left').textContent()).toBe('500');
    expect(await banner.textContent()).toMatch(/^⚡ 500 events until the Meme Halving/);
    expect(await banner.locator('.animate-pulse').count()).toBe(1);
    expect(await banner.locator('.animate-bounce').count()).toBe(0);
    const animation = await banner
      .locator('.animate-pulse')
      .evaluate((element) => getComputedStyle(element).animationName);
    expect(animation).toBe('pulse');
    expect(await banner.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('99.3');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('turns critical under 100 events left (bounce), and respects reduced motion', async () => {
    const { page, context, errors } = await openPage(running.current.browser, PHONE);
    await page.goto(running.current.critical.url + '/');
    const banner = page.getByTestId('halving-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-urgency')).toBe('critical');
    expect(await page.getByTestId('halving-events-left').textContent()).toBe('50');
    expect(await banner.textContent()).toContain('⚡');
    const bouncing = banner.locator('.animate-bounce');
    expect(await bouncing.count()).toBe(1);
    expect(await bouncing.evaluate((element) => getComputedStyle(element).animationName)).toBe(
      'bounce',
    );
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await bouncing.evaluate((element) => getComputedStyle(element).animationName)).toBe(
      'none',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the red banner on a Replit domain only', async () => {
    const { page, context, errors } = await openPage(running.current.browser, PHONE);
    const replit = 'http://dum-club.alice.replit.dev';
    // Serve the real app under a Replit host name (no redirect, so the CSP's 'self' holds).
    await context.route(`${replit}/**`, async (route) => {
      const response = await route.fetch({
        url: route.request().url().replace(replit, running.current.fresh.url),
      });
      const headers = response.headers();
      // Browsers ignore (and complain about) this header on a plain-http, non-localhost origin.
      delete headers['cross-origin-opener-policy'];
      await route.fulfill({ response, headers });
    });
    await page.goto(replit + '/');
    const alert = page.getByRole('alert').filter({ hasText: 'Testing is disabled' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Railway');
    await page.goto(running.current.fresh.url + '/');
    await pageHeading(page);
    expect(await page.getByText('Testing is disabled').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the error fallback when a page fails to load, keeping the shell', async () => {
    // No service worker (newTestContext's default): once one controls the page it answers the
    // page's chunk from its precache, and the failing route below would never see the request.
    const context = await newTestContext(running.current.browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.route('**/assets/terms-page-*.js', (route) =>
      route.fulfill({ status: 500, body: 'boom' }),
    );
    await page.goto(running.current.fresh.url + '/');
    await pageHeading(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    const fallback = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await fallback.waitFor();
    expect(await fallback.getByRole('button').allTextContents()).toEqual([
      'Reload Page',
      'Go to Homepage',
    ]);
    expect(await fallback.getByText('Wallet Connection Issue').count()).toBe(0);
    // The navigation still works around the failed page, and leaving it clears the error.
    await mainNav(page, 'sidebar').getByRole('link', { name: 'Analytics' }).click();
    await expectHeading(page, 'Analytics');
    expect(await fallback.count()).toBe(0);

    await page.goto(running.current.fresh.url + '/terms');
    await fallback.waitFor();
    await fallback.getByRole('button', { name: 'Go to Homepage' }).click();
    await page.waitForURL(running.current.fresh.url + '/');
    await expectHeading(page, 'Feed');
    await context.close();
  });
});
