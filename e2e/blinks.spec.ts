import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localnetClient, sendSignedTransaction } from './support/api-wallet-test-kit.ts';
import {
  connectBlinkWallet,
  fetchFromBlinkPage,
  signWithBlinkWallet,
  startBlinkClientOrigin,
} from './support/blink-client-test-kit.ts';
import {
  DESKTOP,
  PHONE,
  openPage,
  saveScreenshotIfAsked,
  type PageWithErrors,
} from './support/browser-test-kit.ts';
import { airdrop, newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import { callApi, signInWithTestWallet } from './support/economy-test-kit.ts';
import {
  composer,
  composerText,
  postCard,
  signInWithBurnerKey,
} from './support/feed-page-test-kit.ts';
import { serverAndBrowserForSuite, startedForSuite } from './support/suite-test-kit.ts';
import { installTestWallet } from './support/wallet-test-kit.ts';

/**
 * Blinks in Chromium against the production server: a vault's share menu copies its blink link
 * (dial.to with the vault's solana-action: URL), and that action answers as a Solana Action
 * (docs/api.md "Solana Actions"), as does the site's /actions.json beside the built SPA. A blink
 * client on an origin of its own then pays a vault through the action with a wallet that never
 * signed in here, and the vault's page shows the support, whether the client calls back or the
 * payment watcher finds the payment by its reference.
 */

const SOL = 1_000_000_000n;

interface ActionTransaction {
  type: string;
  transaction: string;
  message: string;
  reference: string;
  links: { next: { type: string; href: string } };
}

describe('blinks', () => {
  const suite = serverAndBrowserForSuite();
  const blinkClient = startedForSuite(startBlinkClientOrigin, (origin) => origin.close());

  /** The creator, signed in with a test wallet, on the page of a fresh 0.1 SOL vault. */
  async function creatorOnVaultPage(text: string): Promise<PageWithErrors & { vaultId: string }> {
    const creator = await openPage(suite.browser, DESKTOP);
    await installTestWallet(creator.context);
    await creator.page.goto(suite.origin + '/');
    await signInWithTestWallet(creator.page);
    const posted = await callApi(creator.page, 'POST', '/api/messages-v2/messages', {
      kind: 'vault',
      body: text,
      targetAmount: '0.1',
    });
    expect(posted.status).toBe(201);
    const vaultId = (posted.body as { vault: { id: string } }).vault.id;
    await creator.page.goto(`${suite.origin}/vaults/${vaultId}`);
    await expectVaultShows(creator.page, '0.0000', '0 supporters');
    return { ...creator, vaultId };
  }

  /** A blink client's page with a funded wallet that has never signed in to the app. */
  async function blinkClientWithWallet(): Promise<PageWithErrors & { account: string }> {
    const client = await openPage(suite.browser, PHONE);
    const wallet = await installTestWallet(client.context, {
      name: 'Blink Wallet',
      mode: 'signTransaction',
    });
    await airdrop(suite.server.url, wallet.address, 2n * SOL);
    await client.page.goto(blinkClient.current.url);
    const account = await connectBlinkWallet(client.page, 'Blink Wallet');
    expect(account).toBe(wallet.address);
    return { ...client, account };
  }

  /**
   * The blink's steps up to the transfer: GET the action, POST its 0.05 SOL link for the
   * wallet, have the wallet sign the answer's transaction, send it (the client's RPC, here the
   * app's localnet) and wait until it is confirmed.
   */
  async function payThroughAction(
    client: PageWithErrors & { account: string },
    vaultId: string,
  ): Promise<{ answer: ActionTransaction; signature: string }> {
    const action = await fetchFromBlinkPage<{
      label: string;
      links: { actions: { label: string; href: string }[] };
    }>(client.page, `${suite.origin}/api/actions/vaults/${vaultId}`);
    expect(action.status).toBe(200);
    expect(action.body.label).toBe('Support Vault');
    const link = action.body.links.actions.find((a) => a.label === '0.05 SOL');
    if (!link) throw new Error('the action offers no 0.05 SOL link');

    const posted = await fetchFromBlinkPage<ActionTransaction>(client.page, link.href, {
      account: client.account,
    });
    expect(posted.status).toBe(200);
    const answer = posted.body;
    expect(answer.type).toBe('transaction');
    expect(answer.message).toBe(`Support vault ${vaultId} with 0.05 SOL`);
    expect(answer.links.next.type).toBe('post');
    expect(answer.links.next.href).toBe(
      `${suite.origin}/api/actions/vaults/${vaultId}/confirm?amount=0.05&reference=${answer.reference}`,
    );

    const signed = await signWithBlinkWallet(client.page, answer.transaction);
    const chain = localnetClient(`${suite.server.url}/rpc`);
    const signature = await sendSignedTransaction(chain, signed);
    // The transfer carries the reference (Solana Pay): the cluster finds it by that key alone.
    const found = await chain.rpc.call<{ signature: string }[]>('getSignaturesForAddress', [
      answer.reference,
      { commitment: 'confirmed' },
    ]);
    expect(found.map((f) => f.signature)).toEqual([signature]);
    return { answer, signature };
  }

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

  it("a blink client's payment from a wallet that never signed in shows on the vault's page", async () => {
    const creator = await creatorOnVaultPage('Fill me from a blink');
    const client = await blinkClientWithWallet();
    const { answer, signature } = await payThroughAction(client, creator.vaultId);

    const done = await fetchFromBlinkPage<{ type: string; title: string; label: string }>(
      client.page,
      answer.links.next.href,
      { account: client.account, signature },
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      type: 'completed',
      title: 'Vault Supported!',
      label: 'Supported',
    });
    expect(client.errors).toEqual([]);
    await client.context.close();

    await expectSupportArrives(creator.page);
    await saveScreenshotIfAsked(creator.page, 'blink-support-vault-page');
    expect(creator.errors).toEqual([]);
    await creator.context.close();
  });

  it('a blink payment whose client never calls back is found by the watcher and shows within 30 s', async () => {
    const creator = await creatorOnVaultPage('Fill me even if the blink closes');
    const client = await blinkClientWithWallet();
    const { answer, signature } = await payThroughAction(client, creator.vaultId);

    // The client closes here; the watcher finds the transfer by its reference.
    await expectSupportArrives(creator.page, 30_000);

    // A callback that comes late gets the same answer, and the payment still counts once.
    const late = await fetchFromBlinkPage<{ type: string }>(client.page, answer.links.next.href, {
      account: client.account,
      signature,
    });
    expect(late.status).toBe(200);
    expect(late.body.type).toBe('completed');
    expect(client.errors).toEqual([]);
    await client.context.close();
    await creator.page.reload();
    await expectVaultShows(creator.page, '0.0500', '1 supporter');
    expect(creator.errors).toEqual([]);
    await creator.context.close();
  });
});

