import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { DESKTOP, PHONE, openPage } from './support/browser-test-kit.ts';
import { airdrop, newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import { signInWithBurnerKey } from './support/feed-page-test-kit.ts';
import {
  REEL_TEXTS,
  seedMoreImageReels,
  seedReels,
  type ReelsSeed,
} from './support/reels-test-kit.ts';
import { startServer, UNLIMITED_WRITES } from './support/server-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Reels in Chromium against the production server: the image, audio and locked vault posts one
 * per screen, moved through with the keys, the wheel and the buttons; audio that plays in view,
 * muted until the first gesture; the locked vault's media never fetched; like, comments and share.
 */

/** Newest first: what the media feed shows, in order (the text-only post is no reel). */
const ORDER = ['secondImage', 'lockedVault', 'audio', 'image'] as const;

function reels(page: Page): Locator {
  return page.getByTestId('reel');
}

function activeReel(page: Page): Locator {
  return page.locator('[data-testid="reel"][data-active="true"]');
}

/** The text of the reel in view, once one is. */
async function activeText(page: Page): Promise<string> {
  return (await activeReel(page).locator('p.line-clamp-3').textContent()) ?? '';
}

async function expectActive(page: Page, key: (typeof ORDER)[number]): Promise<void> {
  await expect.poll(() => activeText(page), { timeout: 10_000 }).toBe(REEL_TEXTS[key]);
  // The scroll snapped to it: its top is the feed's top.
  await expect
    .poll(
      () =>
        activeReel(page).evaluate((reel) => {
          const feed = reel.parentElement!.getBoundingClientRect();
          return Math.round(reel.getBoundingClientRect().top - feed.top);
        }),
      { timeout: 10_000 },
    )
    .toBe(0);
}

/** The audio reel's element: playing or not, muted or not. */
function audioState(page: Page) {
  return page
    .getByTestId('reel-audio')
    .evaluate((audio: HTMLAudioElement) => ({ paused: audio.paused, muted: audio.muted }));
}

/** Media start as the file arrives: a busy machine can take a few seconds. */
const MEDIA = { timeout: 10_000 };

/**
 * Playwright's navigation and evaluate count as user gestures, so a page it drives has always
 * been "activated" (navigator.userActivation.hasBeenActive). A person arriving by a link typed
 * in the address bar has not: this makes the page say so, the one state the automation cannot
 * reach for real. The app's own listeners (the first key press, click or tap) still decide.
 */
async function withoutStickyActivation(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'userActivation', {
      value: { hasBeenActive: false, isActive: false },
    });
  });
}

