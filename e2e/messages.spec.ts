import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage } from './support/browser-test-kit.ts';
import { airdrop, newBurnerWalletKey, solBalance } from './support/burner-wallet-test-kit.ts';
import { signInWithBurnerKey, withoutExpected404 } from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Direct messages in Chromium against the production server with its embedded localnet: two
 * burner wallets write to each other, one tips the other 0.01 SOL with a real transfer signed
 * in the browser; the recipient sees each message arrive without a reload (the toast while
 * elsewhere, the thread while it is open), and the SOL moved on chain, exactly.
 */

const SOL = 1_000_000_000n;
const TIP = SOL / 100n;

function thread(page: Page): Locator {
  return page.getByRole('log');
}

function composerBox(page: Page, name: RegExp): Locator {
  return page.getByRole('textbox', { name });
}

describe('messages', () => {
  const suite = serverAndBrowserForSuite();

  it('two wallets exchange messages and a 0.01 SOL tip, live, with the SOL moved on chain', async () => {
    const aliceKey = newBurnerWalletKey();
    const bobKey = newBurnerWalletKey();
    await airdrop(suite.server.url, aliceKey.address, SOL);

    const alice = await openPage(suite.browser, DESKTOP);
    const bob = await openPage(suite.browser, PHONE);
    await signInWithBurnerKey(alice.page, suite.server.url + '/', aliceKey);
    await signInWithBurnerKey(bob.page, suite.server.url + '/', bobKey);

    // Alice opens a thread with Bob by his address and writes.
    await alice.page.goto(`${suite.server.url}/messages/${bobKey.address}`);
    const aliceBox = composerBox(alice.page, /^Message /);
    await aliceBox.fill('gm Bob, welcome to the club');
    await aliceBox.press('Enter');
    await thread(alice.page).getByText('gm Bob, welcome to the club').waitFor();
    await thread(alice.page).getByText('Sent', { exact: true }).waitFor({ timeout: 15_000 });

    // Bob sees the conversation, unread, and opens it; Alice's message turns Read for her.
    await bob.page.goto(`${suite.server.url}/messages`);
    const row = bob.page.getByRole('link', { name: /welcome to the club/ });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('1 unread');
    await row.click();
    await thread(bob.page).getByText('gm Bob, welcome to the club').waitFor();
    await thread(alice.page).getByText('Read', { exact: true }).waitFor({ timeout: 15_000 });

    // Bob goes back to the list (phones: two screens); Alice tips 0.01 SOL with a message.
    await bob.page.getByRole('link', { name: 'Back to conversations' }).click();
    await bob.page.getByRole('list', { name: 'Conversations' }).waitFor();
    const bobBefore = await solBalance(suite.server.url, bobKey.address);
    await alice.page.getByRole('button', { name: 'Add a SOL tip' }).click();
    await alice.page.getByRole('textbox', { name: 'Tip (SOL)' }).fill('0.01');
    await expect.poll(() => alice.page.getByText(/^Balance: 1\.0000 SOL$/).count()).toBe(1);
    await aliceBox.fill('a tip for the talk');
    await alice.page.getByRole('button', { name: 'Send' }).click();
    const aliceReceipt = thread(alice.page).getByTestId('tip-receipt');
    await aliceReceipt.waitFor({ timeout: 30_000 });
    expect(await aliceReceipt.textContent()).toContain('You tipped0.0100 SOL');
    expect(
      await aliceReceipt.getByRole('link', { name: /view the transaction/ }).getAttribute('href'),
    ).toMatch(/^https:\/\/explorer\.solana\.com\/tx\/\w+\?cluster=custom&customUrl=/);
    await thread(alice.page).getByText('Sent', { exact: true }).last().waitFor();

    // Bob, on the list, gets the toast with the tip, and the conversation moves on by itself.
    await bob.page
      .getByText('You received a message with a 0.0100 SOL tip')
      .first()
      .waitFor({ timeout: 20_000 });
    await bob.page.getByRole('link', { name: /a tip for the talk/ }).waitFor();
    expect(await solBalance(suite.server.url, bobKey.address)).toBe(bobBefore + TIP);

    // Bob opens it: the receipt in SOL; then he replies, and Alice (thread open) sees it live,
    // without a toast.
    await bob.page.getByRole('link', { name: /a tip for the talk/ }).click();
    const bobReceipt = thread(bob.page).getByTestId('tip-receipt');
    await bobReceipt.waitFor();
    expect(await bobReceipt.textContent()).toContain('Tip received0.0100 SOL');
    const bobBox = composerBox(bob.page, /^Message /);
    await bobBox.fill('thank you!');
    await bobBox.press('Enter');
    await thread(alice.page).getByText('thank you!').waitFor({ timeout: 20_000 });
    expect(await alice.page.getByText('You received a message', { exact: true }).count()).toBe(0);

    // The tip really left Alice: the amount and no more than the network fee.
    const aliceAfter = await solBalance(suite.server.url, aliceKey.address);
    expect(aliceAfter <= SOL - TIP).toBe(true);
    expect(SOL - TIP - aliceAfter <= 5_000n).toBe(true);

    expect(withoutExpected404(alice.errors)).toEqual([]);
    expect(withoutExpected404(bob.errors)).toEqual([]);
    await alice.context.close();
    await bob.context.close();
  }, 180_000);
});
