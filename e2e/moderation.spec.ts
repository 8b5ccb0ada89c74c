import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { DESKTOP, PHONE, openPage } from './support/browser-test-kit.ts';
import { newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import {
  composer,
  composerText,
  postCard,
  signInWithBurnerKey,
  withoutExpected404,
} from './support/feed-page-test-kit.ts';
import { startServer } from './support/server-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Moderation in Chromium against the production server: a wallet reports a post from its
 * menu, a moderator (MODERATOR_WALLETS) removes it from /moderation, and the reporter is told
 * and sees the decision under My reports, live. Everyone else gets the not-found screen at
 * /moderation. Both screens and the report dialog pass axe; screenshots go to
 * $SCREENSHOT_DIR when it is set.
 */

const moderatorKey = newBurnerWalletKey();
const SCAM = 'free SOL giveaway, connect your wallet at drain.example';

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

describe('moderation', () => {
  const suite = serverAndBrowserForSuite(() =>
    startServer({ env: { MODERATOR_WALLETS: moderatorKey.address } }),
  );

  it('a wallet reports a post, a moderator removes it, the reporter sees the decision', async () => {
    const author = await openPage(suite.browser, DESKTOP);
    const reporter = await openPage(suite.browser, PHONE);
    const moderator = await openPage(suite.browser, DESKTOP);
    const authorKey = newBurnerWalletKey();
    await signInWithBurnerKey(author.page, suite.server.url + '/', authorKey);
    await signInWithBurnerKey(reporter.page, suite.server.url + '/', newBurnerWalletKey());
    await signInWithBurnerKey(moderator.page, suite.server.url + '/', moderatorKey);

    // The author posts the scam.
    await composerText(author.page).fill(SCAM);
    await composer(author.page).getByRole('button', { name: 'Post' }).click();
    await postCard(author.page, SCAM).waitFor();

    // The reporter reports it from the post's menu.
    await reporter.page.reload();
    const card = postCard(reporter.page, SCAM);
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Share' }).click();
    await reporter.page.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this post' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: /Scam or phishing/ }).check();
    expect(await axeReport(reporter.page, 'the report dialog', '[role="dialog"]')).toBe('');
    await shot(reporter.page, 'report-dialog-phone');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await reporter.page.getByText('Report sent').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // A second report of the same post is refused, and says why.
    await card.getByRole('button', { name: 'Share' }).click();
    await reporter.page.getByRole('menuitem', { name: 'Report post' }).click();
    await dialog.getByRole('radio', { name: /Spam/ }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').getByText('You have already reported this.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // My reports: waiting for review.
    await reporter.page.goto(`${suite.server.url}/reports`);
    const mine = reporter.page.getByTestId('my-report').filter({ hasText: SCAM });
    await mine.getByText('Waiting for review').waitFor({ timeout: 15_000 });

    // /moderation is not there for the reporter.
    const notMod = await openPage(suite.browser, DESKTOP);
    await signInWithBurnerKey(notMod.page, suite.server.url + '/', newBurnerWalletKey());
    await notMod.page.goto(`${suite.server.url}/moderation`);
    await notMod.page.getByRole('heading', { name: 'Page not found' }).waitFor({ timeout: 15_000 });

    // The moderator removes it.
    await moderator.page.goto(`${suite.server.url}/moderation`);
    const item = moderator.page.getByTestId('queue-report').filter({ hasText: SCAM });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.textContent()).toContain('Post reported for Scam or phishing');
    expect(await axeReport(moderator.page, '/moderation')).toBe('');
    await shot(moderator.page, 'moderation-desktop');
    await moderator.page.setViewportSize(PHONE);
    await shot(moderator.page, 'moderation-phone');
    await moderator.page.setViewportSize(DESKTOP);
    await item.getByRole('textbox', { name: /Reason/ }).fill('Phishing link');
    await item.getByRole('button', { name: 'Remove content' }).click();
    await item.waitFor({ state: 'detached', timeout: 15_000 });
    await moderator.page.getByText('Nothing to review. New reports show up here.').waitFor();

    // The reporter is told, and My reports shows the decision without a reload.
    await reporter.page
      .getByText('A moderator removed the content you reported')
      .first()
      .waitFor({ timeout: 20_000 });
    await mine.getByText('Content removed').waitFor({ timeout: 15_000 });
    expect(await axeReport(reporter.page, '/reports')).toBe('');
    await shot(reporter.page, 'my-reports-phone');
    await reporter.page.setViewportSize(DESKTOP);
    await shot(reporter.page, 'my-reports-desktop');

    // The post is gone for everyone.
    await author.page.reload();
    await composer(author.page).waitFor();
    await expect.poll(() => postCard(author.page, SCAM).count(), { timeout: 15_000 }).toBe(0);

    // The reporter reports the author's wallet from its profile menu; the moderator suspends
    // it for 7 days; the author is told plainly, with the end time, and cannot post.
    await reporter.page.goto(`${suite.server.url}/profile/${authorKey.address}`);
    await reporter.page.getByRole('button', { name: /^More options for / }).click();
    await reporter.page.getByRole('menuitem', { name: /^Report / }).click();
    const walletDialog = reporter.page.getByRole('dialog', { name: 'Report this wallet' });
    await walletDialog.getByRole('radio', { name: /Harassment/ }).check();
    await walletDialog.getByRole('button', { name: 'Send report' }).click();
    await walletDialog.waitFor({ state: 'detached' });

    await moderator.page.reload();
    const walletItem = moderator.page
      .getByTestId('queue-report')
      .filter({ hasText: 'Wallet reported for Harassment' });
    await walletItem.waitFor({ timeout: 15_000 });
    await walletItem.getByRole('textbox', { name: /Reason/ }).fill('Scam posts and harassment');
    await walletItem.getByRole('button', { name: 'Suspend wallet' }).click();
    await walletItem.waitFor({ state: 'detached', timeout: 15_000 });
    await moderator.page.getByText(/suspended until .*: Scam posts and harassment/).waitFor();

    await author.page.reload();
    const banner = author.page.getByTestId('suspension-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toMatch(
      /Your account is suspended until .+\. You can sign in and read, but you cannot post, comment, message, follow or earn DUM\./,
    );
    expect(
      await axeReport(author.page, 'the suspension banner', '[data-testid="suspension-banner"]'),
    ).toBe('');
    await shot(author.page, 'suspended-desktop');
    await author.page.setViewportSize(PHONE);
    await shot(author.page, 'suspended-phone');
    await composerText(author.page).fill('can I still post?');
    await composer(author.page).getByRole('button', { name: 'Post' }).click();
    await author.page
      .getByText(/Your account is suspended: you can read/)
      .first()
      .waitFor();

    for (const { errors } of [author, reporter, moderator, notMod]) {
      expect(
        withoutExpected404(errors).filter(
          (e) => !e.includes('status of 409') && !e.includes('status of 403'),
        ),
      ).toEqual([]);
    }
  }, 180_000);
});