/** Turns the mouse wheel over the reels (a wheel is no gesture that allows sound). */
async function wheel(page: Page, share: number): Promise<void> {
  const box = await page.getByTestId('reels-scroller').boundingBox();
  if (!box) throw new Error('no reels on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, box.height * share);
}

describe('Reels', () => {
  const suite = serverAndBrowserForSuite();
  let seed: ReelsSeed;

  beforeAll(async () => {
    seed = await seedReels(suite.server.url);
  });

  it('moves between reels with j/k and the arrows; audio plays in view and stops out of it; the locked vault stays locked (phone)', async () => {
    const { page, context, errors } = await openPage(suite.browser, PHONE);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${suite.server.url}/reels`);
    await expectActive(page, 'secondImage');
    expect(await page.title()).toBe('Reels · Dum Club');
    // Only posts with media: the text-only one is not a reel.
    expect(await reels(page).count()).toBe(ORDER.length);
    expect(await page.getByText(REEL_TEXTS.textOnly).count()).toBe(0);
    // The first reel's image fills the screen, contained (the rest shows its blurred copy).
    const image = activeReel(page).getByTestId('reel-image');
    expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
    // The next reels' image is fetched ahead, before anyone scrolls to it.
    const firstImage = await reels(page).nth(3).getAttribute('data-post-id');
    expect(firstImage).toBe(seed.ids.image);
    await expect
      .poll(() => requested.filter((path) => path.startsWith('/media/')).length)
      .toBeGreaterThanOrEqual(2);

    // j: the locked vault, in its locked state, its image neither shown nor fetched.
    await page.keyboard.press('j');
    await expectActive(page, 'lockedVault');
    const locked = activeReel(page);
    await locked.getByText('This vault is locked').waitFor();
    expect(await locked.getByTestId('vault-locked-media').isVisible()).toBe(true);
    expect(await locked.locator('img[src^="/media/"]').count()).toBe(0);
    expect(await locked.getByRole('link', { name: 'View vault' }).isVisible()).toBe(true);
    let report = await axeReport(page, 'the locked vault reel (375 px)');
    // Focus follows the keys, as in an ARIA feed.
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? ''),
    ).toBe('reel');

    // ArrowDown: the audio reel; it plays, with sound (a key press is the gesture it waits for).
    await page.keyboard.press('ArrowDown');
    await expectActive(page, 'audio');
    await expect.poll(() => audioState(page), MEDIA).toEqual({ paused: false, muted: false });
    const toggle = activeReel(page).getByTestId('reel-play-toggle');
    expect(await toggle.getAttribute('aria-label')).toBe('Pause audio');
    // Its play/pause control pauses and plays it.
    await toggle.click();
    await expect.poll(() => audioState(page), MEDIA).toEqual({ paused: true, muted: false });
    expect(await toggle.getAttribute('aria-label')).toBe('Play audio');
    report += await axeReport(page, 'the audio reel, paused (375 px)');
    expect(report, report).toBe('');
    await toggle.click();
    await expect.poll(() => audioState(page), MEDIA).toEqual({ paused: false, muted: false });

    // k: back up; the audio stops as its reel leaves.
    await page.keyboard.press('k');
    await expectActive(page, 'lockedVault');
    await expect.poll(() => audioState(page), MEDIA).toMatchObject({ paused: true });
    await page.keyboard.press('ArrowUp');
    await expectActive(page, 'secondImage');
    // Nothing above the first: the key does nothing.
    await page.keyboard.press('k');
    await expectActive(page, 'secondImage');

    // Down to the end: the first image, then the end of the list.
    for (const _ of ORDER.slice(1)) await page.keyboard.press('j');
    await expectActive(page, 'image');
    await page.keyboard.press('j');
    await page.getByRole('heading', { name: 'You’re all caught up' }).waitFor();

    // The locked vault's file was never asked for.
    expect(requested).not.toContain(seed.lockedMediaUrl);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays the audio in view muted until the first gesture, then with sound', async () => {
    const { page, context, errors } = await openPage(suite.browser, PHONE);
    await withoutStickyActivation(page);
    await page.goto(`${suite.server.url}/reels`);
    await expectActive(page, 'secondImage');
    // Scrolled with the wheel (no gesture): the audio reel plays, muted as browsers require.
    await wheel(page, 0.7);
    await expectActive(page, 'lockedVault');
    await wheel(page, 0.7);
    await expectActive(page, 'audio');
    await expect.poll(() => audioState(page), MEDIA).toEqual({ paused: false, muted: true });
    const soundOn = activeReel(page).getByRole('button', { name: 'Tap for sound' });
    await soundOn.click();
    await expect.poll(() => audioState(page), MEDIA).toEqual({ paused: false, muted: false });
    // The button goes with the audio's `volumechange` event, a task after the click unmutes it.
    await expect.poll(() => soundOn.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('snaps to the next reel on a wheel turn, and moves with Previous and Next (desktop)', async () => {
    const { page, context, errors } = await openPage(suite.browser, DESKTOP);
    await page.goto(`${suite.server.url}/reels`);
    await expectActive(page, 'secondImage');
    await wheel(page, 0.7);
    await expectActive(page, 'lockedVault');
    await page.getByRole('button', { name: 'Next reel' }).click();
    await expectActive(page, 'audio');
    await page.getByRole('button', { name: 'Previous reel' }).click();
    await expectActive(page, 'lockedVault');
    await page.getByRole('button', { name: 'Previous reel' }).click();
    await expectActive(page, 'secondImage');
    expect(await page.getByRole('button', { name: 'Previous reel' }).isDisabled()).toBe(true);
    // The app's navigation stays reachable beside the reels.
    expect(await page.getByRole('link', { name: 'Feed' }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('likes a reel, comments on it and offers its share menu (signed in)', async () => {
    const { page, context, errors } = await openPage(suite.browser, PHONE);
    const key = newBurnerWalletKey();
    await airdrop(suite.server.url, key.address, 1_000_000_000n);
    await signInWithBurnerKey(page, `${suite.server.url}/`, key);
    await page.goto(`${suite.server.url}/reels`);
    await expectActive(page, 'secondImage');
    await page
      .getByRole('button', { name: /^Wallet menu/ })
      .filter({ visible: true })
      .waitFor();

    const like = activeReel(page).getByRole('button', { name: /^Like/ });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.getAttribute('aria-label')).toBe('Like, 1');

    await activeReel(page)
      .getByRole('button', { name: /^Comments/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Comments' });
    await dialog.getByRole('textbox', { name: 'Write a comment' }).fill('Love this one');
    await dialog.getByRole('button', { name: 'Post comment' }).click();
    await dialog.getByText('Love this one').waitFor();
    const report = await axeReport(page, 'the comments of a reel (375 px)', '[role="dialog"]');
    expect(report, report).toBe('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        activeReel(page)
          .getByRole('button', { name: /^Comments/ })
          .getAttribute('aria-label'),
      )
      .toBe('Comments, 1');

    await activeReel(page).getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Copy Link' }).waitFor();
    // Keys inside the open menu move within it, not between reels.
    await page.keyboard.press('ArrowDown');
    await expectActive(page, 'secondImage');
    await page.keyboard.press('Escape');

    // After a reload the like is still there (it was the server's, not only the screen's).
    await page.reload();
    await expectActive(page, 'secondImage');
    await expect
      .poll(() =>
        activeReel(page).getByRole('button', { name: /^Like/ }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Reels, page after page', () => {
  // One wallet uploads and posts 14 times: a script, past the limits a person never reaches.
  const suite = serverAndBrowserForSuite(() =>
    startServer({ env: { ...UNLIMITED_WRITES, UPLOAD_RATE_LIMIT: '1000' } }),
  );

  it('pages on as the reels are watched, and ends with the caught-up screen', async () => {
    const seed = await seedReels(suite.server.url);
    await seedMoreImageReels(suite.server.url, seed.creator, 9);
    const texts = [
      ...Array.from({ length: 9 }, (_, i) => `Extra reel ${9 - i}`),
      ...ORDER.map((key) => REEL_TEXTS[key]),
    ];
    const { page, context, errors } = await openPage(suite.browser, PHONE);
    const pages: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/messages-v2/feed') pages.push(url.search);
    });
    await page.goto(`${suite.server.url}/reels`);
    await expect.poll(() => activeText(page)).toBe(texts[0]);
    // The first page holds 10 reels.
    expect(await reels(page).count()).toBe(10);
    for (const text of texts.slice(1)) {
      await page.keyboard.press('j');
      await expect.poll(() => activeText(page), { timeout: 10_000 }).toBe(text);
    }
    expect(await reels(page).count()).toBe(texts.length);
    expect(pages).toEqual([
      '?scope=media&limit=10',
      expect.stringMatching(/^\?scope=media&limit=10&cursor=./) as unknown as string,
    ]);
    await page.keyboard.press('j');
    await page.getByRole('heading', { name: 'You’re all caught up' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
