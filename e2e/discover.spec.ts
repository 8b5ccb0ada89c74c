import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE } from './support/browser-test-kit.ts';
import { airdrop, newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import {
  DISCOVER_POST_TEXT,
  DISCOVER_SEARCH_WORDS,
  seedDiscover,
  type DiscoverSeed,
} from './support/discover-test-kit.ts';
import { postCard, postCards, signInWithBurnerKey } from './support/feed-page-test-kit.ts';
import { startServer } from './support/server-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Discover in Chromium on a real server: tagged posts liked and commented on by a fan are
 * seeded over HTTP, then the server restarts on the same data so the discover job's run at
 * start ranks them. Signed out: trending tags open a tag's posts; a post and then a person are
 * found and opened with the keyboard alone; a post's #tag opens its tag; Back brings the search
 * back. Signed in: Follow on a top creator.
 */

let seed: DiscoverSeed;

async function seededServer() {
  const first = await startServer();
  try {
    seed = await seedDiscover(first.url, Date.now().toString(36).slice(-6));
  } finally {
    await first.stop({ keepData: true });
  }
  return startServer({ dataDir: first.dataDir });
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search people and posts' });

describe('discover in the browser', () => {
  const suite = serverAndBrowserForSuite(seededServer);

  it('trending tags, a tag’s posts, and a post and a person found by keyboard', async () => {
    const { page, context, errors } = await openPage(suite.browser, DESKTOP);
    await page.goto(`${suite.origin}/discover`);

    // Trending: the most used tag first, the creator on top, the fan's liked posts.
    const tags = page.getByTestId('trending-tags').getByRole('link');
    await tags.first().waitFor({ timeout: 15_000 });
    expect(await tags.first().getAttribute('aria-label')).toBe('#clubnight, 3 posts');
    const rail = page.getByTestId('top-creators-rail');
    const top = rail.getByRole('listitem').first();
    await top.getByRole('link', { name: seed.creatorName }).waitFor();
    expect(await top.textContent()).toMatch(
      new RegExp(`^Rank 1.*${seed.creatorName}[\\d,]+ DUM earnedFollow$`),
    );
    await postCard(page, DISCOVER_POST_TEXT).waitFor();

    // A tag chip opens the tag's posts under '#clubnight'.
    await tags.first().click();
    await page.waitForURL('**/discover?tag=clubnight');
    await page.getByRole('heading', { level: 2, name: '#clubnight', exact: true }).waitFor();
    await expect.poll(() => postCards(page).count()).toBe(3);

    // A post, by keyboard only: type, arrow down, Enter.
    await searchBox(page).focus();
    await page.keyboard.type(DISCOVER_SEARCH_WORDS);
    const results = page.getByRole('listbox', {
      name: `Posts matching “${DISCOVER_SEARCH_WORDS}”`,
    });
    await results.getByRole('option').first().waitFor();
    expect(page.url()).toBe(`${suite.origin}/discover?q=rooftop+terrace&type=posts`);
    await page.keyboard.press('ArrowDown');
    expect(await results.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/posts/${seed.postId}`);
    const post = postCard(page, DISCOVER_POST_TEXT);
    await post.waitFor();

    // The post's #sunset opens that tag: the creator's post and the other one.
    await post.getByRole('link', { name: '#sunset' }).click();
    await page.waitForURL('**/discover?tag=sunset');
    // Exact: the tag's list has a screen-reader heading 'Posts tagged #sunset, newest first' too,
    // and whether it is there yet depends on how fast the posts load.
    await page.getByRole('heading', { level: 2, name: '#sunset', exact: true }).waitFor();
    await expect.poll(() => postCards(page).count()).toBe(2);

    // Back twice: the search is there again, box and results.
    await page.goBack();
    await page.waitForURL(`**/posts/${seed.postId}`);
    await page.goBack();
    await page.waitForURL('**/discover?q=rooftop+terrace&type=posts');
    await results.getByRole('option').first().waitFor();
    expect(await searchBox(page).inputValue()).toBe(DISCOVER_SEARCH_WORDS);

    // Escape empties the box; a person, by keyboard: type, Tab to the switch, People, back.
    await searchBox(page).focus();
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/discover$/);
    await page.getByRole('heading', { name: 'Trending tags' }).waitFor();
    await page.keyboard.type(seed.creatorUsername.slice(0, 6));
    // Whatever the posts' answer (results or none), it has come.
    await expect.poll(() => page.getByTestId('search-announcement').textContent()).not.toBe('');
    await page.keyboard.press('Tab'); // the clear button
    await page.keyboard.press('Tab'); // the switch, on Posts
    await page.keyboard.press('ArrowRight');
    // Radix moves the focus on the next tick: Space must wait for it.
    const peopleSwitch = page.getByRole('radio', { name: 'People' });
    await expect
      .poll(() => peopleSwitch.evaluate((item) => item === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Space');
    const people = page.getByRole('listbox', { name: /^People matching/ });
    await people.getByRole('option', { name: new RegExp(seed.creatorName) }).waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe('users');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await searchBox(page).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/profile/${seed.creator.wallet.address}`);
    await page
      .getByTestId('profile')
      .getByRole('heading', { level: 1, name: seed.creatorName })
      .waitFor();

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('follows a top creator, signed in, on a phone', async () => {
    const { page, context, errors } = await openPage(suite.browser, PHONE);
    const key = newBurnerWalletKey();
    await airdrop(suite.server.url, key.address, 1_000_000_000n);
    await signInWithBurnerKey(page, suite.origin + '/', key);
    await page.goto(`${suite.origin}/discover`);
    const strip = page.getByTestId('top-creators-strip');
    const follow = strip.getByRole('button', { name: `Follow ${seed.creatorName}` });
    await follow.click();
    await strip.getByRole('button', { name: `Unfollow ${seed.creatorName}` }).waitFor();
    // The server's: still followed after a reload.
    await page.reload();
    await strip
      .getByRole('button', { name: `Unfollow ${seed.creatorName}` })
      .waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
