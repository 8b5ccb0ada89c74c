import { chromium, type Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser, OMNIBOX_POPUP_FEATURES } from './support/browser-test-kit.ts';

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
});
