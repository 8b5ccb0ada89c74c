import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { DESKTOP, openPage } from './support/browser-test-kit.ts';
import { newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import { composer, composerText, signInWithBurnerKey } from './support/feed-page-test-kit.ts';
import { expectFocusOn } from './support/keyboard-test-kit.ts';
import { startServer } from './support/server-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Polls in Chromium against the production server: a wallet writes a poll in the feed's
 * composer (desktop); a second wallet (a 390 px phone) votes by keyboard alone (arrow keys in
 * the radio group, Tab to Vote, Enter) and sees the shares; the server's clock moves past the
 * end, the ending job tells the author ('Poll Ended' in the bell), and both see the final
 * results. axe finds nothing on the composer's poll, the ballot and the results.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLOCK_SHIFT = pathToFileURL(path.join(HERE, 'support/clock-shift.mjs')).href;
const PHONE_390 = { width: 390, height: 844 } as const;
const QUESTION = 'Tea or coffee this morning?';
/** Past the one-hour poll. */
const SHIFT_MS = 60 * 60 * 1000 + 2 * 60_000;
/** Well before its end, past the access token's 15 minutes. */
const BEFORE_END_MS = 50 * 60 * 1000;

function unexpected(errors: string[]): string[] {
  // Chromium logs every 4xx as a console error; the expired-token 401 after the clock jump is
  // answered by a refresh.
  return errors.filter((error) => !/status of (401|404)/.test(error));
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

function cardOf(page: Page, postId: string): Locator {
  return page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
}

describe('polls', () => {
  let clockDir: string;
  let clockFile: string;

  beforeAll(async () => {
    clockDir = await mkdtemp(path.join(os.tmpdir(), 'dum-e2e-clock-'));
    clockFile = path.join(clockDir, 'offset');
    await writeFile(clockFile, '0');
  });
  afterAll(async () => {
    await rm(clockDir, { recursive: true, force: true });
  });
  const suite = serverAndBrowserForSuite(() =>
    startServer({
      env: {
        NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${CLOCK_SHIFT}`]
          .filter(Boolean)
          .join(' '),
        DUM_E2E_CLOCK_OFFSET_FILE: clockFile,
      },
    }),
  );

  it('a poll is written, voted by keyboard, hides its counts until then, and ends once', async () => {
    const author = await openPage(suite.browser, DESKTOP);
    await signInWithBurnerKey(author.page, suite.server.url + '/', newBurnerWalletKey());
    await composer(author.page).getByRole('button', { name: 'Poll', exact: true }).click();
    const fields = composer(author.page).getByRole('group', { name: 'Poll' });
    await fields.getByRole('textbox', { name: 'Option 1' }).fill('Tea');
    await fields.getByRole('textbox', { name: 'Option 2' }).fill('Coffee');
    await fields.getByRole('button', { name: 'Add option' }).click();
    await fields.getByRole('textbox', { name: 'Option 3' }).fill('Neither');
    await fields.getByLabel('Poll length').selectOption({ label: '1 hour' });
    await composerText(author.page).fill(QUESTION);
    await screenshot(author.page, 'composer-poll-1440');
    expect(await axeReport(author.page, 'composer with a poll', '[data-testid="composer"]')).toBe(
      '',
    );
    await composer(author.page).getByRole('button', { name: 'Post' }).click();
    await author.page.getByText('Posted!').first().waitFor({ timeout: 20_000 });
    const own = author.page.getByTestId('post-card').filter({ hasText: QUESTION });
    await own.getByTestId('poll').waitFor();
    const postId = await own.getAttribute('data-post-id');
    expect(postId).toMatch(/^\d+$/);
    // The author has not voted: no counts, the ballot.
    expect(await own.getByTestId('poll').textContent()).not.toContain('%');
    await screenshot(author.page, 'poll-ballot-1440');

    // A second wallet on a phone votes with the keyboard alone.
    const reader = await openPage(suite.browser, PHONE_390);
    await signInWithBurnerKey(reader.page, suite.server.url + '/', newBurnerWalletKey());
    if (process.env.E2E_SCREENSHOT_DIR) {
      const toggle = composer(reader.page).getByRole('button', { name: 'Poll', exact: true });
      await toggle.click();
      const group = composer(reader.page).getByRole('group', { name: 'Poll' });
      await group.waitFor();
      await group.scrollIntoViewIfNeeded();
      await screenshot(reader.page, 'composer-poll-390');
      await toggle.click();
    }
    const card = cardOf(reader.page, postId!);
    const poll = card.getByTestId('poll');
    await poll.waitFor({ timeout: 20_000 });
    await poll.scrollIntoViewIfNeeded();
    expect(await poll.textContent()).not.toContain('%');
    expect(await poll.getByTestId('poll-status').textContent()).toMatch(
      /left · Results show after you vote$/,
    );
    await screenshot(reader.page, 'poll-ballot-390');
    expect(await axeReport(reader.page, 'poll ballot', `[data-post-id="${postId}"]`)).toBe('');

    const tea = poll.getByRole('radio', { name: 'Tea' });
    const coffee = poll.getByRole('radio', { name: 'Coffee' });
    await tea.focus();
    await reader.page.keyboard.press('Space');
    expect(await tea.isChecked()).toBe(true);
    // The arrow keys move the choice within the group, as radio buttons do.
    await reader.page.keyboard.press('ArrowDown');
    expect(await coffee.isChecked()).toBe(true);
    await expectFocusOn(coffee, 'the second option');
    await reader.page.keyboard.press('Tab');
    await expectFocusOn(poll.getByRole('button', { name: 'Vote' }), 'the Vote button');
    await reader.page.keyboard.press('Enter');

    const results = poll.getByTestId('poll-results');
    await results.waitFor({ timeout: 20_000 });
    expect(await results.getByRole('listitem').allTextContents()).toEqual([
      'Tea0%, 0 votes',
      'Coffee (your vote)100%, 1 vote',
      'Neither0%, 0 votes',
    ]);
    expect(await poll.getByTestId('poll-status').textContent()).toMatch(/^1 vote · /);
    await screenshot(reader.page, 'poll-results-390');
    expect(await axeReport(reader.page, 'poll results', `[data-post-id="${postId}"]`)).toBe('');

    // Fifty minutes on, the server's clock has outrun the author's access token, so their socket
    // is closed: a reload signs in again (a fresh token) and reconnects, and the news of the end
    // cannot fall between the close and the reconnect.
    await writeFile(clockFile, String(BEFORE_END_MS));
    await author.page.reload();
    await expect.poll(() => composerText(author.page).isEnabled(), { timeout: 30_000 }).toBe(true);
    await author.page.getByRole('button', { name: /^Notifications/ }).click();
    await author.page.getByRole('dialog').getByText('Live').waitFor({ timeout: 30_000 });
    await author.page.keyboard.press('Escape');
    // Then past the end: the job tells the author (the pages keep their own time: the server
    // says the poll ended).
    await writeFile(clockFile, String(SHIFT_MS));
    const toasts = author.page.getByRole('region', { name: /Notifications/ });
    await toasts.getByText('Poll Ended', { exact: true }).waitFor({ timeout: 60_000 });
    const bell = author.page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    const list = author.page.getByRole('dialog').getByRole('list');
    const item = list.getByRole('listitem').filter({ hasText: 'Poll Ended' });
    expect(await item.textContent()).toContain('Your poll ended with 1 vote: see the results');
    await screenshot(author.page, 'poll-ended-notification-1440');
    expect(await axeReport(author.page, 'notification list', '[role="dialog"]')).toBe('');
    await item.getByRole('link').click();
    await author.page.waitForURL(`**/posts/${postId}`);
    const final = author.page.getByTestId('poll');
    await final.getByTestId('poll-results').waitFor({ timeout: 20_000 });
    expect(await final.getByTestId('poll-status').textContent()).toBe('Final results · 1 vote');
    expect(await final.getByRole('radio').count()).toBe(0);
    await screenshot(author.page, 'poll-final-1440');

    await reader.page.reload();
    const ended = cardOf(reader.page, postId!).getByTestId('poll');
    await expect
      .poll(() => ended.getByTestId('poll-status').textContent(), { timeout: 20_000 })
      .toBe('Final results · 1 vote');
    await ended.scrollIntoViewIfNeeded();
    await screenshot(reader.page, 'poll-final-390');

    expect(unexpected(author.errors)).toEqual([]);
    expect(unexpected(reader.errors)).toEqual([]);
    // The ending job runs every 15 s: room for a slow machine between its runs.
  }, 180_000);
});
