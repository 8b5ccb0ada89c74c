import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { signInOverHttp } from './support/api-wallet-test-kit.ts';
import { DESKTOP, PHONE, openPage } from './support/browser-test-kit.ts';
import { airdrop, newBurnerWalletKey, solBalance } from './support/burner-wallet-test-kit.ts';
import {
  composer,
  composerText,
  postCard,
  signInWithBurnerKey,
  withoutExpected404,
} from './support/feed-page-test-kit.ts';
import { startServer, UNLIMITED_WRITES } from './support/server-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * The advertiser dashboard in Chromium against the production server with its embedded localnet:
 * an advertiser posts, opens a campaign for the post paid with a real transfer from its burner
 * wallet to the treasury; a second wallet sees the post labelled Sponsored in its For you feed
 * (its view is billed: every wallet is established here), the dashboard counts it, and ending
 * the campaign sends the unspent budget back from the treasury, with its explorer link.
 */

const SOL = 1_000_000_000n;
const AD_TEXT = 'Fresh zine out now, grab a copy';

/** Every wallet earns (and is billed for) from its first action: not what this suite tests. */
const ENV = {
  ...UNLIMITED_WRITES,
  ESTABLISHED_MIN_AGE_MINUTES: '0',
  ESTABLISHED_REQUIRE_POST: 'false',
  ESTABLISHED_REQUIRE_VOUCH: 'false',
};

/** Screens to look at, when SCREENSHOT_DIR is set (never committed). */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const [label, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage });
  }
  if (size) await page.setViewportSize(size);
}

