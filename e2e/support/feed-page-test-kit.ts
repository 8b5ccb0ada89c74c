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
/** The composer's post text box (an attached image adds its alt text box beside it). */
export function composerText(page: Page): Locator {
  return composer(page).getByRole('textbox', { name: 'What’s your vibe?' });
}

export async function connectBurnerWallet(page: Page): Promise<void> {
  await presetBurnerKey(page);
  await composer(page).getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Burner Wallet/ })
    .click();
  const box = composerText(page);
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

/**
 * Writes text posts straight through the API with the page's signed-in session (many posts in
 * the time the composer takes for one); answers how many the server took.
 */
export function postThroughApi(page: Page, bodies: string[]): Promise<number> {
  return page.evaluate(async (bodies) => {
    const token = localStorage.getItem('accessToken');
    let ok = 0;
    for (const body of bodies) {
      const response = await fetch('/api/messages-v2/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ body, kind: 'public' }),
      });
      if (response.ok) ok++;
    }
    return ok;
  }, bodies);
}
