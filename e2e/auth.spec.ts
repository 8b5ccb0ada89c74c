import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, newTestContext } from './support/browser-test-kit.ts';
import {
  startServer,
  type RunningServer,
  type StartServerOptions,
} from './support/server-test-kit.ts';
import { presetBurnerKey } from './support/burner-wallet-test-kit.ts';
import { serverAndBrowserForSuite } from './support/suite-test-kit.ts';
import {
  installTestWallet,
  type TestWallet,
  type TestWalletOptions,
} from './support/wallet-test-kit.ts';

/**
 * Wallet sign-in in Chromium against the production server: a Wallet Standard test
 * wallet registered from an init script, backed by a real Ed25519 key, signs the server's
 * challenge; the sign-in rules (automatic sign-in once per connection, refresh, sign-out on
 * disconnect or from another tab) and the wallet control behave as a person sees them.
 */

const TOKEN_KEYS = ['dum.jwt', 'accessToken', 'refreshToken', 'dum.jwt.exp', 'dum.jwt.created'];

async function startServerRetrying(options?: StartServerOptions): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer(options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

interface Session {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet | null;
  errors: string[];
}

function recordErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
}

/** The wallet control that is displayed (top bar on desktop, header on a phone). */
function control(page: Page) {
  return page.locator('[data-slot="wallet-control"]:visible');
}

function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function storedTokens(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)])),
    TOKEN_KEYS,
  );
}

/**
 * Stores `token` as the access token when the next document starts, and only then: the running
 * page never holds it, so none of its polls can send it before the reload.
 */
async function storeTokenOnReload(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    // Once: the first document after this call only.
    if (sessionStorage.getItem('e2e.token-written')) return;
    sessionStorage.setItem('e2e.token-written', '1');
    localStorage.setItem('dum.jwt', value);
    localStorage.setItem('accessToken', value);
  }, token);
}

function payloadOf(token: string): { sub: string; solAddress: string; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
    solAddress: string;
    exp: number;
  };
}

