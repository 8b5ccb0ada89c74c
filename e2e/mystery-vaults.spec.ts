import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { DESKTOP, PHONE, openPage } from './support/browser-test-kit.ts';
import { signInWithBurnerKey, withoutExpected404 } from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';
import { airdrop, newBurnerWalletKey, solBalance } from './support/burner-wallet-test-kit.ts';

/**
 * Mystery vaults in Chromium against the production server with its embedded localnet: one
 * wallet creates a mystery with a hidden text and a hidden target of 0.2 SOL; a second wallet
 * sees only the title and teaser, joins twice with real transfers signed by its burner wallet,
 * and the second join reaches the target: the content and target are revealed to it.
 */

const SOL = 1_000_000_000n;
const SECRET = 'The chorus is about you';

async function joinWith(page: Page, sol: string): Promise<void> {
  const card = page.getByTestId('mystery-card').filter({ hasText: 'Track reveal' });
  await card.getByRole('button', { name: 'Join' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Join Mystery Vault' }).waitFor();
  await dialog.getByLabel('Amount (SOL)').fill(sol);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

describe('mystery vaults', () => {
  const suite = serverAndBrowserForSuite();

  it('a creator hides content behind a target; a second wallet joins until it opens and sees it', async () => {
    const creatorKey = newBurnerWalletKey();
    const fanKey = newBurnerWalletKey();
    await airdrop(suite.server.url, fanKey.address, 2n * SOL);

    const creator = await openPage(suite.browser, DESKTOP);
    await signInWithBurnerKey(creator.page, suite.server.url + '/', creatorKey);
    await creator.page.goto(suite.server.url + '/mystery-vaults');
    await creator.page.getByRole('button', { name: 'Create Mystery' }).click();
    const form = creator.page.getByRole('dialog');
    await form.getByLabel('Title').waitFor();
    let report = await axeReport(creator.page, 'create dialog (1440 px)');
    await form.getByLabel('Title').fill('Track reveal');
    await form.getByLabel('Teaser').fill('Guess the song');
    await form.getByLabel('Hidden content').fill(SECRET);
    await form.getByLabel('Hidden target (SOL)').fill('0.2');
    await form.getByRole('button', { name: 'Create' }).click();
    await creator.page.getByText('Mystery Vault Created').first().waitFor();
    // The creator sees their own hidden content (the new vault's detail opens).
    const detail = creator.page.getByTestId('mystery-detail');
    await detail.getByText(SECRET).waitFor();
    expect(creator.page.url()).toMatch(/\?open=\d+$/);
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });
    expect(creator.page.url()).not.toContain('open=');

    const fan = await openPage(suite.browser, PHONE);
    await signInWithBurnerKey(fan.page, suite.server.url + '/', fanKey);
    await fan.page.goto(suite.server.url + '/mystery-vaults');
    const card = fan.page.getByTestId('mystery-card').filter({ hasText: 'Track reveal' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Guess the song');
    expect(await card.textContent()).not.toContain(SECRET);
    expect(await card.getAttribute('data-state')).toBe('open');
    report += await axeReport(fan.page, 'open mysteries (375 px)');

    const creatorBefore = await solBalance(suite.server.url, creatorKey.address);
    await joinWith(fan.page, '0.1');
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('You gave 0.1 SOL');
    expect(await card.textContent()).toContain('1 participant');
    expect(await card.textContent()).not.toContain(SECRET);

    await joinWith(fan.page, '0.1');
    await fan.page.getByText('Mystery Vault Opened').first().waitFor({ timeout: 30_000 });
    expect(await solBalance(suite.server.url, creatorKey.address)).toBe(creatorBefore + SOL / 5n);

    // Opened: it moves to the Opened tab, revealed to the fan.
    await fan.page.getByRole('tab', { name: 'Opened' }).click();
    expect(fan.page.url()).toContain('tab=opened');
    const opened = fan.page.getByTestId('mystery-card').filter({ hasText: 'Track reveal' });
    await opened.getByText(SECRET).waitFor();
    expect(await opened.getAttribute('data-state')).toBe('opened');
    expect(await opened.textContent()).toContain('Target reached');
    expect(await opened.textContent()).toContain('0.2 / 0.2 SOL');
    report += await axeReport(fan.page, 'opened mysteries (375 px)');
    expect(report).toBe('');

    expect(withoutExpected404(creator.errors)).toEqual([]);
    expect(withoutExpected404(fan.errors)).toEqual([]);
    await creator.context.close();
    await fan.context.close();
  });
});
