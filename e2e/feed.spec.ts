import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage } from './support/browser-test-kit.ts';
import {
  composer,
  composerText,
  connectBurnerWallet,
  postCard,
  postCards,
  postThroughApi,
  withoutExpected404,
} from './support/feed-page-test-kit.ts';
import { startServer, UNLIMITED_WRITES } from './support/server-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * The feed in Chromium against the production server (fresh database and localnet):
 * a signed-out visitor, the empty state, and a signed-in user (the localnet's burner wallet,
 * through the real connect modal and sign-in) posting text and an image, liking, bookmarking,
 * commenting, copying the link and deleting.
 */

const PNG = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/vibe.png');

async function pressed(button: Locator): Promise<string | null> {
  return button.getAttribute('aria-pressed');
}

describe('the feed', () => {
  // The infinite-scroll test seeds 45 posts from one wallet through the API, a script past the
  // write limits a person never reaches (their own tests are server tests).
  const suite = serverAndBrowserForSuite(() => startServer({ env: UNLIMITED_WRITES }));

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'shows a signed-out visitor the welcome banner, the gated composer and the empty state (%s)',
    async (_name, viewport) => {
      const { page, context, errors } = await openPage(suite.browser, viewport);
      await page.goto(suite.server.url + '/');

      const banner = page.getByTestId('welcome-banner');
      await banner.waitFor();
      expect(await banner.getByRole('heading').textContent()).toBe('The Meme Halving Is Coming');
      expect(await banner.getByRole('listitem').allTextContents()).toEqual([
        expect.stringContaining('Connect your wallet'),
        expect.stringContaining('Sign a message'),
        expect.stringContaining('Start mining vibes'),
      ]);

      expect(await composer(page).getByRole('textbox').isDisabled()).toBe(true);
      expect(await composer(page).getByRole('button', { name: 'Connect Wallet' }).isVisible()).toBe(
        true,
      );
      expect(await composer(page).getByRole('button', { name: 'Post' }).count()).toBe(0);

      await page.getByRole('heading', { name: 'No posts yet' }).waitFor();
      expect(await page.getByText('Be the first to share something!').isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Trending Fan Vaults' }).first().count()).toBe(
        1,
      );

      // Dismissed, it stays dismissed.
      await banner.getByRole('button', { name: 'Dismiss welcome banner' }).click();
      expect(await banner.count()).toBe(0);
      await page.reload();
      await page.getByRole('heading', { name: 'No posts yet' }).waitFor();
      expect(await page.getByTestId('welcome-banner').count()).toBe(0);

      expect(withoutExpected404(errors)).toEqual([]);
      await context.close();
    },
  );

  it('shows the not-found screen for a post that does not exist', async () => {
    const { page, context, errors } = await openPage(suite.browser, PHONE);
    await page.goto(suite.server.url + '/posts/987654321');
    await page.getByRole('heading', { name: 'Post not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the feed' }).isVisible()).toBe(true);
    expect(withoutExpected404(errors)).toEqual([]);
    await context.close();
  });

  it('lets a signed-in user post text and an image, like, bookmark, comment, copy the link and delete', async () => {
    const { page, context, errors } = await openPage(suite.browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: suite.server.url,
    });
    await page.goto(suite.server.url + '/');
    await connectBurnerWallet(page);
    // Signed in, the welcome banner ticks off two steps and waits for the first DUM.
    const banner = page.getByTestId('welcome-banner');
    await expect
      .poll(() => banner.getByRole('listitem').allTextContents())
      .toEqual([
        expect.stringContaining('(Done)'),
        expect.stringContaining('(Done)'),
        expect.not.stringContaining('(Done)'),
      ]);

    // A text post.
    const box = composerText(page);
    const post = composer(page).getByRole('button', { name: 'Post' });
    expect(await post.isDisabled()).toBe(true);
    await box.fill('gm from the e2e test');
    await post.click();
    await page.getByText('Your post is now live').first().waitFor();
    await postCard(page, 'gm from the e2e test').waitFor();
    expect(await box.inputValue()).toBe('');
    // The post earned the first DUM: the welcome banner goes away by itself.
    await banner.waitFor({ state: 'detached' });

    // An image post: preview, then the uploaded image on the card.
    await page.getByTestId('composer-image-input').setInputFiles(PNG);
    await page.getByTestId('attachment-preview').getByRole('img').waitFor();
    await composer(page)
      .getByRole('textbox', { name: 'Describe the image (alt text)' })
      .fill('A small test pattern in vibe colours');
    await box.fill('a picture is worth a thousand vibes');
    await post.click();
    const imageCard = postCard(page, 'a picture is worth a thousand vibes');
    const image = imageCard.getByRole('img', { name: 'A small test pattern in vibe colours' });
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/media\//);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    expect(await page.getByTestId('attachment-preview').count()).toBe(0);
    // Newest first.
    expect(await postCards(page).first().textContent()).toContain('a picture is worth');

    // Like and bookmark, kept after a reload.
    const textCard = postCard(page, 'gm from the e2e test');
    const like = textCard.getByRole('button', { name: /^Like, / });
    const bookmark = textCard.getByRole('button', { name: 'Bookmark' });
    // The toggles flip optimistically once the mutation has cancelled the running fetches, a
    // few ticks after the click: a busy machine may render them after the test's next read.
    await like.click();
    await expect.poll(() => pressed(like)).toBe('true');
    expect(await like.textContent()).toBe('1');
    await bookmark.click();
    await expect.poll(() => pressed(bookmark)).toBe('true');

    // A comment, sent with Enter.
    await textCard.getByRole('button', { name: /^Comment, / }).click();
    await textCard.getByText('No comments yet. Be the first to comment!').waitFor();
    const commentBox = textCard.getByRole('textbox', { name: 'Write a comment' });
    await commentBox.fill('first comment!');
    await commentBox.press('Enter');
    await textCard.getByText('first comment!').waitFor();
    await expect.poll(() => textCard.getByText('Sending…').count()).toBe(0);
    expect(await textCard.getByRole('button', { name: /^Comment, / }).textContent()).toBe('1');

    await page.reload();
    await postCard(page, 'gm from the e2e test').waitFor();
    await expect.poll(() => pressed(like), { timeout: 20_000 }).toBe('true');
    expect(await pressed(bookmark)).toBe('true');
    expect(await like.textContent()).toBe('1');
    expect(await textCard.getByRole('button', { name: /^Comment, / }).textContent()).toBe('1');

    // Unlike.
    await like.click();
    await expect.poll(() => like.textContent()).toBe('0');

    // Copy Link: 2 s of 'Copied' feedback, the toast, and the post's own page.
    await textCard.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Copy Link' }).click();
    await page.getByText('Link copied!').first().waitFor();
    expect(await textCard.getByRole('button', { name: 'Link copied' }).isVisible()).toBe(true);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const postId = await textCard.getAttribute('data-post-id');
    expect(link).toMatch(new RegExp(`^${suite.server.url}/posts/${postId}(\\?ref=[\\w-]+)?$`));
    await textCard.getByRole('button', { name: 'Share', exact: true }).waitFor({ timeout: 4000 });

    await page.goto(link);
    await page.getByRole('heading', { name: 'Post', exact: true }).waitFor();
    await page.getByText('first comment!').waitFor();
    expect(await page.getByText('gm from the e2e test').isVisible()).toBe(true);

    // The author deletes the post (after confirming); its page is then not found.
    await page.goto(suite.server.url + '/');
    const doomed = postCard(page, 'gm from the e2e test');
    await doomed.getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Post deleted').first().waitFor();
    await expect.poll(() => doomed.count()).toBe(0);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Post not found' }).waitFor();

    expect(withoutExpected404(errors)).toEqual([]);
    await context.close();
  });

  it('loads older posts page by page as the person scrolls, keeping only nearby posts in the page', async () => {
    const { page, context, errors } = await openPage(suite.browser, PHONE);
    await page.goto(suite.server.url + '/');
    await connectBurnerWallet(page);
    // 45 posts straight through the API with this session's token: three pages of 20.
    const created = await postThroughApi(
      page,
      Array.from({ length: 45 }, (_, i) => `scroll post ${i + 1}`),
    );
    expect(created).toBe(45);
    await page.reload();
    await page.getByText('scroll post 45', { exact: true }).waitFor();
    expect(await postCards(page).count()).toBeLessThan(20);

    const oldest = page.getByText('scroll post 1', { exact: true });
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return oldest.count();
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(1);
    await page.getByText('You’re all caught up.').waitFor();
    // Virtualised: the newest posts left the page as it scrolled past them.
    expect(await page.getByText('scroll post 45', { exact: true }).count()).toBe(0);
    expect(await postCards(page).count()).toBeLessThan(20);

    expect(withoutExpected404(errors)).toEqual([]);
    await context.close();
  });
});
