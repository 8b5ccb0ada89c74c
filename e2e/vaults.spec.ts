import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage } from './support/browser-test-kit.ts';
import {
  composer,
  composerText,
  postCard,
  signInWithBurnerKey,
  withoutExpected404,
} from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';
import { airdrop, newBurnerWalletKey, solBalance } from './support/burner-wallet-test-kit.ts';

/**
 * Vaults in Chromium against the production server with its embedded localnet: a
 * creator posts a vault with an image, a second wallet (airdropped test SOL) supports it to the
 * target with a real transfer signed by the burner wallet, both see it UNLOCKED and the image
 * appears; a wallet without SOL gets the insufficient balance message.
 */

const PNG = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/vibe.png');
const SOL = 1_000_000_000n;

async function createVault(
  page: Page,
  text: string,
  sol: string,
  image?: string,
): Promise<Locator> {
  await composer(page).getByRole('button', { name: 'Create Vault' }).click();
  await composer(page).getByLabel('SOL to lock').fill(sol);
  if (image) {
    await page.getByTestId('composer-image-input').setInputFiles(image);
    await page.getByTestId('attachment-preview').getByRole('img').waitFor();
  }
  await composerText(page).fill(text);
  await composer(page).getByRole('button', { name: 'Post' }).click();
  await page.getByText('Your post is now live').first().waitFor();
  const vaultCard = postCard(page, text);
  await vaultCard.getByTestId('vault-panel').waitFor();
  return vaultCard;
}

