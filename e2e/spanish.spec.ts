import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import {
  DESKTOP,
  PHONE,
  openPage,
  saveScreenshotIfAsked,
  type PageWithErrors,
} from './support/browser-test-kit.ts';
import { airdrop, newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import { seedContent, type Seed } from './support/content-test-kit.ts';
import { signInWithBurnerKey } from './support/feed-page-test-kit.ts';
import { englishLeftOn, englishTextsTranslatedInSpanish } from './support/i18n-test-kit.ts';
import { ROUTE_URLS, walkTo } from './support/routes-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

const SOL = 1_000_000_000n;
/** Where the app keeps a chosen language (apps/web/src/lib/i18n, LOCALE_STORAGE_KEY). */
const LOCALE_KEY = 'dum-locale';

/**
 * The app for a reader whose browser speaks Spanish: every route, signed out and signed in, at
 * 375 and 1440 px, is in Spanish (the page's `lang`, and no English text the catalogues
 * translate left on screen) and clean under axe (WCAG 2.2 AA). E2E_SCREENSHOT_DIR keeps a
 * screenshot of each to look at.
 */
describe('the app in Spanish', () => {
  const suite = serverAndBrowserForSuite();
  let seed: Seed;
  let english: string[];
  let signedOut: PageWithErrors;
  let signedIn: PageWithErrors;
  let signingIn: Promise<void> | null = null;

  beforeAll(async () => {
    [seed, english] = await Promise.all([
      seedContent(suite.server.url),
      englishTextsTranslatedInSpanish(),
    ]);
    [signedOut, signedIn] = await Promise.all([
      openPage(suite.browser, PHONE, { locale: 'es-ES' }),
      openPage(suite.browser, PHONE, { locale: 'es-ES' }),
    ]);
  });

  afterAll(async () => {
    for (const opened of [signedOut, signedIn] as (PageWithErrors | undefined)[]) {
      await opened?.context.close();
    }
  });

  /** Signs in once, in English (the sign-in kit clicks English names), then reads in Spanish. */
  async function signedInPage() {
    signingIn ??= (async () => {
      const { page } = signedIn;
      const viewerKey = newBurnerWalletKey();
      await airdrop(suite.server.url, viewerKey.address, SOL);
      await page.goto(suite.server.url + '/terms');
      await page.evaluate((key) => localStorage.setItem(key, 'en'), LOCALE_KEY);
      await signInWithBurnerKey(page, suite.server.url + '/', viewerKey);
      // No choice kept: the browser's Spanish decides again, when the app next starts (a walk
      // then goes from page to page in the app).
      await page.evaluate((key) => localStorage.removeItem(key), LOCALE_KEY);
      await page.reload();
      await page.locator('main h1').first().waitFor();
    })();
    await signingIn;
    return signedIn.page;
  }

  it('knows a good many English texts to look for', () => {
    expect(english.length).toBeGreaterThan(300);
  });

  for (const state of ['signed out', 'signed in'] as const) {
    for (const [width, viewport] of [
      ['375', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      it(`every route, ${state}, ${width} px wide`, async () => {
        const page = state === 'signed in' ? await signedInPage() : signedOut.page;
        await page.setViewportSize(viewport);
        let report = '';
        for (const [route, url] of Object.entries(ROUTE_URLS)) {
          const where = `${url(seed)} (${route}, ${state}, ${width} px)`;
          await walkTo(page, suite.server.url + url(seed));
          const lang = await page.evaluate(() => document.documentElement.lang);
          if (lang !== 'es') report += `${where}: <html lang="${lang}">\n`;
          report += await axeReport(page, where);
          const left = await englishLeftOn(page, english);
          if (left.length > 0) report += `${where}: English left: ${JSON.stringify(left)}\n`;
          await saveScreenshotIfAsked(
            page,
            `es-${state.replace(' ', '-')}-${width}-${route.replace(/[/:*]/g, '_') || 'index'}`,
          );
        }
        expect(report, report).toBe('');
      }, 300_000);
    }
  }

  it('switches from English in the wallet menu and in the footer, and remembers the choice', async () => {
    const reader = await openPage(suite.browser, DESKTOP, { locale: 'en-US' });
    try {
      const { page } = reader;
      const viewerKey = newBurnerWalletKey();
      await airdrop(suite.server.url, viewerKey.address, SOL);
      await signInWithBurnerKey(page, suite.server.url + '/', viewerKey);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      // The sign-in's toast is the page's first, and the toaster's code loads with it
      // (ToasterHost): on a loaded machine it shows after the composer opens. It must be on
      // screen before the switch, or the wait below for it to go can pass before it comes.
      await page.locator('.toast-root', { hasText: 'Wallet Authenticated' }).waitFor();

      await page
        .getByRole('button', { name: /^Wallet menu/ })
        .filter({ visible: true })
        .click();
      await page.getByRole('menuitemradio', { name: 'Español' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // A toast raised before the switch keeps its words until it goes.
      await page.locator('.toast-root').first().waitFor({ state: 'detached', timeout: 15_000 });
      expect(await englishLeftOn(page, english)).toEqual([]);

      // The choice outlives the page; the footer's select switches back.
      await page.reload();
      await page.locator('main h1').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(reader.errors).toEqual([]);
    } finally {
      await reader.context.close();
    }
  }, 120_000);
});
