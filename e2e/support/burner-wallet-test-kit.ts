import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import type { Page } from 'playwright-core';
import { encodeBase58 } from '../../apps/web/src/features/wallet/encoding.ts';

// A copy types as Uint8Array<ArrayBuffer>, which this tsconfig's lib asks of the hook.
ed.hashes.sha512 = (message) => new Uint8Array(sha512(message));

/** The localnet burner wallet keeps its 32-byte seed, base58, under this local storage key. */
const BURNER_SECRET_KEY = 'dum.burner.secretKey';

export interface BurnerWalletKey {
  seed: string;
  address: string;
}

/** A fresh key for the burner wallet, so the test knows the wallet's address in advance. */
export function newBurnerWalletKey(): BurnerWalletKey {
  const seed = ed.utils.randomSecretKey();
  return { seed: encodeBase58(seed), address: encodeBase58(ed.getPublicKey(seed)) };
}

/** The web's per-address mark that the burner has had its starting SOL (features/faucet). */
const BURNER_FUNDED_KEY_PREFIX = 'dum.burner.funded.';

/*
 * The suites' servers run with NODE_ENV=production, where the faucet is off: they give wallets
 * SOL themselves (airdrop below). So the keys set here are marked as already funded, and the
 * burner does not ask the faucet after its first sign-in (e2e/first-run.spec.ts covers that,
 * on a server whose faucet is on).
 */

/** Makes the page's burner wallet use `key` (set before any script of the app runs). */
export async function useBurnerKey(page: Page, key: BurnerWalletKey): Promise<void> {
  await page.addInitScript(
    ([storageKey, seed, fundedKey]) => {
      if (!window.localStorage.getItem(storageKey)) window.localStorage.setItem(storageKey, seed);
      window.localStorage.setItem(fundedKey, 'set by the test');
    },
    [BURNER_SECRET_KEY, key.seed, BURNER_FUNDED_KEY_PREFIX + key.address] as const,
  );
}

/** Gives the open page's burner wallet a fresh key now (before it is first connected), unless it has one. */
export async function presetBurnerKey(page: Page): Promise<void> {
  const key = newBurnerWalletKey();
  await page.evaluate(
    ([storageKey, seed, fundedKey]) => {
      if (window.localStorage.getItem(storageKey)) return;
      window.localStorage.setItem(storageKey, seed);
      window.localStorage.setItem(fundedKey, 'set by the test');
    },
    [BURNER_SECRET_KEY, key.seed, BURNER_FUNDED_KEY_PREFIX + key.address] as const,
  );
}

async function rpc<T>(serverUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(`${serverUrl}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Test SOL from the embedded localnet's faucet (a real transfer), once confirmed. */
export async function airdrop(serverUrl: string, address: string, lamports: bigint): Promise<void> {
  const signature = await rpc<string>(serverUrl, 'requestAirdrop', [address, Number(lamports)]);
  for (let i = 0; i < 100; i++) {
    const { value } = await rpc<{ value: ({ confirmationStatus: string } | null)[] }>(
      serverUrl,
      'getSignatureStatuses',
      [[signature]],
    );
    if (value[0]?.confirmationStatus) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('airdrop not confirmed');
}

export async function solBalance(serverUrl: string, address: string): Promise<bigint> {
  const { value } = await rpc<{ value: number }>(serverUrl, 'getBalance', [address]);
  return BigInt(value);
}
