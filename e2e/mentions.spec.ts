import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { DESKTOP, openPage, saveScreenshotIfAsked } from './support/browser-test-kit.ts';
import { newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import { signInOverHttp, type ApiSession } from './support/api-wallet-test-kit.ts';
import {
  composer,
  composerText,
  postCard,
  signInWithBurnerKey,
} from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Mentions and muted words in Chromium, at 1440 px and 390 px: a wallet signed in over HTTP
 * takes a username; the browser's wallet types `@` and the start of it in the composer, picks it
 * from the list by keyboard (ArrowDown, Enter) and posts; the post's mention is a link to that
 * profile. The HTTP wallet mentions the browser's wallet by address, and the browser is told
 * ('New Mention'). Settings → Muted words: the empty list, a word added by keyboard with an end,
 * the post with it gone from the feed, then removed. axe finds nothing on either screen.
 */

const PHONE_390 = { width: 390, height: 844 } as const;

async function call(
  serverUrl: string,
  session: ApiSession,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
): Promise<unknown> {
  const res = await fetch(serverUrl + path, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.accessToken}`,
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function mentionByKeyboard(page: Page, prefix: string, username: string, shot: string) {
  const box = composerText(page);
  await box.click();
  await page.keyboard.type(`Big thanks to @${prefix}`);
  const list = page.getByRole('listbox', { name: 'People to mention' });
  await list.waitFor({ timeout: 15_000 });
  await list.getByRole('option', { name: new RegExp(`@${username}`) }).waitFor();
  await saveScreenshotIfAsked(page, shot);
  expect(await axeReport(page, `${shot}: the @ list open`)).toBe('');
  // The first option is active; ArrowDown and ArrowUp come back to it, Enter picks.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect.poll(() => box.inputValue()).toBe(`Big thanks to @${username} `);
  expect(await list.count()).toBe(0);
  await page.keyboard.type(`for the beats ${shot}`);
}

describe('mentions and muted words in the browser', () => {
  const suite = serverAndBrowserForSuite();

  it('mentions by keyboard, the link, the notification and muted words, phone and desktop', async () => {
    const stamp = Date.now().toString(36).slice(-6);
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE_390, 'phone'],
    ] as const) {
      const friend = await signInOverHttp(suite.origin);
      const username = `mx_${size.slice(0, 2)}${stamp}`;
      await call(suite.origin, friend, 'PATCH', '/api/users/me', { username });
      const key = newBurnerWalletKey();
      const { page, errors } = await openPage(suite.browser, viewport);
      await signInWithBurnerKey(page, suite.origin + '/', key);

      await mentionByKeyboard(
        page,
        username.slice(0, 5),
        username,
        `mentions-autocomplete-${size}`,
      );
      await composer(page).getByRole('button', { name: 'Post' }).click();
      const card = postCard(page, `for the beats mentions-autocomplete-${size}`);
      await card.waitFor();
      const link = card.getByRole('link', { name: `@${username}`, exact: true });
      expect(await link.getAttribute('href')).toBe(`/profile/${friend.wallet.address}`);

      // The friend mentions the browser's wallet by its address: the browser is told.
      await call(suite.origin, friend, 'POST', '/api/messages-v2/messages', {
        kind: 'public',
        body: `gm @${key.address} sol is up ${size}`,
      });
      const toasts = page.getByRole('region', { name: /Notifications/ });
      await toasts.getByText('New Mention', { exact: true }).waitFor({ timeout: 20_000 });
      await page.reload();
      await postCard(page, `sol is up ${size}`).waitFor({ timeout: 15_000 });
      await saveScreenshotIfAsked(page, `mentions-feed-${size}`);
      expect(await axeReport(page, `feed with mentions, ${size}`)).toBe('');

      await muteAndUnmute(page, suite.origin, size);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 120_000);
});

async function muteAndUnmute(page: Page, origin: string, size: string): Promise<void> {
  await page.goto(`${origin}/settings/muted-words`);
  await page.getByRole('heading', { level: 1, name: 'Muted words' }).waitFor();
  await page.getByText('You have not muted any words.').waitFor({ timeout: 15_000 });
  await page.getByLabel('Word or phrase').focus();
  await page.keyboard.type('SOL');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // Ends: after 24 hours
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  const unmute = page.getByRole('button', { name: 'Remove sol' });
  await unmute.waitFor();
  await page.getByText(/^Ends /).waitFor();
  await saveScreenshotIfAsked(page, `muted-words-${size}`);
  expect(await axeReport(page, `muted words, ${size}`)).toBe('');

  // The post with the word is gone from the feed; the viewer's own stays.
  await page.goto(`${origin}/`);
  await postCard(page, `for the beats mentions-autocomplete-${size}`).waitFor({ timeout: 15_000 });
  expect(await postCard(page, `sol is up ${size}`).count()).toBe(0);

  await page.goto(`${origin}/settings/muted-words`);
  await unmute.focus();
  await page.keyboard.press('Enter');
  await page.getByText('You have not muted any words.').waitFor();
}
