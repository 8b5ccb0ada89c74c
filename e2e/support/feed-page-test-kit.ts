import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { presetBurnerKey, useBurnerKey, type BurnerWalletKey } from './burner-wallet-test-kit.ts';

/** The feed page as the feed, vault and escrow suites drive it. */

export function composer(page: Page): Locator {
  return page.getByTestId('composer');
}

export function postCards(page: Page): Locator {
  return page.getByTestId('post-card');
}

export function postCard(page: Page, text: string): Locator {
  return postCards(page).filter({ hasText: text });
}

/** Chromium reports every 4xx answer as a console error; a 404 the test asked for is not one. */
export function withoutExpected404(errors: string[]): string[] {
  return errors.filter((error) => !error.includes('status of 404'));
}

/** Connects the burner wallet from the composer's button; the app then signs in by itself. */
export async function connectBurnerWallet(page: Page): Promise<void> {
  await presetBurnerKey(page);
  await composer(page).getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Burner Wallet/ })
    .click();
  const box = composer(page).getByRole('textbox');
  await expect.poll(() => box.isEnabled(), { timeout: 20_000 }).toBe(true);
}

/** Opens `url` with the burner wallet holding `key`, and signs in with it. */
export async function signInWithBurnerKey(
  page: Page,
  url: string,
  key: BurnerWalletKey,
): Promise<void> {
  await useBurnerKey(page, key);
  await page.goto(url);
  await connectBurnerWallet(page);
}
