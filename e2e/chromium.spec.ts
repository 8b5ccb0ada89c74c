import { chromium, type Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chromiumPath,
  launchBrowser,
  OMNIBOX_POPUP_FEATURES,
  releaseSharedBrowser,
  sharedBrowser,
} from './support/browser-test-kit.ts';

/**
 * The features a browser turned off from its command line, as its chrome://version page lists
 * them (base64 JSON of the parsed `--disable-features`).
 */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('chrome://version');
    const encoded = /eyJ[A-Za-z0-9+/=]+/.exec(await page.content())?.[0] ?? '';
    const variations = JSON.parse(Buffer.from(encoded, 'base64').toString()) as {
      'disable-features'?: string;
    };
    return (variations['disable-features'] ?? '').split(',').filter(Boolean);
  } finally {
    await context.close();
  }
}

describe('the browser tests’ Chromium', () => {
  it('keeps Playwright’s own turned-off features beside ours', async () => {
    const [bare, ours] = await Promise.all([
      chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox'] }),
      launchBrowser(),
    ]);
    try {
      const [playwrights, withOurs] = await Promise.all([
        disabledFeatures(bare),
        disabledFeatures(ours),
      ]);
      expect(playwrights).toContain('HttpsUpgrades');
      expect(withOurs.sort()).toEqual(
        [...new Set([...playwrights, ...OMNIBOX_POPUP_FEATURES])].sort(),
      );
    } finally {
      await Promise.all([bare.close(), ours.close()]);
    }
  });

  it('lends one Chromium to the files of a worker in turn, and launches another once it closed', async () => {
    const first = await sharedBrowser();
    // A file that leaves a context open: its end closes it.
    await first.newContext();
    await releaseSharedBrowser(first);
    expect(first.contexts()).toEqual([]);
    expect(await sharedBrowser()).toBe(first);

    // Closed (or crashed): the next files get a new one, one between them.
    await first.close();
    const [next, alsoNext] = await Promise.all([sharedBrowser(), sharedBrowser()]);
    expect(next).not.toBe(first);
    expect(alsoNext).toBe(next);
    expect(next.isConnected()).toBe(true);
  });
});
