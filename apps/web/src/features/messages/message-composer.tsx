import { DM_BODY_MAX_LENGTH } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Coins, ImagePlus, Loader2, Music, RotateCw, SendHorizontal, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FileInput } from '../../components/ui/file-input.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { formatSol } from '../../lib/i18n/index.ts';
import { GetTestSolButton } from '../faucet/index.ts';
import { charactersLeft, LENGTH_WARNING_REMAINING } from '../post/index.ts';
import { useOpenDialogSolBalance } from '../vaults/index.ts';
import { checkTipAmount, shortBalanceText } from './message-display.ts';
import { useAttachmentUpload, type PickedAttachment } from './use-attachment-upload.ts';
import type { Draft, SendResult } from './use-message-sender.ts';

/**
 * The thread's composer: the text (Enter sends, Shift+Enter starts a new line; the characters
 * left show near the 2,000 limit), an image or audio file uploaded with its progress, and a
 * SOL tip checked against the wallet's balance (with 'Get test SOL' when it is short).
 */
export function MessageComposer({
  peerName,
  disabled,
  onSend,
}: {
  peerName: string;
  /** Nobody to write to (the wallet is unknown, or blocked): the form is off. */
  disabled: boolean;
  onSend: (draft: Draft) => Promise<SendResult>;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [tipOpen, setTipOpen] = useState(false);
  const [tipAmount, setTipAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = useAttachmentUpload();
  const balance = useOpenDialogSolBalance(tipOpen);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = { text: useId(), counter: useId(), tip: useId(), tipHint: useId(), panel: useId() };

  const remaining = charactersLeft(text, DM_BODY_MAX_LENGTH);
  const tip = checkTipAmount(tipOpen ? tipAmount : '');
  const tipLamports = tip.ok ? tip.lamports : null;
  const short =
    tipLamports !== null && balance.data !== undefined
      ? shortBalanceText(balance.data, tipLamports)
      : null;
  const media = upload.attachment;
  const uploading = media !== null && media.mediaUrl === null;
  const hasContent = text.trim() !== '' || media?.mediaUrl != null || tipLamports !== null;
  const canSend =
    !disabled && !busy && hasContent && remaining >= 0 && tip.ok && !short && !uploading;
  const tipSolText = tipLamports !== null ? formatSol(tipLamports) : '';

  const submit = async (event?: SubmitEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setBusy(true);
    setError(null);
    const draft: Draft = { body: text, tipLamports };
    if (media?.mediaUrl) {
      if (media.kind === 'image') draft.imageUrl = media.mediaUrl;
      else draft.audioUrl = media.mediaUrl;
    }
    const result = await onSend(draft);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setText('');
    setTipAmount('');
    setTipOpen(false);
    upload.clear();
    textRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    const picked = upload.pick(file);
    if (!picked.ok) {
      toast({ title: picked.title, description: picked.description, variant: 'destructive' });
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={t`Write to ${peerName}`}
      aria-busy={busy || undefined}
      noValidate
      data-testid="message-composer"
      className="border-t border-border bg-surface/80 p-3"
    >
      {media && <AttachmentRow attachment={media} onRemove={upload.clear} onRetry={upload.retry} />}
      {tipOpen && (
        <TipField
          ids={ids}
          amount={tipAmount}
          onAmount={setTipAmount}
          invalid={tip.ok ? null : tip.message}
          short={short}
          balance={balance.data}
          balanceFailed={balance.isError}
          disabled={busy}
        />
      )}
      <div className="flex items-end gap-2">
        <AttachButtons disabled={disabled || busy} onPick={pick} />
        <Button
          variant="ghost"
          size="icon"
          aria-label={tipOpen ? t`Remove the tip` : t`Add a SOL tip`}
          aria-pressed={tipOpen}
          aria-controls={tipOpen ? ids.panel : undefined}
          disabled={disabled || busy}
          onClick={() => {
            setTipOpen((open) => !open);
            setTipAmount('');
          }}
          className={cn('shrink-0', tipOpen && 'text-dum')}
        >
          <Coins aria-hidden="true" />
        </Button>
        <label htmlFor={ids.text} className="sr-only">
          <Trans>Message {peerName}</Trans>
        </label>
        <textarea
          ref={textRef}
          id={ids.text}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          disabled={disabled}
          placeholder={t`Write a message…`}
          aria-describedby={remaining <= LENGTH_WARNING_REMAINING ? ids.counter : undefined}
          aria-invalid={remaining < 0 || undefined}
          className="field-sizing-content max-h-40 min-h-10 min-w-0 flex-1 resize-none rounded-xl border border-border bg-surface-2/70 px-3 py-2 text-[15px] leading-relaxed placeholder:text-subtle focus-visible:border-primary/60 focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
        />
        <Button
          type="submit"
          size="icon"
          aria-label={busy ? t`Sending...` : t`Send`}
          disabled={!canSend}
          className="shrink-0"
        >
          {busy ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <SendHorizontal aria-hidden="true" />
          )}
        </Button>
      </div>
      <div className="mt-1 flex min-h-4 items-start justify-between gap-3 px-1 text-xs">
        <span className="text-subtle max-sm:hidden">
          <Trans>Enter sends · Shift+Enter for a new line</Trans>
        </span>
        {remaining <= LENGTH_WARNING_REMAINING && (
          <span
            id={ids.counter}
            aria-live="polite"
            data-testid="message-counter"
            className={cn(
              'ml-auto font-mono tabular-nums',
              remaining < 0 ? 'font-semibold text-danger' : 'text-warning',
            )}
          >
            <Trans>
              {remaining}
              <span className="sr-only"> characters left</span>
            </Trans>
          </span>
        )}
      </div>
      {busy && tipLamports !== null && (
        <p role="status" className="px-1 text-xs text-muted">
          <Trans>Approve the {tipSolText} SOL transfer in your wallet…</Trans>
        </p>
      )}
      {error && (
        <p role="alert" className="px-1 text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

function AttachButtons({
  disabled,
  onPick,
}: {
  disabled: boolean;
  onPick: (file: File | undefined) => void;
}) {
  const { t } = useLingui();
  const imageInput = useRef<HTMLInputElement>(null);
  const audioInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <FileInput
        inputRef={imageInput}
        accept="image/*"
        testId="message-image-input"
        onPick={onPick}
      />
      <FileInput
        inputRef={audioInput}
        accept="audio/*"
        testId="message-audio-input"
        onPick={onPick}
      />
      <Button
        variant="ghost"
        size="icon"
        aria-label={t`Add an image`}
        disabled={disabled}
        onClick={() => imageInput.current?.click()}
        className="shrink-0"
      >
        <ImagePlus aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t`Add audio`}
        disabled={disabled}
        onClick={() => audioInput.current?.click()}
        className="shrink-0 max-sm:hidden"
      >
        <Music aria-hidden="true" />
      </Button>
    </>
  );
}

function AttachmentRow({
  attachment,
  onRemove,
  onRetry,
}: {
  attachment: PickedAttachment;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const fileName = attachment.file.name;
  const Icon = attachment.kind === 'image' ? ImagePlus : Music;
  return (
    <div
      data-testid="message-attachment"
      className="mb-2 flex items-center gap-3 rounded-xl border border-border bg-surface-2/60 p-2"
    >
      <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate text-sm">{attachment.file.name}</span>
        {attachment.error ? (
          <span role="alert" className="text-xs text-danger">
            {attachment.error}
          </span>
        ) : attachment.mediaUrl ? (
          <span className="text-xs text-success">
            <Trans>Uploaded</Trans>
          </span>
        ) : (
          <Progress
            value={attachment.progress}
            label={t`Uploading ${fileName}`}
            className="h-1.5"
          />
        )}
      </div>
      {attachment.error && (
        <Button variant="ghost" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          <Trans>Retry</Trans>
        </Button>
      )}
      <Button variant="ghost" size="icon" aria-label={t`Remove ${fileName}`} onClick={onRemove}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}

function TipField({
  ids,
  amount,
  onAmount,
  invalid,
  short,
  balance,
  balanceFailed,
  disabled,
}: {
  ids: { tip: string; tipHint: string; panel: string };
  amount: string;
  onAmount: (amount: string) => void;
  invalid: string | null;
  short: string | null;
  balance: bigint | undefined;
  balanceFailed: boolean;
  disabled: boolean;
}) {
  const problem = invalid ?? short;
  const balanceText = balance !== undefined ? formatSol(balance) : '';
  return (
    <div id={ids.panel} className="mb-2 rounded-xl border border-dum/30 bg-dum/5 p-2.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={ids.tip} className="text-sm font-medium">
          <Trans>Tip (SOL)</Trans>
        </label>
        <span className="font-mono text-xs text-muted tabular-nums" aria-live="polite">
          {balance !== undefined ? (
            <Trans>Balance: {balanceText} SOL</Trans>
          ) : balanceFailed ? (
            <Trans>Balance unavailable</Trans>
          ) : (
            <Trans>Balance: …</Trans>
          )}
        </span>
      </div>
      <input
        id={ids.tip}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.01"
        value={amount}
        onChange={(event) => onAmount(event.target.value)}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={ids.tipHint}
        className="mt-1.5 h-10 w-full rounded-xl border border-border bg-surface-2 px-3 font-mono text-base tabular-nums focus-visible:border-dum/60 focus-visible:ring-2 focus-visible:ring-dum/30 focus-visible:outline-none aria-invalid:border-danger/60"
      />
      <div id={ids.tipHint} className="mt-1.5 text-xs">
        {problem ? (
          <div className="flex flex-wrap items-center gap-2">
            <p role="alert" className="text-danger" data-testid="tip-problem">
              {problem}
            </p>
            {short && !invalid && <GetTestSolButton />}
          </div>
        ) : (
          <p className="text-subtle">
            <Trans>
              Sent from your wallet to theirs on chain, then delivered with your message.
            </Trans>
          </p>
        )}
      </div>
    </div>
  );
}
