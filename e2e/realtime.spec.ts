import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage } from './support/browser-test-kit.ts';
import {
  localnetClient,
  sendSol,
  signInOverHttp,
  supportVaultOverHttp,
} from './support/api-wallet-test-kit.ts';
import { signInWithTestWallet } from './support/economy-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';
import { installTestWallet } from './support/wallet-test-kit.ts';

/**
Real-time events in Chromium: the creator of a vault has the feed open; a second wallet supports the
 * vault (a real transfer on the embedded localnet, then the support call, from outside the
 * browser); without a reload the creator's page shows the 'Vault Supported' event toast
 * and the vault panel shows the new total, both brought by the socket.
 */

const SOL = 1_000_000_000n;

describe('real time in the browser', () => {
  const suite = serverAndBrowserForSuite();

  it("the creator's open feed shows a second wallet's support: the toast and the panel, without reload", async () => {
    const creator = await openPage(suite.browser, DESKTOP);
    const wallet = await installTestWallet(creator.context);
    const { page } = creator;
    await page.goto(suite.origin + '/');
    await signInWithTestWallet(page);

    // The creator posts a vault of 0.1 SOL from the composer.
    const composer = page.getByTestId('composer');
    await composer.getByRole('button', { name: 'Create Vault' }).click();
    await composer.getByLabel('SOL to lock').fill('0.1');
    await composer.getByRole('textbox').fill('Vibes that arrive by socket');
    await composer.getByRole('button', { name: 'Post' }).click();
    const card = page.getByTestId('post-card').filter({ hasText: 'Vibes that arrive by socket' });
    const panel: Locator = card.getByTestId('vault-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('vault-amount').textContent()).toBe('0.0000');
    expect(await panel.getByTestId('vault-supporters').textContent()).toBe('0 supporters');
    const vaultId = await card
      .getByRole('link', { name: /View vault/ })
      .getAttribute('href')
      .then((href) => /\/vaults\/(\d+)$/.exec(href ?? '')?.[1]);
    if (!vaultId) throw new Error('no link to the vault page');

    // The page must not reload from here on: a marker on window would not survive it.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const toasts = page.getByRole('region', { name: /Notifications/ });

    // A second wallet, outside the browser: test SOL, 0.04 SOL to the creator, the support call.
    const supporter = await signInOverHttp(suite.server.url);
    const chain = localnetClient(`${suite.server.url}/rpc`);
    await chain.requestAirdrop(supporter.wallet.address, SOL);
    const signature = await sendSol(chain, supporter.wallet, wallet.address, SOL / 25n);
    await supportVaultOverHttp(suite.server.url, supporter, vaultId, signature, '0.04');

    // The event toast (its text comes from features/realtime/notifications.ts).
    await toasts.getByText('Vault Supported', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await toasts.textContent()).toContain('Someone vaulted 0.0400 SOL');
    // The panel, refreshed from the socket's event (the feed does not poll).
    await expect
      .poll(() => panel.getByTestId('vault-amount').textContent(), { timeout: 20_000 })
      .toBe('0.0400');
    expect(await panel.textContent()).toContain('0.0400 / 0.1000 SOL');
    expect(await panel.getByTestId('vault-supporters').textContent()).toBe('1 supporter');
    expect(await panel.getAttribute('data-status')).toBe('active');
    await expect
      .poll(() => panel.getByTestId('vault-top-supporters').textContent())
      .toContain('0.0400 SOL');

    // The bell in the top bar counts it and lists it; opening the list marks it read.
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    const list = page.getByRole('dialog').getByRole('list');
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await list.textContent()).toContain('Someone vaulted 0.0400 SOL');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await list.getByRole('link').click();
    await page.waitForURL(`**/vaults/${vaultId}`);

    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(creator.errors).toEqual([]);
    await creator.context.close();
  });
});
