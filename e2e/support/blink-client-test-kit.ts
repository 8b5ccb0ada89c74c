import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

/**
 * A blink client in Chromium: a page on an origin of its own (not the app's), which talks to the
 * app's Solana Actions with cross-origin fetches, as dial.to or a wallet's blink renderer does,
 * and has its transaction signed by a Wallet Standard wallet in the page (installTestWallet with
 * mode 'signTransaction', e2e/support/wallet-test-kit.ts).
 */

export interface BlinkClientOrigin {
  /** The client's page: a blank document on its own origin. */
  url: string;
  close(): Promise<void>;
}

/** Serves the blink client's blank page from a loopback port of its own. */
export async function startBlinkClientOrigin(): Promise<BlinkClientOrigin> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>Blink client</title><body></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

export interface ActionAnswer<T> {
  status: number;
  body: T;
}

/** A GET or a JSON POST from the blink client's page (a cross-origin fetch: CORS applies). */
export function fetchFromBlinkPage<T>(
  page: Page,
  url: string,
  body?: unknown,
): Promise<ActionAnswer<T>> {
  return page.evaluate(
    async ({ url, body }) => {
      const response = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { url, body },
  );
}

/** The connected wallet, kept on the page's window between the calls below. */
const CONNECTED = '__blinkWallet';

/**
 * Connects the page's Wallet Standard wallet named `walletName` (the handshake a dapp makes:
 * `wallet-standard:app-ready` with a register callback) and answers its account's address.
 */
export function connectBlinkWallet(page: Page, walletName: string): Promise<string> {
  return page.evaluate(
    async ({ name, key }) => {
      type Wallet = { name: string; features: Record<string, unknown> };
      const found: Wallet[] = [];
      window.dispatchEvent(
        new CustomEvent('wallet-standard:app-ready', {
          detail: { register: (wallet: Wallet) => (found.push(wallet), () => undefined) },
        }),
      );
      const wallet = found.find((w) => w.name === name);
      if (!wallet) throw new Error(`no wallet named ${name} registered in the page`);
      const connect = wallet.features['standard:connect'] as {
        connect(): Promise<{ accounts: readonly { address: string }[] }>;
      };
      const { accounts } = await connect.connect();
      const account = accounts[0];
      if (!account) throw new Error('the wallet connected no account');
      (window as unknown as Record<string, unknown>)[key] = { wallet, account };
      return account.address;
    },
    { name: walletName, key: CONNECTED },
  );
}

/**
 * Has the connected wallet sign a base64 wire transaction (solana:signTransaction) and answers
 * the signed transaction, base64, ready for sendTransaction.
 */
export function signWithBlinkWallet(page: Page, transaction: string): Promise<string> {
  return page.evaluate(
    async ({ transaction, key }) => {
      const connected = (window as unknown as Record<string, unknown>)[key] as
        { wallet: { features: Record<string, unknown> }; account: unknown } | undefined;
      if (!connected) throw new Error('no wallet connected in the page');
      const signer = connected.wallet.features['solana:signTransaction'] as {
        signTransaction(
          ...inputs: { account: unknown; transaction: Uint8Array; chain: string }[]
        ): Promise<{ signedTransaction: Uint8Array }[]>;
      };
      const bytes = Uint8Array.from(atob(transaction), (c) => c.charCodeAt(0));
      const [output] = await signer.signTransaction({
        account: connected.account,
        transaction: bytes,
        chain: 'solana:localnet',
      });
      if (!output) throw new Error('the wallet signed nothing');
      return btoa(String.fromCharCode(...output.signedTransaction));
    },
    { transaction, key: CONNECTED },
  );
}
