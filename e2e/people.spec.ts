import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import {
  DESKTOP,
  openPage,
  PHONE,
  saveScreenshotIfAsked,
  watchForToast,
} from './support/browser-test-kit.ts';
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
 * People in Chromium, two burner wallets in two browsers: one follows the other from the
 * other's profile page; the followed one, with the feed open, gets the 'New Follower' toast
 * without a reload and its notification opens the follower's profile; the follower's Following
 * tab shows the followed one's post; blocking hides it (from both tabs) and shows the profile
 * as blocked. With trust on, each profile shows the wallet's band and how trust grows.
 */

const POST_TEXT = 'Vibes from someone worth following';

async function feedTab(page: Page, name: 'For you' | 'Following') {
  const tab = page.getByRole('tablist', { name: 'Feeds' }).getByRole('tab', { name });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

describe('people in the browser', () => {
  // Trust as in production (the browser suites' kit turns it off): the profiles show a band.
  const suite = serverAndBrowserForSuite(() => startServer({ env: { TRUST_REWARDS: 'true' } }));

  it('follow from the profile, New Follower live, the Following tab, and block', async () => {
    const followed = await openPage(suite.browser, DESKTOP);
    const follower = await openPage(suite.browser, PHONE);
    const followedKey = newBurnerWalletKey();
    const followerKey = newBurnerWalletKey();

    // The followed wallet signs in and posts from the composer; its feed stays open.
    await signInWithBurnerKey(followed.page, suite.origin + '/', followedKey);
    await composerText(followed.page).fill(POST_TEXT);
    await composer(followed.page).getByRole('button', { name: 'Post' }).click();
    await postCard(followed.page, POST_TEXT).waitFor();
    // The page must not reload from here on: a marker on window would not survive it.
    await followed.page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // The follower signs in, opens the followed wallet's profile and follows it.
    await signInWithBurnerKey(follower.page, suite.origin + '/', followerKey);
    await follower.page.goto(`${suite.origin}/profile/${followedKey.address}`);
    const profile = follower.page.getByTestId('profile');
    await profile.waitFor();
    await profile.getByRole('button', { name: /^0 Followers$/ }).waitFor();
    // The followed wallet's open feed gets the toast by socket, without a reload. A toast stays
    // five seconds and the follower's steps below may take longer on a busy machine, so the
    // watch starts before the follow and is awaited after them.
    const followToast = watchForToast(followed.page, 'New Follower');
    await profile.getByRole('button', { name: /^Follow / }).click();
    await profile.getByRole('button', { name: /^Unfollow / }).waitFor();
    await profile.getByRole('button', { name: /^1 Follower$/ }).waitFor();
    // The count is the server's: it stays after a reload.
    await follower.page.reload();
    await profile.getByRole('button', { name: /^1 Follower$/ }).waitFor({ timeout: 15_000 });
    await profile.getByRole('button', { name: /^Unfollow / }).waitFor();
    // With trust on, as in production, a fresh wallet's band is 'new', with how trust grows.
    const trust = profile.getByTestId('profile-trust');
    await trust.getByText('Trust: New').waitFor();
    expect(await trust.textContent()).toContain('tip their posts, or follow them.');
    await saveScreenshotIfAsked(follower.page, 'profile-trust-phone');
    expect(
      await axeReport(follower.page, 'trust band, 375 px', '[data-testid="profile-trust"]'),
    ).toBe('');

    await followToast;
    // Its bell lists it, and the item opens the follower's profile.
    await followed.page
      .getByRole('button', { name: /^Notifications, 1 unread/ })
      .filter({ visible: true })
      .click();
    const item = followed.page.getByRole('dialog').getByRole('link', { name: /New Follower/ });
    expect(await item.getAttribute('href')).toBe(`/profile/${followerKey.address}`);
    await item.click();
    await followed.page.waitForURL(`**/profile/${followerKey.address}`);
    await followed.page
      .getByTestId('profile')
      .getByRole('button', { name: /^1 Following$/ })
      .waitFor();
    expect(
      await followed.page.evaluate(
        () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
      ),
    ).toBe(true);

    // The follower's Following tab shows the followed wallet's post.
    await follower.page.goto(suite.origin + '/');
    await feedTab(follower.page, 'Following');
    await postCard(follower.page, POST_TEXT).waitFor({ timeout: 15_000 });

    // Blocking it, from its profile's menu after a confirmation.
    await follower.page.goto(`${suite.origin}/profile/${followedKey.address}`);
    await profile.getByRole('button', { name: /^More options for / }).click();
    await follower.page.getByRole('menuitem', { name: /^Block / }).click();
    const confirm = follower.page.getByRole('dialog', { name: /^Block .*\?$/ });
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await profile.getByRole('heading', { name: /^You blocked / }).waitFor();
    expect(await profile.getByRole('button', { name: /^Unfollow / }).count()).toBe(0);

    // Its post is gone from both of the follower's feeds.
    await follower.page.goto(`${suite.origin}/?feed=following`);
    const followingTab = follower.page.getByRole('tabpanel');
    await followingTab
      .getByRole('heading', { name: 'Not following anyone yet: find people on Discover' })
      .or(followingTab.getByTestId('post-list'))
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await postCard(follower.page, POST_TEXT).count()).toBe(0);
    await feedTab(follower.page, 'For you');
    await follower.page
      .getByTestId('post-list')
      .or(follower.page.getByRole('heading', { name: 'No posts yet' }))
      .first()
      .waitFor();
    expect(await postCard(follower.page, POST_TEXT).count()).toBe(0);

    // One's own profile says how one's own trust grows.
    await followed.page.goto(`${suite.origin}/profile/${followedKey.address}`);
    const ownTrust = followed.page.getByTestId('profile-trust');
    await ownTrust.getByText('Trust: New').waitFor();
    expect(await ownTrust.textContent()).toContain('tip your posts, or follow you.');
    await saveScreenshotIfAsked(followed.page, 'profile-trust-desktop-own');
    expect(
      await axeReport(followed.page, 'own trust band, 1440 px', '[data-testid="profile-trust"]'),
    ).toBe('');

    expect(withoutExpected404(followed.errors)).toEqual([]);
    expect(withoutExpected404(follower.errors)).toEqual([]);
    await followed.context.close();
    await follower.context.close();
  }, 120_000);
});
