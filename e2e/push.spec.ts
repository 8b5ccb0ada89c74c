import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { DESKTOP, openPage, PHONE, saveScreenshotIfAsked } from './support/browser-test-kit.ts';
import { newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import { signInWithBurnerKey } from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * The Notifications settings screen in Chromium: reached from the wallet menu, this device's
 * state and the browser's permission, the per-kind switches worked by keyboard and kept by the
 * server, at phone and desktop sizes, axe clean. (The path from a tip to the shown
 * notification is push-path.spec.ts; the worker's notification click, pwa.spec.ts.)
 */

describe('notification settings in the browser', () => {
  const suite = serverAndBrowserForSuite();

  it('signed in: the device card and the kinds, switched by keyboard and kept after a reload', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, errors } = await openPage(suite.browser, viewport, { serviceWorker: true });
      await signInWithBurnerKey(page, suite.origin + '/', newBurnerWalletKey());
      await page.goto(`${suite.origin}/notifications`);
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      await page.getByRole('heading', { name: 'What to hear about' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Enable' }).waitFor();
      expect(await page.getByTestId('push-permission').textContent()).toBe(
        'Your browser will ask whether Dum Club may notify you.',
      );
      const followers = page.getByRole('switch', { name: /New followers/ });
      expect(await followers.isChecked()).toBe(true);
      await followers.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => followers.isChecked()).toBe(false);
      await page.waitForLoadState('networkidle');
      await saveScreenshotIfAsked(page, `notifications-${name}`);
      expect(await axeReport(page, `notification settings, ${name}`)).toBe('');
      await page.reload();
      await page.getByRole('heading', { name: 'What to hear about' }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('switch', { name: /New followers/ }).isChecked()).toBe(false);
      expect(await page.getByRole('switch', { name: /Messages and tips/ }).isChecked()).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('signed out: asks to sign in', async () => {
    const { page } = await openPage(suite.browser, PHONE);
    await page.goto(`${suite.origin}/notifications`);
    await page.getByRole('heading', { name: 'Sign in to choose your notifications' }).waitFor();
    await saveScreenshotIfAsked(page, 'notifications-signed-out-phone');
    await page.context().close();
  });
});
