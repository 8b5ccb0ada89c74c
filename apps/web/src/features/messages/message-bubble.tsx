import type { DirectMessage } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AlertCircle,
  Check,
  CheckCheck,
  Coins,
  ExternalLink,
  Loader2,
  RotateCw,
} from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { explorerTxUrl, shortSignature } from '../vaults/index.ts';
import { useWallet } from '../wallet/index.ts';
import { clockTime, tipSol } from './message-display.ts';
import { canRemove, type OutboxItem } from './use-message-sender.ts';
import { ReportButton } from '../moderation/index.ts';
import { PostText } from '../post/index.ts';

/** What a bubble shows: a stored message, or one on its way. */
export interface BubbleContent {
  /** A stored message's id (a received one can be reported); absent for the outbox's. */
  id?: string;
  body: string;
  imageUrl: string | null;
  audioUrl: string | null;
  tip: { amount: string; transactionSignature: string } | null;
  createdAt: string;
  /** A stored message's mentions (links to the wallets); absent for the outbox's. */
  mentions?: DirectMessage['mentions'];
}

export function storedContent(message: DirectMessage): BubbleContent {
  return message;
}

export function outboxContent(item: OutboxItem): BubbleContent {
  return {
    body: item.request.body ?? '',
    imageUrl: item.request.imageUrl ?? null,
    audioUrl: item.request.audioUrl ?? null,
    tip: item.request.tip ?? null,
    createdAt: item.createdAt,
  };
}

/**
 * One message: its tip receipt (the amount in SOL and the transaction on the explorer), its
 * image or audio, its text, and its time; the viewer's own say Sent or Read (from readAt).
 */
export function MessageBubble({
  content,
  mine,
  senderName,
  state,
}: {
  content: BubbleContent;
  mine: boolean;
  senderName: string;
  /** The viewer's own: 'sent' | 'read' for stored ones, or the outbox item. */
  state:
    | { kind: 'sent' | 'read' }
    | { kind: 'outbox'; item: OutboxItem; retry: () => void; remove: () => void }
    | null;
}) {
  const { t } = useLingui();
  return (
    <div className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <div
        data-testid="message-bubble"
        className={cn(
          'flex max-w-[85%] flex-col gap-2 overflow-hidden rounded-2xl px-3 py-2 text-[15px] ring-1 sm:max-w-[70%]',
          mine ? 'rounded-br-md bg-primary/20 text-foreground' : 'rounded-bl-md bg-surface-2',
          state?.kind === 'outbox' && state.item.status === 'failed'
            ? 'ring-danger/60'
            : mine
              ? 'ring-primary/30'
              : 'ring-border',
        )}
      >
        {content.tip && <TipReceipt tip={content.tip} mine={mine} />}
        {content.imageUrl && (
          <img
            src={content.imageUrl}
            alt={t`Image from ${senderName}`}
            loading="lazy"
            className="max-h-80 w-full max-w-xs rounded-xl bg-surface-3 object-cover"
          />
        )}
        {content.audioUrl && (
          <audio
            controls
            preload="metadata"
            src={content.audioUrl}
            aria-label={t`Audio from ${senderName}`}
            className="w-64 max-w-full"
          />
        )}
        {content.body && (
          <p className="break-words whitespace-pre-wrap">
            <PostText text={content.body} mentions={content.mentions} />
          </p>
        )}
      </div>
      {!mine && content.id ? (
        <span className="flex items-center gap-1">
          <MessageMeta createdAt={content.createdAt} state={state} />
          <ReportButton targetKind="message" targetId={content.id} label={t`Report message`} />
        </span>
      ) : (
        <MessageMeta createdAt={content.createdAt} state={state} />
      )}
    </div>
  );
}

function TipReceipt({
  tip,
  mine,
}: {
  tip: { amount: string; transactionSignature: string };
  mine: boolean;
}) {
  const { config } = useWallet();
  const amount = tipSol(tip.amount);
  return (
    <div
      data-testid="tip-receipt"
      className="flex items-center gap-3 rounded-xl border border-dum/40 bg-dum/10 px-3 py-2"
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-dum/20 text-dum">
        <Coins className="size-4" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-xs text-muted">
          {mine ? <Trans>You tipped</Trans> : <Trans>Tip received</Trans>}
        </span>
        <span className="font-mono text-base font-semibold text-dum tabular-nums">
          <Trans>{amount} SOL</Trans>
        </span>
        {config ? (
          <a
            href={explorerTxUrl(tip.transactionSignature, config.cluster, config.rpcUrl)}
            target="_blank"
            rel="noopener noreferrer"
            title={tip.transactionSignature}
            className="inline-flex items-center gap-1 font-mono text-xs text-muted hover:text-foreground hover:underline"
          >
            {shortSignature(tip.transactionSignature)}
            <ExternalLink className="size-3" aria-hidden="true" />
            <span className="sr-only">
              <Trans>(view the transaction on the explorer)</Trans>
            </span>
          </a>
        ) : (
          <span className="font-mono text-xs text-muted" title={tip.transactionSignature}>
            {shortSignature(tip.transactionSignature)}
          </span>
        )}
      </span>
    </div>
  );
}

function MessageMeta({
  createdAt,
  state,
}: {
  createdAt: string;
  state: Parameters<typeof MessageBubble>[0]['state'];
}) {
  const time = (
    <time dateTime={createdAt} className="tabular-nums">
      {clockTime(createdAt)}
    </time>
  );
  if (state?.kind === 'outbox') {
    const { item } = state;
    if (item.status !== 'failed') {
      return (
        <span className="flex items-center gap-1 px-1 text-xs text-subtle" role="status">
          <Loader2 className="size-3 animate-spin" aria-hidden="true" />
          {item.status === 'confirming' ? (
            <Trans>Confirming the tip…</Trans>
          ) : (
            <Trans>Sending…</Trans>
          )}
        </span>
      );
    }
    const error = item.error;
    return (
      <span className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1 px-1 text-xs">
        <span className="inline-flex items-center gap-1 text-danger">
          <AlertCircle className="size-3" aria-hidden="true" />
          {error ? <Trans>Not sent: {error}</Trans> : <Trans>Not sent</Trans>}
        </span>
        <button
          type="button"
          onClick={state.retry}
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-semibold text-foreground hover:bg-surface-2"
        >
          <RotateCw className="size-3" aria-hidden="true" />
          <Trans>Retry</Trans>
        </button>
        {canRemove(item) && (
          <button
            type="button"
            onClick={state.remove}
            className="rounded-md px-1.5 py-0.5 text-muted hover:bg-surface-2 hover:text-foreground"
          >
            <Trans>Remove</Trans>
          </button>
        )}
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1 px-1 text-xs text-subtle">
      {time}
      {state?.kind === 'read' && (
        <span className="inline-flex items-center gap-0.5 text-primary">
          <CheckCheck className="size-3.5" aria-hidden="true" />
          <Trans>Read</Trans>
        </span>
      )}
      {state?.kind === 'sent' && (
        <span className="inline-flex items-center gap-0.5">
          <Check className="size-3.5" aria-hidden="true" />
          <Trans>Sent</Trans>
        </span>
      )}
    </span>
  );
}
