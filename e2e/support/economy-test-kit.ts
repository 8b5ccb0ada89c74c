import type { Locator, Page } from 'playwright-core';
import type { Database } from '../../apps/server/src/db/database.ts';
import { users } from '../../apps/server/src/db/schema.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import {
  createEmissionSequencer,
  recordRewardedEvent,
} from '../../apps/server/src/modules/emissions/index.ts';

/** Helpers for the token-economy browser tests (e2e/economy.spec.ts). */

/** Seeds a user whose wallet has earned `posts` post rewards (150 DUM each in epoch 0). */
export async function seedEarner(
  database: Database,
  input: { address: string; displayName?: string; posts: number },
): Promise<string> {
  const [user] = await database.db
    .insert(users)
    .values({ solAddress: input.address, displayName: input.displayName ?? null })
    .returning({ id: users.id });
  if (!user) throw new Error('seed user insert returned nothing');
  for (let i = 0; i < input.posts; i++) {
    await recordRewardedEvent(
      database.pool,
      { kind: 'post_created', actorId: user.id, reference: `seed:${user.id}:${i}` },
      new Date(),
    );
  }
  // The server's own sequencer would get to them within a second; do it now.
  const sequencer = createEmissionSequencer({
    database,
    clock: { now: () => new Date() },
    logger: createLogger('silent', false),
    // Everyone established, as the browser tests' server runs (server-test-kit.ts).
    rules: {
      dailyCap: 100,
      pairDailyCap: 3,
      referrerDailyCap: 5,
      established: {
        minAgeMs: 0,
        requirePost: false,
        requireVouch: false,
        voucherMinAgeMs: 0,
        seedWallets: new Set(),
      },
    },
  });
  await sequencer.settle();
  await sequencer.stop();
  return user.id;
}

/** The wallet control that is displayed (top bar on desktop, header on a phone). */
export function walletControl(page: Page): Locator {
  return page.locator('[data-slot="wallet-control"]:visible');
}

/**
 * Signs in through the UI with the context's test wallet (e2e/support/wallet-test-kit.ts): Connect
 * Wallet, pick it in the modal, and the app's automatic sign-in does the rest.
 */
export async function signInWithTestWallet(page: Page, walletName = /Test Wallet/): Promise<void> {
  await walletControl(page).getByRole('button', { name: 'Connect Wallet' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: walletName }).click();
  await dialog.waitFor({ state: 'detached' });
  await walletControl(page).locator('[data-state="authenticated"]').waitFor();
}

/** The signed-in page's access token, for calling the API as that wallet. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  if (!token) throw new Error('not signed in');
  return token;
}

/** Calls the API from the page as its signed-in wallet; answers status and JSON body. */
export async function callApi(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const token = await accessToken(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, path, body, token },
  );
}

/** The DUM token box's three values, as shown ('150 DUM'). */
export async function dumBox(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: 'DUM Token' }).locator('dd').allTextContents();
}
