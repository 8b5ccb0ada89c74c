import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { DESKTOP, PHONE, openPage } from './support/browser-test-kit.ts';
import { airdrop, newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import { postCard, signInWithBurnerKey } from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Create in Chromium against the production server: the connect prompt signed out; signed in
 * with the burner wallet, a post written with an image and its alt text, previewed as the feed's
 * card, kept as a draft across a reload (its image too), posted, and found in the feed.
 */

const PNG = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/vibe.png');
const SOL = 1_000_000_000n;

function form(page: Page) {
  return page.getByTestId('create-form');
}

function textBox(page: Page) {
  return form(page).getByRole('textbox', { name: 'What’s your vibe?' });
}

async function signedInPage(url: string, viewport: { width: number; height: number }) {
  const opened = await openPage(suite.browser, viewport);
  const key = newBurnerWalletKey();
  await airdrop(suite.server.url, key.address, SOL);
  await signInWithBurnerKey(opened.page, `${suite.server.url}/`, key);
  await opened.page.goto(url);
  await form(opened.page).waitFor();
  return opened;
}

const suite = serverAndBrowserForSuite();

describe('Create', () => {
  it('asks a signed-out visitor to connect a wallet', async () => {
    const { page, context, errors } = await openPage(suite.browser, PHONE);
    await page.goto(`${suite.server.url}/create`);
    const prompt = page.getByTestId('connect-prompt');
    await prompt.waitFor();
    expect(await page.title()).toBe('Create · Dum Club');
    expect(await prompt.getByRole('heading').textContent()).toBe('Connect your wallet to create');
    expect(await prompt.getByRole('button', { name: 'Connect Wallet' }).isVisible()).toBe(true);
    expect(await form(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('writes a post with an image, previews it, keeps the draft across a reload, posts it and shows it in the feed', async () => {
    const { page, context, errors } = await signedInPage(`${suite.server.url}/create`, DESKTOP);
    const text = 'Rooftop session tonight, bring your headphones';

    await textBox(page).fill(text);
    await page.getByTestId('composer-image-input').setInputFiles(PNG);
    await form(page)
      .getByRole('textbox', { name: 'Describe the image (alt text)' })
      .fill('A sunset');

    // The preview is the feed's card: the text, the image with its alt text, the 24 hours.
    const preview = page.getByTestId('create-preview');
    await preview.getByText(text).waitFor();
    await expect
      .poll(() =>
        preview
          .getByRole('img', { name: 'A sunset' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    expect(await preview.getByText(/left$/).count()).toBeGreaterThan(0);
    expect(await form(page).getByTestId('draft-saved').textContent()).toBe(
      'Draft saved on this device',
    );
    const report = await axeReport(page, 'Create with an image and its preview (1440 px)');
    expect(report, report).toBe('');

    // A reload puts the whole draft back: text, image and alt text.
    await page.reload();
    await form(page).waitFor();
    await expect.poll(() => textBox(page).inputValue()).toBe(text);
    await form(page).getByTestId('attachment-preview').waitFor();
    expect(
      await form(page).getByRole('textbox', { name: 'Describe the image (alt text)' }).inputValue(),
    ).toBe('A sunset');
    await preview.getByRole('img', { name: 'A sunset' }).waitFor();

    // Posted: the usual toast, then the feed with the post on top.
    await form(page).getByRole('button', { name: 'Post' }).click();
    await page.getByText('Your post is now live').first().waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const card = postCard(page, text);
    await card.waitFor();
    expect(await card.getByRole('img', { name: 'A sunset' }).isVisible()).toBe(true);

    // The draft is gone: Create starts empty.
    await page.goto(`${suite.server.url}/create`);
    await form(page).waitFor();
    expect(await textBox(page).inputValue()).toBe('');
    expect(await form(page).getByTestId('attachment-preview').count()).toBe(0);
    expect(
      await page.getByText('Start writing to see your post as the feed will show it.').isVisible(),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a vault from the kind picker and discards a draft on a phone', async () => {
    const { page, context, errors } = await signedInPage(`${suite.server.url}/create`, PHONE);
    await form(page).getByText('Vault', { exact: true }).click();
    expect(
      await form(page)
        .getByRole('radio', { name: /^Vault/ })
        .isChecked(),
    ).toBe(true);
    await form(page).getByLabel('SOL to lock').fill('0.3');
    await textBox(page).fill('Locked until you back it');
    await page.getByTestId('create-preview').getByTestId('vault-panel').waitFor();
    expect(await page.getByTestId('create-preview').getByText('/ 0.3000 SOL').count()).toBe(1);
    const report = await axeReport(page, 'Create in vault mode (375 px)');
    expect(report, report).toBe('');

    // Discard, confirmed: empty again, and nothing comes back on reload.
    await form(page).getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
    await page.getByText('Draft discarded').first().waitFor();
    expect(await textBox(page).inputValue()).toBe('');
    await page.reload();
    await form(page).waitFor();
    expect(await textBox(page).inputValue()).toBe('');
    expect(await form(page).getByRole('radio', { name: /^Post/ }).isChecked()).toBe(true);

    // Written again and posted as a vault.
    await form(page).getByText('Vault', { exact: true }).click();
    await form(page).getByLabel('SOL to lock').fill('0.3');
    await textBox(page).fill('Back my next track, vault edition');
    await form(page).getByRole('button', { name: 'Post' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const card = postCard(page, 'Back my next track, vault edition');
    await card.getByTestId('vault-panel').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
