import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeReport } from './support/accessibility-test-kit.ts';
import { localnetClient, sendSol, signInOverHttp } from './support/api-wallet-test-kit.ts';
import type { ApiSession } from './support/api-wallet-test-kit.ts';
import { DESKTOP, PHONE, openPage, saveScreenshotIfAsked } from './support/browser-test-kit.ts';
import { newBurnerWalletKey } from './support/burner-wallet-test-kit.ts';
import { signInWithBurnerKey, withoutExpected404 } from './support/feed-page-test-kit.ts';
import { startServer } from './support/server-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';

/**
 * Message requests in Chromium, with trust as in production (TRUST_REWARDS on, no seeds: every
 * fresh wallet is untrusted). Strangers write to Bob from outside the browser, one with a real
 * 0.01 SOL tip: Bob is not notified, finds them under Requests with the tip, opens one (its
 * sender is not told), accepts it (now they are), and deletes the other, whose later messages
 * stay out of his inbox.
 */

const SOL = 1_000_000_000n;

async function api(
  url: string,
  session: ApiSession,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  const response = await fetch(url + path, {
    method,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

function requestsTab(page: Page) {
  return page
    .getByRole('navigation', { name: 'Message folders' })
    .getByRole('link', { name: /^Requests/ });
}

describe('message requests', () => {
  // A second minute to start: this suite's server is its own, started while others run.
  const suite = serverAndBrowserForSuite(() =>
    startServer({ env: { TRUST_REWARDS: 'true' }, healthTimeoutMs: 110_000 }),
  );

  it('a stranger’s tipped message waits in Requests, unannounced, until Bob accepts; a deleted one stays out', async () => {
    const bobKey = newBurnerWalletKey();
    const bob = await openPage(suite.browser, PHONE);
    await signInWithBurnerKey(bob.page, suite.server.url + '/', bobKey);

    // Two strangers write to Bob over HTTP; the first tips 0.01 SOL with a real transfer.
    const [fan, spammer] = await Promise.all([
      signInOverHttp(suite.server.url),
      signInOverHttp(suite.server.url),
    ]);
    const chain = localnetClient(`${suite.server.url}/rpc`);
    await chain.requestAirdrop(fan.wallet.address, SOL);
    const signature = await sendSol(chain, fan.wallet, bobKey.address, SOL / 100n);
    const toBob = `/api/conversations/${bobKey.address}/messages`;
    await api(suite.server.url, fan, 'POST', toBob, {
      body: 'gm Bob, your last vault was great',
      tip: { transactionSignature: signature, amount: String(SOL / 100n) },
    });
    await api(suite.server.url, spammer, 'POST', toBob, { body: 'Free DUM, click here' });

    // Bob's Messages: an empty inbox, no badge, no notification; two requests waiting.
    await bob.page.goto(`${suite.server.url}/messages`);
    await expect.poll(() => requestsTab(bob.page).textContent()).toBe('Requests2 waiting');
    await bob.page.getByRole('heading', { name: 'No messages yet' }).waitFor();
    expect(await bob.page.getByTestId('unread-messages').count()).toBe(0);
    expect(await bob.page.getByText('You received a message', { exact: false }).count()).toBe(0);
    await saveScreenshotIfAsked(bob.page, 'requests-inbox-375');

    await requestsTab(bob.page).click();
    const list = bob.page.getByRole('list', { name: 'Message requests' });
    await list.waitFor();
    expect(await list.getByRole('link').count()).toBe(2);
    const fanRow = list.getByRole('link', { name: /your last vault/ });
    expect(await fanRow.textContent()).toContain('Tip: 0.0100 SOL');
    await saveScreenshotIfAsked(bob.page, 'requests-list-375');

    // Bob opens the fan's: the message and the tip, Accept and Delete; the fan is not told.
    await fanRow.click();
    const log = bob.page.getByRole('log');
    await log.getByText('gm Bob, your last vault was great').waitFor();
    expect(await log.getByTestId('tip-receipt').textContent()).toContain('0.0100 SOL');
    const panel = bob.page.getByRole('region', { name: 'Message request' });
    await panel.waitFor();
    await saveScreenshotIfAsked(bob.page, 'requests-thread-375');
    await bob.page.setViewportSize(DESKTOP);
    await panel.waitFor();
    await saveScreenshotIfAsked(bob.page, 'requests-thread-1440');
    expect(await axeReport(bob.page, 'an open request (1440 px)')).toBe('');
    const fanThread = () =>
      api(suite.server.url, fan, 'GET', `/api/conversations/${bobKey.address}/messages`).then(
        (page) => (page.items as Array<{ readAt: string | null }>)[0]?.readAt ?? null,
      );
    expect(await fanThread()).toBeNull();

    // Accept: the chat moves to the inbox, is read, and the fan sees it read.
    await panel.getByRole('button', { name: 'Accept' }).click();
    await panel.waitFor({ state: 'detached' });
    await bob.page.getByRole('list', { name: 'Conversations' }).waitFor();
    await expect.poll(fanThread, { timeout: 15_000 }).not.toBeNull();
    expect(await requestsTab(bob.page).textContent()).toBe('Requests1 waiting');
    await saveScreenshotIfAsked(bob.page, 'requests-accepted-1440');

    // The spammer's: Delete. Requests is empty, and a later message from them stays out.
    await requestsTab(bob.page).click();
    await bob.page.getByRole('link', { name: /Free DUM/ }).click();
    await bob.page
      .getByRole('region', { name: 'Message request' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await bob.page.getByRole('heading', { name: 'No message requests' }).waitFor();
    await saveScreenshotIfAsked(bob.page, 'requests-empty-1440');
    await api(suite.server.url, spammer, 'POST', toBob, { body: 'are you there?' });
    await bob.page.reload();
    await bob.page.getByRole('heading', { name: 'No message requests' }).waitFor();
    await bob.page.setViewportSize(PHONE);
    await bob.page
      .getByRole('navigation', { name: 'Message folders' })
      .getByRole('link', {
        name: 'Inbox',
      })
      .click();
    const inbox = bob.page.getByRole('list', { name: 'Conversations' });
    await inbox.waitFor();
    expect(await inbox.getByRole('link').count()).toBe(1);
    expect(await inbox.textContent()).not.toContain('are you there?');
    await saveScreenshotIfAsked(bob.page, 'requests-inbox-after-375');

    expect(withoutExpected404(bob.errors)).toEqual([]);
    await bob.context.close();
  }, 180_000);
});