/**
 * The creator, on the vault's page, is told of a 0.05 SOL support by the socket (within
 * `timeoutMs`), and the page shows it: amount and supporter count. The anonymous payer is
 * counted but not named, so the leaderboard lists nobody.
 */
async function expectSupportArrives(page: Page, timeoutMs = 20_000): Promise<void> {
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await toasts.getByText('Vault Supported', { exact: true }).waitFor({ timeout: timeoutMs });
  expect(await toasts.textContent()).toContain('Someone vaulted 0.0500 SOL');
  // The socket's event refreshes the panel, live.
  await expectVaultShows(page, '0.0500', '1 supporter');
  // The payer is counted, not named: the leaderboard says so instead of listing it.
  await page.getByText('1 wallet backed it through a blink without joining Dum Club.').waitFor();
  expect(await page.getByTestId('vault-leaderboard').count()).toBe(0);
}

/** The vault panel on a vault's page shows `amount` raised (of 0.1 SOL) and `supporters`. */
async function expectVaultShows(page: Page, amount: string, supporters: string): Promise<void> {
  const panel = page.getByTestId('vault-panel');
  await expect
    .poll(() => panel.getByTestId('vault-amount').textContent(), { timeout: 20_000 })
    .toBe(amount);
  expect(await panel.textContent()).toContain(`${amount} / 0.1000 SOL`);
  expect(await panel.getByTestId('vault-supporters').textContent()).toBe(supporters);
}
