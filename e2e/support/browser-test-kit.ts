import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) {
    throw new Error(
      'Chromium not found. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.',
    );
  }
  return found;
}

/**
 * The features Playwright turns off by its own default arguments. Chromium keeps only the last
 * `--disable-features` of its command line, so a list of ours has to repeat them (chromium.spec
 * checks that it still does).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The browser's own address-bar popup. Headless Chromium is the whole browser without a screen,
 * and it builds that popup (a WebUI page of about 300 chrome:// files, in a renderer of its own)
 * for every window, so for every test context: 0.35 CPU-seconds a context with it, 0.2 without.
 * No web page can see or reach it.
 */
export const OMNIBOX_POPUP_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
  'PreloadTopChromeWebUI',
];

/**
 * The flags for every Chromium we start: what this closed network needs (no background calls),
 * and no address-bar popup.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

/** Headless Debian Chromium with CHROMIUM_FLAGS. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

let processBrowser: Promise<Browser> | undefined;

/**
 * The Chromium of this test process, which its browser files use one after another (a vitest
 * worker runs its files in turn), each in contexts of its own, which share nothing: so a file
 * does not pay for a browser's start and stop. Launched again when it has crashed or closed.
 * It ends with the process (Playwright closes what it launched when its process exits).
 */
export async function sharedBrowser(): Promise<Browser> {
  const asked = processBrowser;
  if (asked) {
    const browser = await asked.catch(() => undefined);
    if (browser?.isConnected()) return browser;
    // Another caller launched the next one meanwhile: that one is ours too.
    if (processBrowser !== asked) return sharedBrowser();
  }
  processBrowser = launchBrowser();
  return processBrowser;
}

/** A file is done with the shared browser: the contexts it left open close with it. */
export async function releaseSharedBrowser(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}

export interface PageWithErrors {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

export interface TestContextOptions extends Omit<BrowserContextOptions, 'serviceWorkers'> {
  /**
   * Whether the app's service worker may register (default no). Only the suites about the
   * worker itself (the PWA and push) need it: a context that lets it install downloads and
   * stores the whole build into its precache after the first page loads, about a second of
   * Chromium's CPU in every context that opens the app.
   */
  serviceWorker?: boolean;
}

/**
 * A fresh context for a browser test. Without `serviceWorker`, the pages are those of a browser
 * where service workers are off: `register()` rejects with a SecurityError, as it does where
 * storage is denied, and the app runs as an ordinary page (features/pwa/service-worker.ts).
 * STAND-IN-NO-SERVICE-WORKERS: Chromium has no switch that turns service workers off, so
 * `register()` is replaced by that refusal (Playwright's `serviceWorkers: 'block'` replaces it
 * with one that resolves with nothing, which no browser does and the app does not expect).
 */
export async function newTestContext(
  browser: Browser,
  { serviceWorker = false, ...options }: TestContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  if (!serviceWorker) {
    await context.addInitScript(() => {
      if (!('ServiceWorkerContainer' in self)) return;
      ServiceWorkerContainer.prototype.register = () =>
        Promise.reject(
          new DOMException('Service workers are off in this browser', 'SecurityError'),
        );
    });
  }
  return context;
}

/**
 * A fresh context (newTestContext) and page that records page errors, so a test can assert
 * there were none; `locale` is the browser's language (navigator.languages), English by default.
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  { locale, serviceWorker }: Pick<TestContextOptions, 'locale' | 'serviceWorker'> = {},
): Promise<PageWithErrors> {
  const context = await newTestContext(browser, { viewport, locale, serviceWorker });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * Starts watching `page` for the toast titled `title`; answers, once it shows, the text of the
 * toasts region at that moment. A toast stays five seconds, so the watch starts before the step
 * that causes it and is awaited after whatever the test checks in between, which can take longer
 * than that on a busy machine.
 */
export function watchForToast(page: Page, title: string): Promise<string> {
  const region = page.getByRole('region', { name: /Notifications/ });
  const shown = region
    .getByText(title, { exact: true })
    .waitFor({ timeout: 60_000 })
    .then(async () => (await region.textContent()) ?? '');
  shown.catch(() => {}); // awaited by the caller; a failure before then must not go unhandled
  return shown;
}

/** Saves a screenshot of the page as `{name}.png` when E2E_SCREENSHOT_DIR is set (to look at). */
export async function saveScreenshotIfAsked(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
