/**
 * SHA-256 of media bytes with Web Crypto, as lowercase hex: what an escrow vault commits on
 * chain (add_media_ref's content hash) and what unlocked media is checked against.
 */

import { t } from '@lingui/core/macro';

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fromHex(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error('not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export async function sha256(bytes: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  // A view rather than the ArrayBuffer itself: some runtimes refuse a buffer from another realm.
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an algorithm's name, not text
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data));
}

export interface FetchedMedia {
  hash: Uint8Array;
  size: bigint;
}

/**
 * Downloads media as the server serves it and hashes the bytes. Uploaded images are re-encoded
 * by the server (metadata stripped), so the hash committed on chain is of these bytes, not of
 * the file the person picked.
 */
export async function fetchMediaHash(url: string, signal?: AbortSignal): Promise<FetchedMedia> {
  const response = await fetch(url, { credentials: 'include', cache: 'no-store', signal });
  const status = response.status;
  if (!response.ok) throw new Error(t`Could not download the media (${status})`);
  const bytes = await response.arrayBuffer();
  return { hash: await sha256(bytes), size: BigInt(bytes.byteLength) };
}
