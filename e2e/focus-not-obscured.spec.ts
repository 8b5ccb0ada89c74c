import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE } from './support/browser-test-kit.ts';
import {
  connectBurnerWallet,
  postThroughApi,
  withoutExpected404,
} from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * WCAG 2.4.11 (focus not obscured) in Chromium: walking up a long feed with Shift+Tab and down
 * again with Tab, the browser scrolls each stop into view, and none of them may land under the
 * sticky header or, on a phone, under the fixed bottom bar. (Browsers scroll the least they can,
 * so without the page's scroll padding a stop above the view lands exactly under the header.)
 */

const STOPS = 40;

/**
 * Where the focused element is hidden, if it is: under the sticky header (the block holding
 * the banners and the top bar, just before main) or under the bottom bar when one shows.
 */
function hiddenFocus(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    const header = document.getElementById('main')?.previousElementSibling;
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    const bar = document.querySelector('nav[aria-label="Main"].fixed');
    const barTop =
      bar && getComputedStyle(bar).display !== 'none'
        ? bar.getBoundingClientRect().top
        : window.innerHeight;
    const what = `${focused.tagName.toLowerCase()} "${focused.textContent.trim().slice(0, 40)}"`;
    // Part of the focused element may show; hidden means its whole box is under either bar.
    if (box.bottom <= headerBottom + 1)
      return `${what} under the header (${box.bottom} ≤ ${headerBottom})`;
    if (box.top >= barTop - 1) return `${what} under the bottom bar (${box.top} ≥ ${barTop})`;
    return null;
  });
}

describe('focus is never hidden under the sticky header or the bottom bar', () => {
  const suite = serverAndBrowserForSuite();

  for (const [name, size] of [
    ['375 px', PHONE],
    ['1440 px', DESKTOP],
  ] as const) {
    it(`Shift+Tab up a long feed and Tab down it again at ${name}`, async () => {
      const { page, context, errors } = await openPage(suite.browser, size);
      await page.goto(suite.server.url + '/');
      await connectBurnerWallet(page);
      const label = `focus ${size.width}`;
      const created = await postThroughApi(
        page,
        Array.from({ length: 12 }, (_, i) => `${label} post ${i + 1}`),
      );
      expect(created).toBe(12);
      await page.reload();
      await page.getByText(`${label} post 12`, { exact: true }).waitFor();
      // Long enough that walking up it scrolls.
      expect(
        await page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight),
      ).toBeGreaterThan(2);

      // From the lowest post's Like button in the page, up to the top, then down again.
      await page
        .getByRole('button', { name: /^Like, / })
        .last()
        .focus();
      const hidden: string[] = [];
      for (const key of ['Shift+Tab', 'Tab']) {
        for (let stop = 0; stop < STOPS; stop++) {
          await page.keyboard.press(key);
          // The browser scrolls the new stop into view on a later frame.
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          );
          const where = await hiddenFocus(page);
          if (where) hidden.push(`${key}: ${where}`);
        }
      }
      expect(hidden).toEqual([]);
      expect(withoutExpected404(errors)).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