/** Posts by another wallet over HTTP, so a For you page is long enough to carry an ad. */
async function seedPosts(serverUrl: string, count: number): Promise<void> {
  const session = await signInOverHttp(serverUrl);
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${serverUrl}/api/messages-v2/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${session.accessToken}`,
      },
      body: JSON.stringify({ body: `Club post number ${i + 1}`, kind: 'public' }),
    });
    if (response.status !== 201) throw new Error(`seed post: ${response.status}`);
  }
}

describe('advertiser dashboard', () => {
  const suite = serverAndBrowserForSuite(() => startServer({ env: ENV }));

  it('creates a campaign paid to the treasury; a second wallet sees the Sponsored post; ending refunds', async () => {
    const advertiserKey = newBurnerWalletKey();
    const fanKey = newBurnerWalletKey();
    await airdrop(suite.server.url, advertiserKey.address, 2n * SOL);

    const advertiser = await openPage(suite.browser, DESKTOP);
    await signInWithBurnerKey(advertiser.page, suite.server.url + '/', advertiserKey);
    await composerText(advertiser.page).fill(AD_TEXT);
    await composer(advertiser.page).getByRole('button', { name: 'Post' }).click();
    await postCard(advertiser.page, AD_TEXT).waitFor();
    await seedPosts(suite.server.url, 12);

    await advertiser.page.goto(suite.server.url + '/advertiser');
    await advertiser.page.getByRole('heading', { name: 'No campaigns yet' }).waitFor();
    let report = await axeReport(advertiser.page, 'no campaigns (1440 px)');
    await shot(advertiser.page, 'ads-empty');

    await advertiser.page.getByRole('button', { name: 'Create your first campaign' }).click();
    const form = advertiser.page.getByRole('dialog');
    await form.getByRole('heading', { name: 'New campaign' }).waitFor();
    const select = form.getByLabel('Post to promote');
    await expect.poll(() => select.locator('option').count(), { timeout: 10_000 }).toBe(2);
    await select.selectOption({ label: AD_TEXT });
    await form.getByLabel('Price per 1,000 views (SOL)').fill('0.01');
    await form.getByLabel('Daily limit (SOL)').fill('0.05');
    await form.getByLabel('Budget (SOL)').fill('0.5');
    report += await axeReport(advertiser.page, 'new campaign dialog (1440 px)');
    await shot(advertiser.page, 'ads-create');
    const before = await solBalance(suite.server.url, advertiserKey.address);
    await form.getByRole('button', { name: 'Pay and launch' }).click();
    await advertiser.page.getByText('Campaign created').first().waitFor({ timeout: 30_000 });
    const card = advertiser.page.getByTestId('campaign-card').filter({ hasText: AD_TEXT });
    await card.waitFor();
    expect(await card.getByTestId('campaign-status').textContent()).toBe('Active');
    expect(await card.textContent()).toContain('of 0.5 SOL spent');
    expect(await solBalance(suite.server.url, advertiserKey.address)).toBeLessThan(
      before - SOL / 2n + 1n,
    );

    // A second wallet scrolls its For you feed to the sponsored post and sees it.
    const fan = await openPage(suite.browser, PHONE);
    await signInWithBurnerKey(fan.page, suite.server.url + '/', fanKey);
    const sponsored = fan.page
      .getByTestId('post-card')
      .filter({ has: fan.page.getByTestId('sponsored-label') });
    // The card reports its view once half of it is on screen, seen by an IntersectionObserver
    // at a later frame (it may be on screen while scrolling down to it): the axe check below
    // scrolls to the top, so the test waits for that report first.
    const viewReported = fan.page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/impression'),
    );
    viewReported.catch(() => {}); // awaited below; a failure before then must not go unhandled
    for (let i = 0; i < 40 && (await sponsored.count()) === 0; i++) {
      await fan.page.mouse.wheel(0, 600);
      await fan.page.waitForTimeout(100);
    }
    await sponsored.first().scrollIntoViewIfNeeded();
    await viewReported;
    expect(await sponsored.first().textContent()).toContain(AD_TEXT);
    expect(await sponsored.first().textContent()).toContain('Sponsored');
    report += await axeReport(fan.page, 'sponsored post (375 px)');
    await shot(fan.page, 'ads-sponsored', false);

    // Its view is counted on the dashboard.
    await expect
      .poll(
        async () => {
          await advertiser.page.reload();
          await card.waitFor();
          return card.getByText('Views', { exact: true }).locator('..').textContent();
        },
        { timeout: 15_000 },
      )
      .toContain('1');
    await card.getByRole('button', { name: 'Daily figures' }).click();
    await card.getByRole('group', { name: 'Views per day (UTC)' }).waitFor();
    report += await axeReport(advertiser.page, 'campaign with figures (1440 px)');
    await shot(advertiser.page, 'ads-campaign');

    // 'Hide this ad': gone from the fan's feed.
    await sponsored.first().getByRole('button', { name: 'Ad options' }).click();
    await fan.page.getByRole('menuitem', { name: 'Hide this ad' }).click();
    await fan.page.getByText('Ad hidden').first().waitFor();
    await expect.poll(() => sponsored.count()).toBe(0);

    // End: the unspent budget comes back from the treasury, with its transaction linked.
    const beforeRefund = await solBalance(suite.server.url, advertiserKey.address);
    await card.getByRole('button', { name: 'End' }).click();
    const confirm = advertiser.page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'End and refund' }).click();
    await advertiser.page.getByText('Campaign ended').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => card.getByTestId('campaign-status').textContent()).toBe('Ended');
    const refund = card.getByTestId('campaign-refund');
    await refund.getByRole('link').waitFor();
    expect(await refund.getByRole('link').getAttribute('href')).toContain(
      'https://explorer.solana.com/tx/',
    );
    const after = await solBalance(suite.server.url, advertiserKey.address);
    expect(after - beforeRefund).toBe(SOL / 2n - 10_000n);
    report += await axeReport(advertiser.page, 'ended campaign (1440 px)');
    await shot(advertiser.page, 'ads-ended');
    expect(report).toBe('');

    expect(withoutExpected404(advertiser.errors)).toEqual([]);
    expect(withoutExpected404(fan.errors)).toEqual([]);
    await advertiser.context.close();
    await fan.context.close();
  }, 120_000);
});
