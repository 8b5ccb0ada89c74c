import { formatAddress, VAULT_DURATION_MS } from '@dum/core';
import { plural } from '@lingui/core/macro';
import { formatSol } from '../../lib/i18n/index.ts';
import type { PostVault } from '../post/index.ts';
import type { VaultUserView } from './vault-types.ts';

/** What the vault screens show, as pure functions over the wire shapes. */

/** Lamports (an integer string from the API) as SOL with 4 decimals; '0.0000' when unreadable. */
export function solText(lamports: string | null | undefined): string {
  return formatSol(/^\d+$/.test(lamports ?? '') ? BigInt(lamports as string) : 0n);
}

export function lamportsOf(text: string | null | undefined): bigint {
  return /^\d+$/.test(text ?? '') ? BigInt(text as string) : 0n;
}

/** Whole percent of the target reached, capped at 100 (the bar never overflows). */
export function percentReached(current: bigint, target: bigint): number {
  if (target <= 0n || current >= target) return 100;
  return Number((current * 100n) / target);
}

/** A supporter's name: display name, else @username, else the shortened wallet. */
export function supporterName(user: VaultUserView): string {
  const display = user.displayName?.trim();
  if (display) return display;
  if (user.username) return `@${user.username}`;
  return formatAddress(user.walletAddress);
}

export function supporterCountText(count: number): string {
  return plural(count, { one: '# supporter', other: '# supporters' });
}

/**
 * A transaction on an explorer for the configured cluster. The localnet has no public explorer:
 * Solana Explorer's custom-RPC mode pointed at this app's /rpc (it works when the explorer can
 * reach that URL; the screens also show the signature to copy).
 */
export function explorerTxUrl(signature: string, cluster: string, rpcUrl: string): string {
  return explorerUrl(`tx/${encodeURIComponent(signature)}`, cluster, rpcUrl);
}

/** A wallet's page on the explorer, for the configured cluster (as `explorerTxUrl`). */
export function explorerAddressUrl(address: string, cluster: string, rpcUrl: string): string {
  return explorerUrl(`address/${encodeURIComponent(address)}`, cluster, rpcUrl);
}

function explorerUrl(path: string, cluster: string, rpcUrl: string): string {
  const base = `https://explorer.solana.com/${path}`;
  if (cluster === 'mainnet-beta') return base;
  if (cluster === 'devnet' || cluster === 'testnet') return `${base}?cluster=${cluster}`;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a URL, not text
  return `${base}?cluster=custom&customUrl=${encodeURIComponent(rpcUrl)}`;
}

/** "5Kx3…9aQp" for a long signature. */
export function shortSignature(signature: string): string {
  return signature.length > 12 ? `${signature.slice(0, 6)}…${signature.slice(-6)}` : signature;
}

/** When a vault's 7 days are up: its endsAt, or creation plus 7 days for older answers. */
export function vaultEnd(
  vault: Pick<PostVault, 'createdAt'> & Partial<Pick<PostVault, 'endsAt'>>,
): string {
  return vault.endsAt ?? new Date(Date.parse(vault.createdAt) + VAULT_DURATION_MS).toISOString();
}
