import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../apps/web/src/features/wallet/encoding.ts';
import { axeReport } from './support/accessibility-test-kit.ts';
import { signInOverHttp } from './support/api-wallet-test-kit.ts';
import {
  DESKTOP,
  PHONE,
  openPage,
  saveScreenshotIfAsked,
  watchForToast,
} from './support/browser-test-kit.ts';
import type { BurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import {
  composer,
  composerText,
  postCard,
  signInWithBurnerKey,
  withoutExpected404,
} from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * A conversation in Chromium between two burner wallets on the production server: A posts a
 * poll that mentions B (picked from the composer's @ autocomplete); B gets the mention toast,
 * votes, replies to A's comment and quotes the post; A gets the reply and quote notifications
 * and sees the quote, without a reload.
 */

async function patchMe(serverUrl: string, accessToken: string, body: unknown): Promise<void> {
  const response = await fetch(`${serverUrl}/api/users/me`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`PATCH /api/users/me: ${response.status}`);
}

describe('conversation', () => {
  const suite = serverAndBrowserForSuite();

  it('a poll that mentions, a vote, a reply and a quote, each brought to the other wallet live', async () => {
    const url = suite.server.url;
    const suffix = Math.random().toString(36).slice(2, 8);
    // B has a username (set over the API with B's own key), so A can mention it by name.
    const bApi = await signInOverHttp(url);
    const bName = `bea_${suffix}`;
    await patchMe(url, bApi.accessToken, { username: bName, displayName: 'Bea' });
    const bKey: BurnerWalletKey = {
      seed: encodeBase58(bApi.wallet.keypair.secretKey.slice(0, 32)),
      address: bApi.wallet.address,
    };
    const aApi = await signInOverHttp(url);
    await patchMe(url, aApi.accessToken, { username: `ari_${suffix}`, displayName: 'Ari' });
    const aKey: BurnerWalletKey = {
      seed: encodeBase58(aApi.wallet.keypair.secretKey.slice(0, 32)),
      address: aApi.wallet.address,
    };

    const a = await openPage(suite.browser, DESKTOP);
    const b = await openPage(suite.browser, PHONE);
    await signInWithBurnerKey(a.page, url + '/', aKey);
    await signInWithBurnerKey(b.page, url + '/', bKey);

    // A writes a poll and mentions B through the autocomplete (keyboard only).
    const text = composerText(a.page);
    await text.click();
    await text.pressSequentially(`Lunch vote, @${bName.slice(0, 5)}`);
    const option = a.page.getByRole('option', { name: new RegExp(bName) });
    await option.waitFor({ timeout: 15_000 });
    await text.press('Enter');
    await expect.poll(() => text.inputValue()).toBe(`Lunch vote, @${bName} `);
    await text.pressSequentially('what do you say?');
    await composer(a.page).getByRole('button', { name: 'Poll' }).click();
    const pollFields = composer(a.page).getByRole('group', { name: 'Poll' });
    await pollFields.getByLabel('Option 1').fill('Tacos');
    await pollFields.getByLabel('Option 2').fill('Ramen');
    const mentionToast = watchForToast(b.page, 'New Mention');
    await composer(a.page).getByRole('button', { name: 'Post' }).click();
    const body = `Lunch vote, @${bName} what do you say?`;
    const aCard = postCard(a.page, body);
    await aCard.waitFor({ timeout: 20_000 });
    await aCard.getByRole('link', { name: `@${bName}` }).waitFor();

    // B is told at once.
    expect(await mentionToast).toContain('Ari mentioned you');

    // A comments on their own post, so B has a comment to answer.
    await aCard.getByRole('button', { name: /^Comment, / }).click();
    const aBox = aCard.getByRole('textbox', { name: 'Write a comment' });
    await aBox.fill('Tacos, obviously');
    await aBox.press('Enter');
    await aCard.getByText('Tacos, obviously').waitFor();

    // B votes; the counts show once voted.
    await b.page.reload();
    const bCard = postCard(b.page, body);
    await bCard.waitFor({ timeout: 20_000 });
    await bCard.getByRole('radio', { name: 'Ramen' }).check();
    await bCard.getByRole('button', { name: 'Vote' }).click();
    await bCard.getByText(/100%/).waitFor({ timeout: 15_000 });

    // B replies to A's comment.
    await bCard.getByRole('button', { name: /^Comment, / }).click();
    await bCard.getByText('Tacos, obviously').waitFor();
    await bCard.getByRole('button', { name: 'Reply to Ari' }).click();
    const replyBox = bCard.getByRole('textbox', { name: 'Reply to Ari' });
    await replyBox.fill('Ramen has my vote');
    const replyToast = watchForToast(a.page, 'New Reply');
    await replyBox.press('Enter');
    await bCard.getByText('Ramen has my vote').waitFor();

    // A gets the reply notification.
    expect(await replyToast).toContain('Bea replied to your comment');

    // B quotes the post.
    await bCard.getByRole('button', { name: /^Repost/ }).click();
    await b.page.getByRole('menuitem', { name: 'Quote' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Quote post' });
    await dialog.getByRole('textbox').fill('Settle it in the comments');
    const quoteToast = watchForToast(a.page, 'New Quote');
    await dialog.getByRole('button', { name: 'Post' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    // A gets the quote notification, and sees the quote with the original inside it.
    expect(await quoteToast).toContain('Bea quoted your post');
    await a.page.reload();
    const quote = postCard(a.page, 'Settle it in the comments');
    await quote.waitFor({ timeout: 20_000 });
    // The original inside a quote is a lazy part: the card shows its placeholder first.
    await expect.poll(() => quote.textContent(), { timeout: 15_000 }).toContain('Lunch vote');

    await saveScreenshotIfAsked(a.page, 'conversation-desktop');
    await saveScreenshotIfAsked(b.page, 'conversation-phone');
    expect(await axeReport(a.page, 'the quote, 1440 px')).toBe('');
    expect(await axeReport(b.page, 'the thread and the poll, 375 px')).toBe('');
    expect(withoutExpected404(a.errors)).toEqual([]);
    expect(withoutExpected404(b.errors)).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 120_000);
});