describe('wallet sign-in', () => {
  const suite = serverAndBrowserForSuite(startServerRetrying);
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => {})));
  });

  async function open(
    wallet: TestWalletOptions | null,
    viewport: { width: number; height: number } = DESKTOP,
  ): Promise<Session> {
    const context = await newTestContext(suite.browser, { viewport });
    contexts.push(context);
    const installed = wallet ? await installTestWallet(context, wallet) : null;
    const page = await context.newPage();
    const errors: string[] = [];
    recordErrors(page, errors);
    await page.goto(suite.origin);
    await page.locator('main h1').first().waitFor();
    return { context, page, wallet: installed, errors };
  }

  async function connect(page: Page, walletName: RegExp | string): Promise<void> {
    await control(page).getByRole('button', { name: 'Connect Wallet' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: walletName }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async function expectAuthenticated(page: Page, address: string): Promise<void> {
    const short = `${address.slice(0, 4)}...${address.slice(-4)}`;
    await control(page).locator('[data-state="authenticated"]').waitFor();
    // The menu's code loads after the state switches: wait for what it renders, not a snapshot.
    await control(page).getByText(short).waitFor({ state: 'visible' });
    await control(page).getByRole('button', { name: 'Disconnect wallet' }).waitFor({
      state: 'visible',
    });
  }

  it('connect → automatic sign-in → authenticated control, with its storage keys', async () => {
    const { page, wallet, errors } = await open({ name: 'Test Wallet', mode: 'signMessage' });
    if (!wallet) throw new Error('no wallet');
    const modal = control(page).getByRole('button', { name: 'Connect Wallet' });
    await modal.click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading', { level: 2 }).textContent()).toBe(
      'Connect a wallet on Solana to continue',
    );
    expect(await dialog.getByRole('button', { name: /Test Wallet/ }).textContent()).toContain(
      'Detected',
    );
    // Once signed in, the tab's socket opens with no token in its URL (proxies log URLs) and
    // sends the access token as its first message.
    const socketUrls: string[] = [];
    const firstFrames: string[] = [];
    const socketAccepted = new Promise<boolean>((resolve) => {
      page.on('websocket', (socket) => {
        if (!new URL(socket.url()).pathname.endsWith('/socket')) return;
        socketUrls.push(socket.url());
        socket.on('framesent', (frame) => {
          if (firstFrames.length === 0) firstFrames.push(String(frame.payload));
        });
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('auth_success')) resolve(true);
        });
      });
    });
    // Choosing the wallet connects it at once: no second click.
    await dialog.getByRole('button', { name: /Test Wallet/ }).click();
    await expectAuthenticated(page, wallet.address);
    await toastRegion(page).getByText('Wallet Authenticated').waitFor();
    expect(wallet.signatures()).toBe(1);

    const tokens = await storedTokens(page);
    expect(tokens['dum.jwt']).toBeTruthy();
    expect(tokens.accessToken).toBe(tokens['dum.jwt']);
    expect(tokens.refreshToken).toBeTruthy();
    const claims = payloadOf(tokens['dum.jwt'] ?? '');
    expect(claims.solAddress).toBe(wallet.address);
    const created = Number(tokens['dum.jwt.created']);
    expect(Math.abs(created - Date.now())).toBeLessThan(60_000);
    // dum.jwt.exp = sign-in time + expiresIn * 1000 (900 s by default).
    expect(Number(tokens['dum.jwt.exp']) - created).toBeGreaterThan(890_000);
    expect(Number(tokens['dum.jwt.exp']) - created).toBeLessThanOrEqual(900_000);

    // SOL balance from the chain (a new keypair: zero).
    // The balance is its own query: wait for it rather than read it once.
    await control(page).getByLabel('Balance 0.0000 SOL').waitFor();

    // The session is real on the server.
    const me = await page.evaluate(async (token) => {
      const response = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as { solAddress: string };
    }, tokens['dum.jwt']);
    expect(me.solAddress).toBe(wallet.address);
    expect(await socketAccepted).toBe(true);
    expect(socketUrls.every((url) => !url.includes('token'))).toBe(true);
    expect(JSON.parse(firstFrames[0] ?? '{}')).toEqual({ type: 'auth', token: tokens['dum.jwt'] });
    expect(errors).toEqual([]);
  });

  it('keeps the session across a reload without signing again', async () => {
    const { page, wallet, errors } = await open({ mode: 'signMessage' });
    if (!wallet) throw new Error('no wallet');
    await connect(page, /Test Wallet/);
    await expectAuthenticated(page, wallet.address);
    const before = await storedTokens(page);
    await page.reload();
    await expectAuthenticated(page, wallet.address);
    expect(wallet.signatures()).toBe(1);
    expect((await storedTokens(page))['dum.jwt']).toBe(before['dum.jwt']);
    expect(errors).toEqual([]);
  });

  it('disconnect signs out and clears every stored key', async () => {
    const { page, wallet, errors } = await open({ mode: 'signMessage' });
    if (!wallet) throw new Error('no wallet');
    await connect(page, /Test Wallet/);
    await expectAuthenticated(page, wallet.address);
    const refreshToken = (await storedTokens(page)).refreshToken;
    await control(page).getByRole('button', { name: 'Disconnect wallet' }).click();
    await control(page).getByRole('button', { name: 'Connect Wallet' }).waitFor();
    await toastRegion(page).getByText('Wallet Disconnected').waitFor();
    expect(Object.values(await storedTokens(page))).toEqual([null, null, null, null, null]);
    expect(await page.evaluate(() => localStorage.getItem('walletName'))).toBeNull();
    // The refresh token was revoked on the server.
    const reuse = await fetch(`${suite.server.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(reuse.status).toBe(401);
    // A reload stays signed out.
    await page.reload();
    await control(page).getByRole('button', { name: 'Connect Wallet' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('refreshes an expired access token once and stays signed in', async () => {
    const { page, wallet, errors } = await open({ mode: 'signMessage' });
    if (!wallet) throw new Error('no wallet');
    await connect(page, /Test Wallet/);
    await expectAuthenticated(page, wallet.address);
    const before = await storedTokens(page);
    // The stored token made expired (its payload's exp in the past), written by an init script
    // as the reloaded page starts: written into the running page instead, one of its polls could
    // send it (its signature no longer matches) before the reload, and log that 401.
    const [header, , signature] = (before['dum.jwt'] ?? '').split('.');
    const claims = {
      ...payloadOf(before['dum.jwt'] ?? ''),
      exp: Math.floor(Date.now() / 1000) - 60,
    };
    const expired = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await storeTokenOnReload(page, expired);
    await page.reload();
    await expect
      .poll(async () => (await storedTokens(page)).refreshToken, { timeout: 10_000 })
      .not.toBe(before.refreshToken);
    await expectAuthenticated(page, wallet.address);
    const after = await storedTokens(page);
    expect(payloadOf(after['dum.jwt'] ?? '').exp * 1000).toBeGreaterThan(Date.now());
    expect(wallet.signatures()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('on a 401 with a token, refreshes once and retries the request', async () => {
    const { page, wallet, errors } = await open({ mode: 'signMessage' });
    if (!wallet) throw new Error('no wallet');
    await connect(page, /Test Wallet/);
    await expectAuthenticated(page, wallet.address);
    const before = await storedTokens(page);
    // The socket would refuse the forged token too, and its own refresh (the realtime client
    // refreshes on a 1008) could land before the first API call is refused, leaving no 401 to
    // retry. A stand-in socket that never answers keeps this test on the API client's path.
    await page.routeWebSocket(/\/socket/, () => undefined);
    // Listening before the token is forged: a query refetching on its interval may be the
    // first request to be refused.
    const responses: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/') || url.pathname === '/socket') {
        responses.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
      }
    });
    // A token the client accepts (right claims, not expired) but the server refuses, written by
    // an init script as the reloaded page starts, so only that page ever holds it. Written into
    // the running page instead, that page could start the refresh before the reload, where this
    // test does not follow it (CI once saw the refresh token change with no 401 recorded).
    const token = before['dum.jwt'] ?? '';
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.AAAA`;
    await storeTokenOnReload(page, forged);
    await page.reload();
    await expect
      .poll(async () => (await storedTokens(page)).refreshToken, { timeout: 10_000 })
      .not.toBe(before.refreshToken);
    // The refused request, one refresh, then the same request again with the new token.
    const refused = responses.find((line) => line.startsWith('401 '));
    expect(refused).toBeDefined();
    const path = refused?.slice(4) ?? '';
    const refreshIndex = responses.indexOf('200 POST /api/auth/refresh');
    expect(refreshIndex).toBeGreaterThan(responses.indexOf(refused ?? ''));
    await expect
      .poll(() => responses.slice(refreshIndex).includes(`200 ${path}`), { timeout: 10_000 })
      .toBe(true);
    expect(responses.filter((line) => line.endsWith('/api/auth/refresh'))).toHaveLength(1);
    await expectAuthenticated(page, wallet.address);
    expect(wallet.signatures()).toBe(1);
    // Only the expected 401 of the forged token reached the console.
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
  });

  it("a refused signature: 'Signature Required' (automatic), then 'Signature Rejected' (manual)", async () => {
    const { page, wallet, errors } = await open({ mode: 'signMessage' });
    if (!wallet) throw new Error('no wallet');
    await page.evaluate(() => {
      (window as unknown as { __testWallet: { reject: boolean } }).__testWallet.reject = true;
    });
    await connect(page, /Test Wallet/);
    await toastRegion(page).getByText('Signature Required').waitFor();
    const sign = control(page).getByRole('button', { name: 'Sign & Authenticate' });
    await sign.waitFor();
    expect(Object.values(await storedTokens(page))).toEqual([null, null, null, null, null]);
    await sign.click();
    await toastRegion(page).getByText('Signature Rejected').waitFor();
    expect(await toastRegion(page).textContent()).toContain(
      'features like the faucet, posting, and vaults.',
    );
    expect(Object.values(await storedTokens(page))).toEqual([null, null, null, null, null]);
    // Accepting now signs in.
    await page.evaluate(() => {
      (window as unknown as { __testWallet: { reject: boolean } }).__testWallet.reject = false;
    });
    await sign.click();
    await expectAuthenticated(page, wallet.address);
    expect(errors).toEqual([]);
  });

  it('a second tab signing out signs this one out', async () => {
    const first = await open({ mode: 'signMessage' });
    if (!first.wallet) throw new Error('no wallet');
    await connect(first.page, /Test Wallet/);
    await expectAuthenticated(first.page, first.wallet.address);
    // Past the 2 s skip-check window after sign-in.
    await first.page.waitForTimeout(2100);

    const second = await first.context.newPage();
    const errors: string[] = [];
    recordErrors(second, errors);
    await second.goto(suite.origin);
    // The same session in the second tab, from storage; the wallet reconnects silently.
    await expectAuthenticated(second, first.wallet.address);
    expect(first.wallet.signatures()).toBe(1);

    await control(second).getByRole('button', { name: 'Disconnect wallet' }).click();
    await control(second).getByRole('button', { name: 'Connect Wallet' }).waitFor();
    // The first tab re-checks on the storage change: signed out, no new prompt.
    await control(first.page).getByRole('button', { name: 'Sign & Authenticate' }).waitFor();
    expect(first.wallet.signatures()).toBe(1);
    expect(Object.values(await storedTokens(first.page))).toEqual([null, null, null, null, null]);
    expect([...first.errors, ...errors]).toEqual([]);
  });

  it("with no wallet installed the modal says 'You'll need a wallet on Solana to continue'", async () => {
    const { page, errors } = await open(null, PHONE);
    await control(page).getByRole('button', { name: 'Connect Wallet' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading', { level: 2 }).textContent()).toBe(
      "You'll need a wallet on Solana to continue",
    );
    expect(await dialog.getByText('Detected').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Already have a wallet? View options' }).click();
    expect(await dialog.getByRole('list', { name: 'More wallets' }).getByRole('link').count()).toBe(
      3,
    );
    // Escape closes it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('the burner wallet signs in on the localnet and survives a reload', async () => {
    const { page, errors } = await open(null);
    await presetBurnerKey(page);
    await control(page).getByRole('button', { name: 'Connect Wallet' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Burner Wallet/ }).click();
    await control(page).locator('[data-state="authenticated"]').waitFor();
    const tokens = await storedTokens(page);
    const address = payloadOf(tokens['dum.jwt'] ?? '').solAddress;
    await expectAuthenticated(page, address);
    expect(await page.evaluate(() => localStorage.getItem('dum.burner.secretKey'))).toBeTruthy();
    // The balance is its own query: wait for it rather than read it once.
    await control(page).getByLabel('Balance 0.0000 SOL').waitFor();
    await page.reload();
    await expectAuthenticated(page, address);
    expect((await storedTokens(page))['dum.jwt']).toBe(tokens['dum.jwt']);
    expect(errors).toEqual([]);
  });

  it('a wallet offering solana:signIn signs in through it', async () => {
    const { page, wallet, errors } = await open({ name: 'Sign-In Wallet', mode: 'signIn' });
    if (!wallet) throw new Error('no wallet');
    await connect(page, /Sign-In Wallet/);
    await expectAuthenticated(page, wallet.address);
    expect(wallet.signatures()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('a wallet that can only sign transactions signs in with a memo transaction', async () => {
    const { page, wallet, errors } = await open({ name: 'Ledger Wallet', mode: 'signTransaction' });
    if (!wallet) throw new Error('no wallet');
    await connect(page, /Ledger Wallet/);
    // No automatic sign-in without message signing: the control asks.
    const sign = control(page).getByRole('button', { name: 'Sign & Authenticate' });
    await sign.waitFor();
    expect(wallet.signatures()).toBe(0);
    await sign.click();
    await expectAuthenticated(page, wallet.address);
    expect(wallet.signatures()).toBe(1);
    expect(errors).toEqual([]);
  });
});
