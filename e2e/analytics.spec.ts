import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { signInOverHttp } from './support/api-wallet-test-kit.ts';
import { DESKTOP, openPage, PHONE } from './support/browser-test-kit.ts';
import { newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import {
  composer,
  composerText,
  postCard,
  signInWithBurnerKey,
} from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Analytics in Chromium: a burner wallet posts from the composer, a second wallet (a script
 * over HTTP) likes the post, and the first wallet's /analytics shows the post and the like in
 * its totals and charts (drawn by uPlot, with their tables for screen readers), its top post
 * linking to the post; the period switch goes into the URL. Signed out, the page asks to
 * connect.
 */

const POST_TEXT = 'Counting the vibes on analytics day';

describe('analytics in the browser', () => {
  const suite = serverAndBrowserForSuite();

  it('asks a signed-out visitor to connect', async () => {
    const { page, errors, context } = await openPage(suite.browser, PHONE);
    await page.goto(`${suite.origin}/analytics`);
    await page.getByTestId('connect-prompt').waitFor();
    await page
      .getByRole('heading', { name: 'Connect your wallet to see your analytics' })
      .waitFor();
    expect(await page.title()).toContain('Analytics');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a post and another wallet's like in the totals, the charts and the top posts", async () => {
    const { page, errors, context } = await openPage(suite.browser, DESKTOP);
    const key = newBurnerWalletKey();
    await signInWithBurnerKey(page, `${suite.origin}/`, key);
    await composerText(page).fill(POST_TEXT);
    await composer(page).getByRole('button', { name: 'Post' }).click();
    await postCard(page, POST_TEXT).waitFor();

    // A second wallet likes it, over HTTP as any client would.
    const fan = await signInOverHttp(suite.server.url);
    const posts = await fetch(`${suite.server.url}/api/users/${key.address}/posts`);
    const { items } = (await posts.json()) as { items: Array<{ id: string; body: string }> };
    const post = items.find((item) => item.body === POST_TEXT);
    if (!post) throw new Error('the post is not in its author’s list');
    const like = await fetch(`${suite.server.url}/api/messages/${post.id}/engage`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${fan.accessToken}`,
      },
      body: JSON.stringify({ kind: 'like' }),
    });
    expect(like.status).toBe(200);

    // Through the sidebar, as a person gets there.
    await page.getByRole('link', { name: 'Analytics' }).filter({ visible: true }).first().click();
    await page.waitForURL('**/analytics');
    const posted = page.getByTestId('total-posts');
    await posted.waitFor();
    await expect.poll(() => posted.textContent()).toContain('1');
    expect(await posted.textContent()).toContain('↑ New');
    expect(await posted.getByText('Up from none in the previous 7 days').count()).toBe(1);
    expect(await page.getByTestId('total-likesReceived').textContent()).toMatch(/^Likes received1/);

    // Each chart is drawn (a canvas) and readable as a table.
    const likes = page.getByRole('group', { name: 'Likes received' });
    await likes.locator('canvas').first().waitFor();
    // One day (today, UTC) has the like; every other row of the table reads 0.
    expect(await likes.getByRole('row', { name: / 1$/ }).count()).toBe(1);
    expect(await likes.getByRole('row', { name: / 0$/ }).count()).toBe(6);
    expect(await likes.textContent()).toContain('Likes received: 1 in the last 7 days');

    // With figures and charts on screen (the route check of accessibility.spec.ts sees a new
    // wallet's empty state), at both widths.
    let report = await axeReport(page, '/analytics with figures (1440 px)');
    await page.setViewportSize(PHONE);
    await likes.locator('canvas').first().waitFor();
    report += await axeReport(page, '/analytics with figures (375 px)');
    expect(report, report).toBe('');
    await page.setViewportSize(DESKTOP);

    // The top post links to the post.
    const top = page.getByRole('region', { name: 'Top posts' }).getByRole('link');
    expect(await top.getAttribute('href')).toBe(`/posts/${post.id}`);
    expect(await top.textContent()).toContain('1 like');

    // The period is in the URL, and a reload keeps it.
    await page
      .getByRole('navigation', { name: 'Period' })
      .getByRole('link', { name: '30 days' })
      .click();
    await page.waitForURL('**/analytics?range=30d');
    await expect.poll(() => posted.textContent()).toContain('vs previous 30 days');
    await page.reload();
    await expect.poll(() => page.getByTestId('total-posts').textContent()).toContain('30 days');
    expect(
      await page
        .getByRole('navigation', { name: 'Period' })
        .getByRole('link', { name: '30 days' })
        .getAttribute('aria-current'),
    ).toBe('page');

    await top.click();
    await page.waitForURL(`**/posts/${post.id}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
