import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage } from './support/browser-test-kit.ts';
import { solBalance } from './support/burner-wallet-test-kit.ts';
import { composer, postCard, withoutExpected404 } from './support/feed-page-test-kit.ts';
import { startServer } from './support/server-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * A newcomer's first run (issue 20), all through the UI, on an empty database with the
 * faucet on (NODE_ENV=development, as `npm start` runs): a person picks Burner Wallet, is
 * signed in and starts with test SOL, gets more from the wallet menu and posts a vault; a
 * second person in another browser context does the same with their own burner, finds their
 * balance short in the support dialog, gets test SOL there and supports the vault to its target.
 */

const SOL = 1_000_000_000n;

/** The wallet control on screen (top bar on desktop, header on a phone). */
function walletControl(page: Page) {
  return page.locator('[data-slot="wallet-control"]:visible');
}

/** Picks Burner Wallet in the connect modal; returns the signed-in address. */
async function pickBurnerWallet(page: Page): Promise<string> {
  await walletControl(page).getByRole('button', { name: 'Connect Wallet' }).click();
  const modal = page.getByRole('dialog');
  await modal
    .getByText('It starts with test SOL on this local network.', { exact: false })
    .waitFor();
  expect(await modal.textContent()).toContain(
    'Its key never leaves this browser: clearing site data loses it.',
  );
  await modal.getByRole('button', { name: /Burner Wallet/ }).click();
  // Signed in by itself: the address opens the wallet menu.
  const menu = walletControl(page).getByRole('button', { name: /^Wallet menu/ });
  await menu.waitFor({ timeout: 20_000 });
  const address = await menu.getAttribute('title');
  if (!address) throw new Error('no address on the wallet menu');
  return address;
}

async function toastSaid(page: Page, title: string, description: string): Promise<void> {
  // (Radix repeats a toast's text for screen readers, hence first().)
  await page.getByText(title, { exact: true }).first().waitFor({ timeout: 30_000 });
  await page.getByText(description, { exact: true }).first().waitFor();
}

describe('first run with the Burner Wallet', () => {
  const suite = serverAndBrowserForSuite(() =>
    // As `npm start` runs it: development, on the embedded PGlite.
    startServer({ env: { NODE_ENV: 'development' }, database: 'pglite' }),
  );

  it('a newcomer gets test SOL, posts a vault, and a second newcomer supports it from the support dialog', async () => {
    const url = suite.server.url;

    // The creator: Burner Wallet, signed in, 1 SOL from the faucet after the first sign-in.
    const creator = await openPage(suite.browser, DESKTOP);
    await creator.page.goto(url + '/');
    const creatorAddress = await pickBurnerWallet(creator.page);
    // The connect modal closed with its opener gone: focus went to the page's main region
    // without scrolling the page to main's top, under the sticky header.
    expect(await creator.page.evaluate(() => window.scrollY)).toBe(0);
    await toastSaid(creator.page, 'Test SOL received', '1 SOL is in your wallet');
    await walletControl(creator.page).getByLabel('Balance 1.0000 SOL').waitFor();
    expect(await solBalance(url, creatorAddress)).toBe(SOL);

    // More from the wallet menu: 'Getting test SOL...' while the airdrop confirms.
    await walletControl(creator.page)
      .getByRole('button', { name: /^Wallet menu/ })
      .click();
    const getTestSol = creator.page.getByRole('menuitem', { name: 'Get test SOL' });
    await getTestSol.click();
    await walletControl(creator.page).getByLabel('Balance 2.0000 SOL').waitFor({ timeout: 30_000 });
    expect(await solBalance(url, creatorAddress)).toBe(2n * SOL);
    await getTestSol.waitFor();
    // (Escape would close the toast first: it is the newest layer.) The address toggles the menu.
    await walletControl(creator.page)
      .getByRole('button', { name: /^Wallet menu/ })
      .click();
    await creator.page.getByRole('menu').waitFor({ state: 'detached' });

    // A vault post of 1.5 SOL.
    await composer(creator.page).getByRole('button', { name: 'Create Vault' }).click();
    await composer(creator.page).getByLabel('SOL to lock').fill('1.5');
    await composer(creator.page).getByRole('textbox').fill('My first vault, from a burner');
    await composer(creator.page).getByRole('button', { name: 'Post' }).click();
    await creator.page.getByText('Your post is now live').first().waitFor();
    const creatorPanel = postCard(creator.page, 'My first vault, from a burner').getByTestId(
      'vault-panel',
    );
    expect(await creatorPanel.textContent()).toContain('0.0000 / 1.5000 SOL');

    // The fan, on a phone: their own burner, 1 SOL after signing in, short of 1.5 SOL.
    const fan = await openPage(suite.browser, PHONE);
    await fan.page.goto(url + '/');
    const fanAddress = await pickBurnerWallet(fan.page);
    expect(fanAddress).not.toBe(creatorAddress);
    await toastSaid(fan.page, 'Test SOL received', '1 SOL is in your wallet');
    await expect.poll(() => solBalance(url, fanAddress)).toBe(SOL);

    const fanPanel = postCard(fan.page, 'My first vault, from a burner').getByTestId('vault-panel');
    await fanPanel.getByRole('button', { name: 'Support' }).click();
    const dialog = fan.page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Support Vault' }).waitFor();
    expect(await dialog.getByLabel('Amount (SOL)').inputValue()).toBe('1.5');
    await expect.poll(() => dialog.textContent()).toContain('Balance: 1.0000 SOL');
    const shortNotice = dialog.getByTestId('short-balance');
    expect(await shortNotice.textContent()).toContain(
      'Your wallet holds less than this amount plus the network fee.',
    );
    await shortNotice.getByRole('button', { name: 'Get test SOL' }).click();
    await expect
      .poll(() => dialog.textContent(), { timeout: 30_000 })
      .toContain('Balance: 2.0000 SOL');
    await shortNotice.waitFor({ state: 'detached' });

    // Support: a real transfer signed by the fan's burner; the vault reaches its target.
    await dialog.getByRole('button', { name: 'Support' }).click();
    await toastSaid(fan.page, 'Vault Supported!', 'Successfully vaulted 1.5 SOL on-chain!');
    await expect.poll(() => fanPanel.getAttribute('data-status')).toBe('unlocked');
    expect(await fanPanel.textContent()).toContain('1.5000 / 1.5000 SOL');
    expect(await solBalance(url, creatorAddress)).toBe(2n * SOL + (3n * SOL) / 2n);
    await expect
      .poll(() => creatorPanel.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('unlocked');

    expect(withoutExpected404(creator.errors)).toEqual([]);
    expect(withoutExpected404(fan.errors)).toEqual([]);
    await creator.context.close();
    await fan.context.close();
  });
});
