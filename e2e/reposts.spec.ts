import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { DESKTOP, openPage } from './support/browser-test-kit.ts';
import {
  newBurnerWalletKey,
  presetBurnerKey,
  useBurnerKey,
} from './support/burner-wallet-test-kit.ts';
import { composer } from './support/feed-page-test-kit.ts';
import { expectFocusOn } from './support/keyboard-test-kit.ts';
import { startServer } from './support/server-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Reposts and quote posts in Chromium against the production server: a wallet posts (desktop);
 * a second wallet on a 390 px phone reposts it and quotes it by keyboard alone (the repost
 * menu, the quote composer with the quoted card); the author sees the repost count, the quote
 * with the quoted card, and the notifications. axe finds nothing on the menu, the composer or
 * the quote.
 */

const PHONE_390 = { width: 390, height: 844 } as const;
const ORIGINAL = 'Sunset over the harbour, best one this year';
const QUOTE = 'This is exactly the vibe';

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

function cardOf(page: Page, postId: string): Locator {
  return page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
}

/** The composer's text box, whatever role its mention suggestions give it. */
function composerBox(page: Page): Locator {
  return composer(page).locator('[data-composer-input]');
}

/** Opens `url` with a new burner wallet and signs in with it from the composer. */
async function signIn(page: Page, url: string): Promise<string> {
  const key = newBurnerWalletKey();
  await useBurnerKey(page, key);
  await page.goto(url);
  await presetBurnerKey(page);
  await composer(page).getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Burner Wallet/ })
    .click();
  await expect.poll(() => composerBox(page).isEnabled(), { timeout: 20_000 }).toBe(true);
  return key.address;
}

function unexpected(errors: string[]): string[] {
  return errors.filter((error) => !/status of (401|404)/.test(error));
}

