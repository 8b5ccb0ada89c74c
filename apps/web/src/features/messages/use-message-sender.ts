import type { SendMessageRequest } from '@dum/core';
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { postWithRetries, sendSolTransfer } from '../wallet/index.ts';
import { useSolTransferSteps } from '../wallet/index.ts';
import { addToThread, postMessage, refreshConversations } from './messages-queries.ts';
import {
  dropPendingTip,
  keepPendingTip,
  readPendingTips,
  type PendingTip,
} from './pending-tips.ts';

/** A message on its way: shown at the end of the thread until the server has stored it. */
export interface OutboxItem {
  localId: string;
  createdAt: string;
  /** The call to make (with the tip once its transfer went out). */
  request: SendMessageRequest;
  status: 'confirming' | 'sending' | 'failed';
  error: string | null;
  /**
   * The server refused the call (a 4xx answer, final): only then may a tipped message be
   * removed. A plain message may always be.
   */
  refused: boolean;
}

/** Whether the person may remove a message that did not go: never a tip still to deliver. */
export function canRemove(item: OutboxItem): boolean {
  return item.status === 'failed' && (!item.request.tip || item.refused);
}

/** What the composer hands over. */
export interface Draft {
  body: string;
  imageUrl?: string;
  audioUrl?: string;
  /** A tip to send first, in lamports. */
  tipLamports: bigint | null;
}

export type SendResult = { ok: true } | { ok: false; error: string };

/** Said on a tipped message that survived a reload: its SOL moved, the message is not stored. */
export function tipNotDeliveredText(): string {
  return t`Your tip went through, but the message is not delivered yet.`;
}

let counter = 0;
function localId(): string {
  counter += 1;
  return `local-${Date.now()}-${counter}`;
}

function restoredItem(tip: PendingTip): OutboxItem {
  return {
    localId: tip.localId,
    createdAt: tip.createdAt,
    request: tip.request,
    status: 'failed',
    error: tipNotDeliveredText(),
    refused: false,
  };
}

/**
 * Sending in one thread. A plain message appears at once (optimistic) and turns 'failed' with
 * Retry if the server refuses or cannot be reached. A tip first goes through the connected
 * wallet (balance check, transfer, confirmation; refusals before anything is sent come back to
 * the composer); from the moment the wallet gives the signature, the message is in the thread
 * and in local storage, and its call is repeated (idempotent on the server) until stored, so
 * a tip that moved SOL is never lost.
 */
export function useMessageSender({
  viewerId,
  viewerWallet,
  peerAddress,
}: {
  viewerId: string | null;
  viewerWallet: string | null;
  peerAddress: string;
}) {
  const queryClient = useQueryClient();
  const transfer = useSolTransferSteps(viewerWallet);
  // Tipped messages left over from an earlier visit (a reload, a crash) come back as 'failed'.
  // (The thread is keyed by its address, so one sender serves one viewer and one peer.)
  const [outbox, setOutbox] = useState<OutboxItem[]>(() =>
    viewerWallet
      ? readPendingTips(window.localStorage, viewerWallet)
          .filter((tip) => tip.peer === peerAddress)
          .map(restoredItem)
      : [],
  );

  const update = useCallback((id: string, change: Partial<OutboxItem>) => {
    setOutbox((items) =>
      items.map((item) => (item.localId === id ? { ...item, ...change } : item)),
    );
  }, []);

  const deliver = useCallback(
    async (item: OutboxItem) => {
      update(item.localId, { status: 'sending', error: null, refused: false });
      try {
        const message = await postWithRetries(() => postMessage(peerAddress, item.request));
        addToThread(queryClient, viewerId, peerAddress, message);
        setOutbox((items) => items.filter((entry) => entry.localId !== item.localId));
        if (viewerWallet) dropPendingTip(window.localStorage, viewerWallet, item.localId);
        refreshConversations(queryClient);
      } catch (error) {
        const refused =
          error instanceof ApiError &&
          error.status >= 400 &&
          error.status < 500 &&
          ![401, 408, 429].includes(error.status);
        update(item.localId, { status: 'failed', error: errorMessage(error), refused });
      }
    },
    [peerAddress, queryClient, update, viewerId, viewerWallet],
  );

  const send = useCallback(
    (draft: Draft): Promise<SendResult> => {
      const request: SendMessageRequest = {};
      const body = draft.body.trim();
      if (body) request.body = body;
      if (draft.imageUrl) request.imageUrl = draft.imageUrl;
      if (draft.audioUrl) request.audioUrl = draft.audioUrl;
      const createdAt = new Date().toISOString();
      const lamports = draft.tipLamports;

      if (lamports === null) {
        const item: OutboxItem = {
          localId: localId(),
          createdAt,
          request,
          status: 'sending',
          error: null,
          refused: false,
        };
        setOutbox((items) => [...items, item]);
        void deliver(item);
        return Promise.resolve({ ok: true });
      }

      const from = transfer.from;
      if (!from || !transfer.canSign) {
        return Promise.resolve({
          ok: false,
          error: t`Phantom wallet not found. Please install Phantom wallet.`,
        });
      }
      return new Promise<SendResult>((resolve) => {
        let item: OutboxItem | null = null;
        const onSent = (signature: string) => {
          const tipped = {
            ...request,
            tip: { transactionSignature: signature, amount: lamports.toString() },
          };
          item = {
            localId: localId(),
            createdAt,
            request: tipped,
            status: 'confirming',
            error: null,
            refused: false,
          };
          if (viewerWallet) {
            keepPendingTip(window.localStorage, viewerWallet, {
              localId: item.localId,
              peer: peerAddress,
              request: tipped,
              createdAt,
            });
          }
          const shown = item;
          setOutbox((items) => [...items, shown]);
          resolve({ ok: true });
        };
        sendSolTransfer(transfer.steps, { from, to: peerAddress, lamports }, onSent).then(
          () => {
            if (item) void deliver(item);
          },
          (error: unknown) => {
            if (item) update(item.localId, { status: 'failed', error: errorMessage(error) });
            else resolve({ ok: false, error: errorMessage(error) || t`Transaction failed` });
          },
        );
      });
    },
    [deliver, peerAddress, transfer, update, viewerWallet],
  );

  const retry = useCallback((item: OutboxItem) => void deliver(item), [deliver]);

  const discard = useCallback(
    (id: string) => {
      setOutbox((items) => items.filter((entry) => entry.localId !== id));
      if (viewerWallet) dropPendingTip(window.localStorage, viewerWallet, id);
    },
    [viewerWallet],
  );

  return { outbox, send, retry, discard };
}
