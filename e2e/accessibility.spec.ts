import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { DESKTOP, PHONE, openPage, type PageWithErrors } from './support/browser-test-kit.ts';
import { airdrop, newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import {
  SEED_POST_TAG,
  SEED_POST_TEXT,
  SEED_VAULT_TEXT,
  seedContent,
  type Seed,
} from './support/content-test-kit.ts';
import { composer, postCard, signInWithBurnerKey } from './support/feed-page-test-kit.ts';
import { declaredRoutes, ROUTE_URLS, visit, walkTo } from './support/routes-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

const SOL = 1_000_000_000n;

/**
 * axe-core (WCAG 2.2 A and AA rules) on every route of the app, at 375 and 1440 px wide,
 * signed out and signed in with the burner wallet, over a database with a real image post, a
 * comment and a vault a fan has supported; then the open states: the wallet connect modal, the
 * stake dialog, the support dialog, the notification menu, a profile's followers list, menu and
 * block confirmation, the Edit profile dialog and the feed's Following tab. Any violation
 * fails, listed.
 */

const SIZES = [
  ['375', PHONE],
  ['1440', DESKTOP],
] as const;

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  const suite = serverAndBrowserForSuite();
  let seed: Seed;
  let signedOut: PageWithErrors;
  let signedIn: PageWithErrors;
  let signingIn: Promise<void> | null = null;

  beforeAll(async () => {
    seed = await seedContent(suite.server.url);
    [signedOut, signedIn] = await Promise.all([
      openPage(suite.browser, PHONE),
      openPage(suite.browser, PHONE),
    ]);
  });

  /** The signed-in page: the burner wallet (with 1 test SOL) signs in on first use. */
  async function signedInPage(): Promise<Page> {
    signingIn ??= (async () => {
      const viewerKey = newBurnerWalletKey();
      await airdrop(suite.server.url, viewerKey.address, SOL);
      await signInWithBurnerKey(signedIn.page, suite.server.url + '/', viewerKey);
    })();
    await signingIn;
    return signedIn.page;
  }

  afterAll(async () => {
    // Whichever pages beforeAll opened before anything failed.
    for (const opened of [signedOut, signedIn] as (PageWithErrors | undefined)[]) {
      await opened?.context.close();
    }
  });

  it('checks every route routes.tsx declares', async () => {
    expect((await declaredRoutes()).sort()).toEqual(Object.keys(ROUTE_URLS).sort());
  });

  for (const state of ['signed out', 'signed in'] as const) {
    for (const [width, viewport] of SIZES) {
      it(`every route, ${state}, ${width} px wide`, async () => {
        const page = state === 'signed in' ? await signedInPage() : signedOut.page;
        await page.setViewportSize(viewport);
        let report = '';
        for (const [route, url] of Object.entries(ROUTE_URLS)) {
          await walkTo(page, suite.server.url + url(seed));
          report += await axeReport(page, `${url(seed)} (${route}, ${state}, ${width} px)`);
        }
        expect(report, report).toBe('');
        // 23 pages, each loaded and checked: a few seconds each on a busy machine.
      }, 240_000);
    }
  }

  for (const [width, viewport] of SIZES) {
    it(`the open dialogs and menus, ${width} px wide`, async () => {
      let report = '';

      // Signed out: the wallet connect modal.
      await signedOut.page.setViewportSize(viewport);
      await visit(signedOut.page, suite.server.url + '/');
      await composer(signedOut.page).getByRole('button', { name: 'Connect Wallet' }).click();
      await signedOut.page.getByRole('dialog').waitFor();
      report += await axeReport(signedOut.page, `wallet modal (${width} px)`);
      await signedOut.page.keyboard.press('Escape');

      const page = await signedInPage();
      await page.setViewportSize(viewport);
      await visit(page, suite.server.url + '/');

      // The support dialog of the creator's vault.
      await postCard(page, SEED_VAULT_TEXT)
        .getByTestId('vault-panel')
        .getByRole('button', { name: 'Support' })
        .click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Support Vault' }).waitFor();
      report += await axeReport(page, `support dialog (${width} px)`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The signed-in wallet control's menu.
      const walletMenu = page
        .getByRole('button', { name: /^Wallet menu/ })
        .filter({ visible: true });
      await walletMenu.click();
      await page.getByRole('menu').waitFor();
      report += await axeReport(page, `wallet menu (${width} px)`);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      // The notification menu.
      await page
        .getByRole('button', { name: /^Notifications/ })
        .filter({ visible: true })
        .click();
      await page.getByRole('heading', { name: 'Notifications' }).waitFor();
      report += await axeReport(page, `notification menu (${width} px)`);
      await page.keyboard.press('Escape');

      // A profile's followers list, its menu and the block confirmation.
      await visit(page, `${suite.server.url}/profile/${seed.creator.wallet.address}`);
      const profile = page.getByTestId('profile');
      await profile.getByRole('button', { name: /Followers?$/ }).click();
      const followers = page.getByRole('dialog', { name: 'Followers' });
      await followers
        .getByRole('link')
        .or(followers.getByText('No followers yet'))
        .first()
        .waitFor();
      report += await axeReport(page, `followers dialog (${width} px)`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await profile.getByRole('button', { name: /^More options for / }).click();
      await page.getByRole('menu').waitFor();
      report += await axeReport(page, `profile menu (${width} px)`);
      await page.getByRole('menuitem', { name: /^Block / }).click();
      await page.getByRole('dialog', { name: /^Block / }).waitFor();
      report += await axeReport(page, `block confirmation (${width} px)`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The Edit profile dialog, on one's own profile.
      await visit(page, suite.server.url + '/profile');
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.getByRole('dialog', { name: 'Edit profile' }).waitFor();
      report += await axeReport(page, `edit profile dialog (${width} px)`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The feed's Following tab, signed in and signed out.
      await visit(page, suite.server.url + '/?feed=following');
      await page.getByRole('tabpanel').getByRole('heading').first().waitFor();
      report += await axeReport(page, `following feed (${width} px)`);
      await visit(signedOut.page, suite.server.url + '/?feed=following');
      await signedOut.page.getByTestId('connect-prompt').waitFor();
      report += await axeReport(signedOut.page, `following feed, signed out (${width} px)`);

      // Discover: a tag's posts, and post and people results with one chosen by the arrows.
      for (const [who, discover] of [
        ['signed out', signedOut.page],
        ['signed in', page],
      ] as const) {
        await visit(discover, `${suite.server.url}/discover?tag=${SEED_POST_TAG}`);
        await postCard(discover, SEED_POST_TEXT).waitFor();
        report += await axeReport(discover, `discover tag (${who}, ${width} px)`);
        const prefix = seed.creator.wallet.address.slice(0, 6);
        for (const search of ['q=sunset&type=posts', `q=${prefix}&type=users`]) {
          await visit(discover, `${suite.server.url}/discover?${search}`);
          await discover.getByRole('option').first().waitFor();
          await discover.getByRole('combobox', { name: 'Search people and posts' }).focus();
          await discover.keyboard.press('ArrowDown');
          report += await axeReport(discover, `discover ${search} (${who}, ${width} px)`);
        }
      }

      // The stake dialog, from the rewards page.
      await visit(page, suite.server.url + '/rewards');
      await page.getByRole('button', { name: 'Stake or unstake' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Manage DUM Tokens' }).waitFor();
      report += await axeReport(page, `stake dialog (${width} px)`);
      await page.keyboard.press('Escape');

      expect(report, report).toBe('');
    }, 180_000);
  }

  it('stops animations and transitions for people who ask for reduced motion', async () => {
    const { page, context } = await openPage(suite.browser, PHONE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page, suite.server.url + '/');
    await composer(page).getByRole('button', { name: 'Connect Wallet' }).click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    const motion = await modal.evaluate((element) => {
      const style = getComputedStyle(element);
      return { animation: style.animationDuration, transition: style.transitionDuration };
    });
    // 0.01 ms: ends at once, and its end event still fires (Radix waits for it to unmount).
    expect(motion).toEqual({ animation: '1e-05s', transition: '1e-05s' });
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await context.close();
  });
});