describe('vaults', () => {
  const suite = serverAndBrowserForSuite();

  it('a creator locks a post, a second wallet supports it to the target on chain, both see it unlocked', async () => {
    const creatorKey = newBurnerWalletKey();
    const fanKey = newBurnerWalletKey();
    await airdrop(suite.server.url, fanKey.address, 2n * SOL);

    // The creator posts a vault of 0.1 SOL with an image.
    const creator = await openPage(suite.browser, DESKTOP);
    await signInWithBurnerKey(creator.page, suite.server.url + '/', creatorKey);
    const creatorCard = await createVault(creator.page, 'Unlock my secret vibe', '0.1', PNG);
    const creatorPanel = creatorCard.getByTestId('vault-panel');
    expect(await creatorPanel.textContent()).toContain('0.0000 / 0.1000 SOL');
    expect(await creatorPanel.getAttribute('data-status')).toBe('active');
    // The creator sees their own media; there is no Support button for them.
    const ownImage = creatorCard.getByRole('img', { name: /^Image shared by/ });
    await expect
      .poll(() => ownImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    expect(await creatorPanel.getByRole('button', { name: 'Support' }).count()).toBe(0);

    // The fan sees the vault locked: no image, the locked placeholder.
    const fan = await openPage(suite.browser, PHONE);
    await signInWithBurnerKey(fan.page, suite.server.url + '/', fanKey);
    const fanCard = postCard(fan.page, 'Unlock my secret vibe');
    const fanPanel = fanCard.getByTestId('vault-panel');
    await fanPanel.waitFor();
    expect(await fanCard.getByRole('img', { name: /^Image shared by/ }).count()).toBe(0);
    expect(await fanPanel.getByTestId('vault-locked-media').isVisible()).toBe(true);

    // Support with 0.1 SOL: a real System transfer signed by the fan's burner wallet.
    const creatorBefore = await solBalance(suite.server.url, creatorKey.address);
    await fanPanel.getByRole('button', { name: 'Support' }).click();
    const dialog = fan.page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Support Vault' }).waitFor();
    expect(await dialog.getByLabel('Amount (SOL)').inputValue()).toBe('0.1');
    await expect.poll(() => dialog.textContent()).toContain('Balance: 2.0000 SOL');
    await dialog.getByRole('button', { name: 'Support' }).click();
    await fan.page.getByText('Vault Supported!').first().waitFor({ timeout: 30_000 });
    // (Radix repeats a toast's text for screen readers, hence first().)
    await fan.page.getByText('Successfully vaulted 0.1 SOL on-chain!').first().waitFor();
    expect(await solBalance(suite.server.url, creatorKey.address)).toBe(creatorBefore + SOL / 10n);

    // The fan sees it unlocked, with the image.
    await expect.poll(() => fanPanel.getAttribute('data-status')).toBe('unlocked');
    expect(await fanPanel.getByText('UNLOCKED', { exact: true }).isVisible()).toBe(true);
    expect(await fanPanel.getByText('Content Unlocked! Target reached!').isVisible()).toBe(true);
    expect(await fanPanel.textContent()).toContain('0.1000 / 0.1000 SOL');
    expect(await fanPanel.getByTestId('vault-supporters').textContent()).toBe('1 supporter');
    const fanImage = fanCard.getByRole('img', { name: /^Image shared by/ });
    // The feed's images load lazily (loading="lazy"): bring it into view as a reader would.
    await fanImage.scrollIntoViewIfNeeded();
    await expect
      .poll(() => fanImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(64);
    await expect
      .poll(() => fanPanel.getByTestId('vault-top-supporters').textContent())
      .toContain('0.1000 SOL');

    // The creator's card turns unlocked by itself (vault_completed over the socket).
    await expect
      .poll(() => creatorPanel.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('unlocked');
    expect(await creatorPanel.getByText('UNLOCKED', { exact: true }).isVisible()).toBe(true);
    expect(await creatorPanel.getByText('Content Unlocked! Target reached!').isVisible()).toBe(
      true,
    );

    // The vault's page: the leaderboard and the support with its transaction.
    await fanPanel.getByRole('link', { name: /View vault/ }).click();
    await fan.page.getByRole('heading', { name: 'Vault', exact: true }).waitFor();
    const leaderboard = fan.page.getByTestId('vault-leaderboard');
    await leaderboard.waitFor();
    expect(await leaderboard.getByRole('listitem').count()).toBe(1);
    const history = fan.page.getByTestId('vault-support-history');
    expect(await history.textContent()).toContain('+0.1000 SOL');
    expect(
      await history.getByRole('link', { name: /view the transaction/ }).getAttribute('href'),
    ).toMatch(/^https:\/\/explorer\.solana\.com\/tx\/\w+\?cluster=custom&customUrl=/);

    // My Vaults: the fan backed one, the creator created one.
    await fan.page.goto(suite.server.url + '/my-vaults');
    await fan.page.getByRole('tab', { name: /Supported/ }).click();
    await fan.page.getByTestId('my-vaults-totals').waitFor();
    expect(await fan.page.getByTestId('my-vaults-totals').textContent()).toContain('0.1000 SOL');
    await creator.page.goto(suite.server.url + '/my-vaults');
    await creator.page.getByTestId('my-vaults-list').waitFor();
    expect(await creator.page.getByTestId('my-vaults-list').textContent()).toContain(
      'Unlock my secret vibe',
    );

    expect(withoutExpected404(creator.errors)).toEqual([]);
    expect(withoutExpected404(fan.errors)).toEqual([]);
    await creator.context.close();
    await fan.context.close();
  });

  it('tells a wallet without enough SOL what it needs, with 4 decimals, and sends nothing', async () => {
    const creatorKey = newBurnerWalletKey();
    const poorKey = newBurnerWalletKey();
    const creator = await openPage(suite.browser, DESKTOP);
    await signInWithBurnerKey(creator.page, suite.server.url + '/', creatorKey);
    await createVault(creator.page, 'A vault for the broke test', '0.1');
    await creator.context.close();

    const poor = await openPage(suite.browser, PHONE);
    await signInWithBurnerKey(poor.page, suite.server.url + '/', poorKey);
    const panel = postCard(poor.page, 'A vault for the broke test').getByTestId('vault-panel');
    await panel.getByRole('button', { name: 'Support' }).click();
    const dialog = poor.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Support' }).click();
    await poor.page.getByText('Failed to Support Vault').first().waitFor();
    await poor.page
      .getByText('Insufficient balance. You need 0.1001 SOL but only have 0.0000 SOL')
      .first()
      .waitFor();
    expect(await panel.getAttribute('data-status')).toBe('active');
    expect(await panel.textContent()).toContain('0.0000 / 0.1000 SOL');
    expect(withoutExpected404(poor.errors)).toEqual([]);
    await poor.context.close();
  });
});
