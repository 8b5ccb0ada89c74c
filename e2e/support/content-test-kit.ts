import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createVaultOverHttp,
  localnetClient,
  sendSol,
  signInOverHttp,
  supportVaultOverHttp,
  type ApiSession,
} from './api-wallet-test-kit.ts';
import { airdrop } from './burner-wallet-test-kit.ts';

/** Content for the pages to show, made over HTTP by wallets outside the browser. */

const PNG = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/vibe.png');
const SOL = 1_000_000_000n;

export interface Seed {
  /** The image post, with one comment. */
  postId: string;
  /** The vault post's vault, half supported by a fan. */
  vaultId: string;
  creator: ApiSession;
}

/** With a tag, so Discover's `?tag=goldenhour` lists it and its card shows a tag link. */
export const SEED_POST_TEXT = 'Sunset over the club, vibes all round #GoldenHour';
export const SEED_POST_TAG = 'goldenhour';
export const SEED_VAULT_TEXT = 'Back my next track';

async function postJson<T>(
  serverUrl: string,
  route: string,
  session: ApiSession,
  body: unknown,
): Promise<T> {
  const response = await fetch(serverUrl + route, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A creator's image post with a comment, and their vault post which a fan half supported. */
export async function seedContent(serverUrl: string): Promise<Seed> {
  const [creator, fan] = await Promise.all([signInOverHttp(serverUrl), signInOverHttp(serverUrl)]);
  const form = new FormData();
  form.append('media', new Blob([await readFile(PNG)], { type: 'image/png' }), 'vibe.png');
  const upload = await postJson<{ mediaUrl: string }>(
    serverUrl,
    '/api/upload/vault-media',
    creator,
    form,
  );
  const post = await postJson<{ id: string }>(serverUrl, '/api/messages-v2/messages', creator, {
    body: SEED_POST_TEXT,
    imageUrl: upload.mediaUrl,
  });
  await postJson(serverUrl, `/api/messages/${post.id}/comments`, fan, { content: 'Gorgeous!' });
  const vault = await createVaultOverHttp(serverUrl, creator, SEED_VAULT_TEXT, '0.2');
  await airdrop(serverUrl, fan.wallet.address, SOL);
  const signature = await sendSol(
    localnetClient(`${serverUrl}/rpc`),
    fan.wallet,
    creator.wallet.address,
    SOL / 10n,
  );
  await supportVaultOverHttp(serverUrl, fan, vault.vault.id, signature, '0.1');
  return { postId: post.id, vaultId: vault.vault.id, creator };
}
