import type { SendMessageRequest } from '@dum/core';

/**
 * Tipped messages whose transfer went out but whose message the server has not stored yet,
 * kept in local storage until it has: the signature is the tip (the SOL already moved), and
 * the same call can be sent again safely, even after a reload.
 */

export interface PendingTip {
  localId: string;
  /** The recipient's wallet. */
  peer: string;
  /** The exact call to repeat, tip included. */
  request: SendMessageRequest & { tip: { transactionSignature: string; amount: string } };
  createdAt: string;
}

const KEY_PREFIX = 'dum.messages.pendingTips.';

function storageKey(viewerWallet: string): string {
  return KEY_PREFIX + viewerWallet;
}

function isPendingTip(value: unknown): value is PendingTip {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as {
    localId?: unknown;
    peer?: unknown;
    createdAt?: unknown;
    request?: unknown;
  };
  const tip = (
    item.request as { tip?: { transactionSignature?: unknown; amount?: unknown } } | null
  )?.tip;
  return (
    typeof item.localId === 'string' &&
    typeof item.peer === 'string' &&
    typeof item.createdAt === 'string' &&
    typeof tip?.transactionSignature === 'string' &&
    typeof tip.amount === 'string'
  );
}

export function readPendingTips(storage: Storage, viewerWallet: string): PendingTip[] {
  try {
    const parsed = JSON.parse(storage.getItem(storageKey(viewerWallet)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isPendingTip) : [];
  } catch {
    return [];
  }
}

function write(storage: Storage, viewerWallet: string, items: PendingTip[]): void {
  try {
    if (items.length === 0) storage.removeItem(storageKey(viewerWallet));
    else storage.setItem(storageKey(viewerWallet), JSON.stringify(items));
  } catch {
    // Storage full or blocked: the tip stays in memory for this page's life.
  }
}

export function keepPendingTip(storage: Storage, viewerWallet: string, item: PendingTip): void {
  const rest = readPendingTips(storage, viewerWallet).filter((tip) => tip.localId !== item.localId);
  write(storage, viewerWallet, [...rest, item]);
}

export function dropPendingTip(storage: Storage, viewerWallet: string, localId: string): void {
  write(
    storage,
    viewerWallet,
    readPendingTips(storage, viewerWallet).filter((tip) => tip.localId !== localId),
  );
}
