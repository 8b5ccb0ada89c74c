import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVaultOverHttp, signInOverHttp } from './support/api-wallet-test-kit.ts';
import { DESKTOP, openPage } from './support/browser-test-kit.ts';
import { solBalance } from './support/burner-wallet-test-kit.ts';
import { composer, postCard, withoutExpected404 } from './support/feed-page-test-kit.ts';
import {
  announcements,
  describeFocus,
  expectFocusOn,
  hasFocus,
  recordAnnouncements,
  tabTo,
} from './support/keyboard-test-kit.ts';
import { startServer } from './support/server-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * The core journey by keyboard alone in Chromium (Tab, Shift+Tab, Enter, Space, Escape, arrow
 * keys; no pointer, no element.click()): skip to the content, connect the Burner Wallet from
 * the connect modal (which signs in), write and send a post, like it, comment on it, open a
 * vault's support dialog, get test SOL there, support the vault, open the wallet menu and the
 * notification menu. Every focus stop shows a focus indicator, dialogs and menus take focus and
 * give it back to what opened them, and the toasts are announced in a live region.
 */

const SOL = 1_000_000_000n;

/** Polls until a live region has announced `text`, after the first `skip` announcements. */
async function expectAnnounced(page: Page, text: string, skip = 0): Promise<void> {
  // A transaction on a busy machine can take a while: the same bound as the vault suite's.
  await expect
    .poll(async () => (await announcements(page)).slice(skip), { timeout: 60_000 })
    .toEqual(expect.arrayContaining([expect.stringContaining(text)]));
}

async function heardSoFar(page: Page): Promise<number> {
  return (await announcements(page)).length;
}