describe('reposts and quote posts', () => {
  const suite = serverAndBrowserForSuite(() => startServer());

  it('a post is reposted and quoted by keyboard, and its author sees both', async () => {
    const author = await openPage(suite.browser, DESKTOP);
    await signIn(author.page, suite.server.url + '/');
    await composerBox(author.page).fill(ORIGINAL);
    await composer(author.page).getByRole('button', { name: 'Post' }).click();
    await author.page.getByText('Posted!').first().waitFor({ timeout: 20_000 });
    const own = author.page.getByTestId('post-card').filter({ hasText: ORIGINAL });
    const postId = await own.first().getAttribute('data-post-id');
    expect(postId).toMatch(/^\d+$/);

    // A second wallet on a phone reposts it with the keyboard alone.
    const fan = await openPage(suite.browser, PHONE_390);
    const fanAddress = await signIn(fan.page, suite.server.url + '/');
    const card = cardOf(fan.page, postId!);
    await card.waitFor({ timeout: 20_000 });
    await card.scrollIntoViewIfNeeded();
    const repost = card.getByRole('button', { name: /^Repost, 0$/ });
    await repost.focus();
    await fan.page.keyboard.press('Enter');
    const menu = fan.page.getByRole('menu');
    await menu.waitFor();
    await screenshot(fan.page, 'repost-menu-390');
    expect(await axeReport(fan.page, 'repost menu', '[role="menu"]')).toBe('');
    await fan.page.keyboard.press('ArrowDown');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Repost' }), 'the Repost item');
    await fan.page.keyboard.press('Enter');
    const reposted = card.getByRole('button', { name: /^Reposted, 1$/ });
    await reposted.waitFor({ timeout: 20_000 });

    // Quote it: the composer opens with the post in it.
    await reposted.focus();
    await fan.page.keyboard.press('Enter');
    await menu.waitFor();
    await fan.page.keyboard.press('ArrowDown');
    await fan.page.keyboard.press('ArrowDown');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Quote' }), 'the Quote item');
    await fan.page.keyboard.press('Enter');
    const dialog = fan.page.getByRole('dialog', { name: 'Quote post' });
    await dialog.waitFor();
    const box = dialog.getByRole('textbox', { name: 'Your comment' });
    await expectFocusOn(box, 'the quote text box');
    await fan.page.keyboard.type(QUOTE);
    expect(await dialog.getByTestId('quoted-card').textContent()).toContain(ORIGINAL);
    await screenshot(fan.page, 'quote-composer-390');
    expect(await axeReport(fan.page, 'quote composer', '[role="dialog"]')).toBe('');
    // Tab reaches Post past the quoted card's link and Cancel; Ctrl+Enter posts from the box.
    await fan.page.keyboard.press('Tab');
    await fan.page.keyboard.press('Tab');
    await fan.page.keyboard.press('Tab');
    await expectFocusOn(dialog.getByRole('button', { name: 'Post' }), 'the Post button');
    await box.focus();
    await fan.page.keyboard.press('Control+Enter');
    await fan.page.getByText('Posted!').first().waitFor({ timeout: 20_000 });
    const quote = fan.page.getByTestId('post-card').filter({ hasText: QUOTE }).first();
    await quote.getByTestId('quoted-card').waitFor();
    await quote.scrollIntoViewIfNeeded();
    await screenshot(fan.page, 'quote-in-feed-390');
    const quoteId = await quote.getAttribute('data-post-id');
    expect(await axeReport(fan.page, 'quote post', `[data-post-id="${quoteId}"]`)).toBe('');

    // The author: told of both, the count and the quote in the feed.
    // The toasts have come and gone by now: the bell keeps them.
    const bell = author.page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 30_000 });
    await bell.click();
    const list = author.page.getByRole('dialog').getByRole('list');
    await list.getByRole('listitem').filter({ hasText: 'New Quote' }).waitFor({ timeout: 30_000 });
    const repostItem = list.getByRole('listitem').filter({ hasText: 'New Repost' });
    expect(await repostItem.textContent()).toContain('reposted your post');
    await screenshot(author.page, 'notifications-1440');
    expect(await axeReport(author.page, 'notification list', '[role="dialog"]')).toBe('');
    await author.page.keyboard.press('Escape');
    await author.page.reload();
    const authorsQuote = cardOf(author.page, quoteId!);
    await authorsQuote.getByTestId('quoted-card').waitFor({ timeout: 20_000 });
    await cardOf(author.page, postId!)
      .getByRole('button', { name: /^Repost, 1$/ })
      .waitFor({ timeout: 20_000 });
    await authorsQuote.scrollIntoViewIfNeeded();
    await screenshot(author.page, 'quote-in-feed-1440');
    expect(await axeReport(author.page, 'quote post', `[data-post-id="${quoteId}"]`)).toBe('');
    await authorsQuote.getByRole('button', { name: /^Repost, 0$/ }).click();
    await author.page.getByRole('menu').waitFor();
    await screenshot(author.page, 'repost-menu-1440');
    await author.page.keyboard.press('Escape');

    // The author follows the fan: on the Following tab their post says who reposted it.
    await author.page.goto(`${suite.server.url}/profile/${fanAddress}`);
    const profile = author.page.getByTestId('profile');
    await profile.getByRole('button', { name: /^Follow / }).click();
    await profile.getByRole('button', { name: /^Unfollow / }).waitFor();
    await author.page.goto(suite.server.url + '/');
    const tab = author.page.getByRole('tablist', { name: 'Feeds' }).getByRole('tab', {
      name: 'Following',
    });
    await tab.click();
    const shown = cardOf(author.page, postId!);
    await shown.getByText(/^Reposted by/).waitFor({ timeout: 20_000 });
    await shown.scrollIntoViewIfNeeded();
    await screenshot(author.page, 'reposted-by-1440');
    expect(await axeReport(author.page, 'reposted post', `[data-post-id="${postId}"]`)).toBe('');

    expect(unexpected(author.errors)).toEqual([]);
    expect(unexpected(fan.errors)).toEqual([]);
  }, 180_000);
});
