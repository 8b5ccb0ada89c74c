import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage } from './support/browser-test-kit.ts';
import { newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import {
  composer,
  composerText,
  postCard,
  signInWithBurnerKey,
} from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Blinks in Chromium against the production server: a vault's share menu copies its blink link
 * (dial.to with the vault's solana-action: URL), and that action answers as a Solana Action
 * (docs/api.md "Solana Actions"), as does the site's /actions.json beside the built SPA.
 */
describe('blinks', () => {
  const suite = serverAndBrowserForSuite();

  it("copies a vault's blink link from its share menu, and the action it names answers", async () => {
    const creator = await openPage(suite.browser, DESKTOP);
    await creator.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: suite.server.url,
    });
    await signInWithBurnerKey(creator.page, suite.server.url + '/', newBurnerWalletKey());
    const { page } = creator;
    await composer(page).getByRole('button', { name: 'Create Vault' }).click();
    await composer(page).getByLabel('SOL to lock').fill('0.5');
    await composerText(page).fill('Blink my vault');
    await composer(page).getByRole('button', { name: 'Post' }).click();
    await page.getByText('Your post is now live').first().waitFor();
    const card = postCard(page, 'Blink my vault');
    await card.getByTestId('vault-panel').waitFor();

    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Copy Blink link' }).click();
    await page.getByText('Blink link copied!').first().waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());

    const blink = new URL(link);
    expect(blink.origin + blink.pathname).toBe('https://dial.to/');
    const action = blink.searchParams.get('action') ?? '';
    expect(action).toMatch(/^solana-action:/);
    const actionUrl = new URL(action.slice('solana-action:'.length));
    expect(actionUrl.origin).toBe(suite.server.url);
    expect(actionUrl.pathname).toMatch(/^\/api\/actions\/vaults\/\d+$/);

    const got = await fetch(actionUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('access-control-allow-origin')).toBe('*');
    expect(got.headers.get('x-action-version')).toBe('2.4');
    expect(got.headers.get('x-blockchain-ids')).toMatch(/^solana:\w{32}$/);
    const body = (await got.json()) as { label: string; description: string };
    expect(body.label).toBe('Support Vault');
    expect(body.description).toContain('Blink my vault');

    // The vault's own page maps onto the same action through /actions.json.
    const rules = (await (await fetch(`${suite.server.url}/actions.json`)).json()) as {
      rules: Array<{ pathPattern: string; apiPath: string }>;
    };
    const vaultId = actionUrl.pathname.split('/').pop() ?? '';
    const rule = rules.rules.find((r) => r.pathPattern === '/vaults/*');
    expect(rule?.apiPath.replace('*', vaultId)).toBe(actionUrl.pathname);
    expect(creator.errors).toEqual([]);
    await creator.context.close();

    // On a phone, a visitor's share menu of the same vault offers it too.
    const visitor = await openPage(suite.browser, PHONE);
    await visitor.page.goto(`${suite.server.url}/vaults/${vaultId}`);
    const visitorCard = postCard(visitor.page, 'Blink my vault');
    await visitorCard.getByRole('button', { name: 'Share', exact: true }).click();
    await visitor.page.getByRole('menuitem', { name: 'Copy Blink link' }).waitFor();
    await visitor.context.close();
  });
});