describe('keyboard-only journey', () => {
  // As `npm start` runs it (NODE_ENV unset: development), where the localnet faucet is on.
  const suite = serverAndBrowserForSuite(() => startServer({ env: { NODE_ENV: 'development' } }));

  it('connects, signs in, posts, likes, comments, gets test SOL and supports a vault by keyboard', async () => {
    // Someone else's vault, far from its 5 SOL target.
    const creator = await signInOverHttp(suite.server.url);
    await createVaultOverHttp(suite.server.url, creator, 'Fund the keyboard anthem', '5');

    // A newcomer: the burner wallet makes its own key, and asks the faucet once after signing in.
    const { page, context, errors } = await openPage(suite.browser, DESKTOP);
    await recordAnnouncements(page);
    await page.goto(suite.server.url + '/');
    const main = page.getByRole('main');
    // The app has replaced the prerendered (inert) shell once the feed's composer is there: the
    // first render runs as a transition, so it may commit after the load event.
    await composer(page).getByRole('button', { name: 'Connect Wallet' }).waitFor();

    // The first Tab reaches the skip link, which shows and moves focus to the content.
    await tabTo(page, page.getByRole('link', { name: 'Skip to content' }), { max: 1 });
    await page.keyboard.press('Enter');
    await expectFocusOn(main, 'the main region');

    // Connect: the composer's Connect Wallet opens the modal with focus inside it.
    const connect = composer(page).getByRole('button', { name: 'Connect Wallet' });
    await tabTo(page, connect);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await expect.poll(() => modal.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    // Escape closes it and gives focus back to the button; Space opens it again.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await expectFocusOn(connect, 'Connect Wallet after Escape');
    await page.keyboard.press('Space');
    await modal.waitFor();
    await tabTo(page, modal.getByRole('button', { name: /Burner Wallet/ }), { max: 20 });
    await page.keyboard.press('Enter');
    await modal.waitFor({ state: 'detached' });

    // The burner wallet signs in by itself; the composer opens for writing.
    const box = composer(page).getByRole('textbox');
    await expect.poll(() => box.isEnabled(), { timeout: 30_000 }).toBe(true);
    // The burner's starting test SOL, asked for once after its first sign-in, is announced.
    await expectAnnounced(page, 'Test SOL received');
    // Focus went back to the page (the button that opened the modal is gone).
    expect(await main.evaluate((m) => m.contains(document.activeElement))).toBe(true);

    // Post.
    await tabTo(page, box);
    await page.keyboard.type('Typed without a mouse');
    await tabTo(page, composer(page).getByRole('button', { name: 'Post', exact: true }));
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Your post is now live');
    const card = postCard(page, 'Typed without a mouse');
    await card.waitFor();
    // The post earned the wallet's first DUM, so the welcome banner (its last step done) leaves
    // once the wallet's record is fetched again, a moment later. Tabbing on before that, a stop
    // in the banner can vanish under focus (the page's main region then takes it back).
    await page.getByTestId('welcome-banner').waitFor({ state: 'detached' });

    // Like it with Space.
    const like = card.getByRole('button', { name: /^Like, / });
    await tabTo(page, like);
    await page.keyboard.press('Space');
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');

    // Comment: Enter opens the comments, then the field, Enter sends.
    const commentButton = card.getByRole('button', { name: /^Comment, / });
    await tabTo(page, commentButton);
    await page.keyboard.press('Enter');
    await expect.poll(() => commentButton.getAttribute('aria-expanded')).toBe('true');
    const commentField = card.getByRole('textbox');
    await tabTo(page, commentField, { max: 10 });
    await page.keyboard.type('Said with the keyboard');
    await page.keyboard.press('Enter');
    await card.getByText('Said with the keyboard').waitFor();

    const address = await page
      .getByRole('button', { name: /^Wallet menu/ })
      .filter({ visible: true })
      .getAttribute('title');
    if (!address) throw new Error('the wallet menu names no address');
    await expect.poll(() => solBalance(suite.server.url, address), { timeout: 30_000 }).toBe(SOL);

    // The vault's support dialog: focus starts in it, Escape gives it back to Support.
    const vaultPanel = postCard(page, 'Fund the keyboard anthem').getByTestId('vault-panel');
    const supportButton = vaultPanel.getByRole('button', { name: 'Support' });
    await tabTo(page, supportButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Support Vault' });
    await dialog.waitFor();
    const amount = dialog.getByLabel('Amount (SOL)');
    await expectFocusOn(amount, 'the amount');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocusOn(supportButton, 'Support after Escape');

    // More than the wallet holds: the dialog offers test SOL.
    await page.keyboard.press('Enter');
    await expectFocusOn(amount, 'the amount');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1.5');
    await tabTo(page, dialog.getByRole('button', { name: 'Get test SOL' }), { max: 10 });
    const before = await heardSoFar(page);
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Test SOL received', before);
    await dialog.getByTestId('short-balance').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await solBalance(suite.server.url, address)).toBe(2n * SOL);
    // Focus stayed in the dialog when the offer went.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    // Support it: Tab on to the dialog's Support button, Enter.
    await tabTo(page, dialog.getByRole('button', { name: 'Support', exact: true }), { max: 10 });
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Vaulting...' }).waitFor();
    await expectAnnounced(page, 'Vault Supported!');
    await dialog.waitFor({ state: 'detached' });
    await expectFocusOn(supportButton, 'Support after supporting');
    await expect.poll(() => vaultPanel.textContent()).toContain('1.5000 / 5.0000 SOL');

    // The wallet menu: Enter opens it on Get test SOL, arrow keys move, Escape gives focus back.
    const walletMenu = page.getByRole('button', { name: /^Wallet menu/ }).filter({ visible: true });
    await tabTo(page, walletMenu, { backwards: true, max: 120 });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Get test SOL' }), 'Get test SOL');
    await page.keyboard.press('ArrowDown');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Copy address' }), 'Copy address');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expectFocusOn(walletMenu, 'the wallet menu button');

    // The notification menu: Enter opens it with focus inside, Escape gives focus back.
    const bell = page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true });
    await tabTo(page, bell, { backwards: true, max: 5 });
    await page.keyboard.press('Enter');
    const notifications = page.getByRole('dialog').filter({ hasText: 'Notifications' });
    await notifications.waitFor();
    await expect
      .poll(() => notifications.evaluate((n) => n.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await notifications.waitFor({ state: 'detached' });
    await expectFocusOn(bell, 'the bell');

    expect(await hasFocus(bell), await describeFocus(page)).toBe(true);
    expect(withoutExpected404(errors)).toEqual([]);
    await context.close();
  }, 300_000);
});
