import {
  MYSTERY_BODY_MAX_LENGTH,
  MYSTERY_TEASER_MAX_LENGTH,
  MYSTERY_TITLE_MAX_LENGTH,
  VAULT_LOCK_STEP_SOL,
  VAULT_MIN_SUPPORT_SOL,
} from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Sparkles } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import {
  BusyDialog,
  ConfirmFooter,
  DialogForm,
  DialogHeading,
} from '../../components/ui/dialog.tsx';
import { DURATION_OPTIONS } from './mystery-display.ts';
import { useCreateMystery } from './mystery-queries.ts';
import { errorMessage } from '../../lib/error-message.ts';

const FIELD =
  'w-full rounded-xl border border-border bg-surface-2 px-3 py-2 text-sm focus-visible:border-dum/60 focus-visible:ring-2 focus-visible:ring-dum/30 focus-visible:outline-none';

/**
 * Create Mystery Vault: the title and teaser everyone sees; the hidden text, image and audio;
 * the hidden SOL target and how long it runs.
 */
export function CreateMysteryDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const create = useCreateMystery();
  const [title, setTitle] = useState('');
  const [teaser, setTeaser] = useState('');
  const [body, setBody] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [audio, setAudio] = useState<File | null>(null);
  const [target, setTarget] = useState('1');
  const [duration, setDuration] = useState(DURATION_OPTIONS[2]?.seconds ?? 86_400);
  const busy = create.isPending;
  const ready = title.trim() !== '' && teaser.trim() !== '' && target.trim() !== '';

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (busy || !ready) return;
    create.mutate(
      { title, teaser, body, image, audio, targetAmount: target, durationSeconds: duration },
      {
        onSuccess: (vault) => {
          setTitle('');
          setTeaser('');
          setBody('');
          setImage(null);
          setAudio(null);
          onOpenChange(false);
          onCreated(vault.id);
        },
      },
    );
  };

  return (
    <BusyDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      className="max-h-[90dvh] overflow-y-auto"
    >
      <DialogForm onSubmit={submit} busy={busy}>
        <DialogHeading
          title={<Trans>Create Mystery Vault</Trans>}
          description={
            <Trans>
              Everyone sees the title and teaser. The rest stays hidden until fans reach your secret
              SOL target or the timer ends.
            </Trans>
          }
        />
        <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-title`}>
          <Trans>Title</Trans>
          <input
            id={`${id}-title`}
            className={FIELD}
            value={title}
            maxLength={MYSTERY_TITLE_MAX_LENGTH}
            onChange={(e) => setTitle(e.target.value)}
            disabled={busy}
            required
          />
        </label>
        <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-teaser`}>
          <Trans>Teaser</Trans>
          <textarea
            id={`${id}-teaser`}
            className={FIELD}
            rows={2}
            value={teaser}
            maxLength={MYSTERY_TEASER_MAX_LENGTH}
            onChange={(e) => setTeaser(e.target.value)}
            disabled={busy}
            required
          />
        </label>
        <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-body`}>
          <Trans>Hidden content</Trans>
          <textarea
            id={`${id}-body`}
            className={FIELD}
            rows={3}
            value={body}
            maxLength={MYSTERY_BODY_MAX_LENGTH}
            onChange={(e) => setBody(e.target.value)}
            disabled={busy}
          />
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-image`}>
            <Trans>Hidden image (optional)</Trans>
            <input
              id={`${id}-image`}
              type="file"
              accept="image/*"
              className="text-xs text-muted file:mr-2 file:rounded-lg file:border-0 file:bg-surface-3 file:px-2 file:py-1 file:text-foreground"
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
              disabled={busy}
            />
          </label>
          <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-audio`}>
            <Trans>Hidden audio (optional)</Trans>
            <input
              id={`${id}-audio`}
              type="file"
              accept="audio/*"
              className="text-xs text-muted file:mr-2 file:rounded-lg file:border-0 file:bg-surface-3 file:px-2 file:py-1 file:text-foreground"
              onChange={(e) => setAudio(e.target.files?.[0] ?? null)}
              disabled={busy}
            />
          </label>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-target`}>
            <Trans>Hidden target (SOL)</Trans>
            <input
              id={`${id}-target`}
              type="number"
              inputMode="decimal"
              min={VAULT_MIN_SUPPORT_SOL}
              step={VAULT_LOCK_STEP_SOL}
              className={`${FIELD} font-mono tabular-nums`}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              disabled={busy}
              required
            />
          </label>
          <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-duration`}>
            <Trans>Opens after</Trans>
            <select
              id={`${id}-duration`}
              className={FIELD}
              value={duration}
              onChange={(e) => setDuration(Number(e.target.value))}
              disabled={busy}
            >
              {DURATION_OPTIONS.map((option) => (
                <option key={option.seconds} value={option.seconds}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {create.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(create.error)}
          </p>
        )}
        <ConfirmFooter busy={busy}>
          <BusyButton
            type="submit"
            variant="dum"
            busy={busy}
            busyLabel={t`Creating...`}
            icon={<Sparkles aria-hidden="true" />}
            disabled={busy || !ready}
          >
            <Trans>Create</Trans>
          </BusyButton>
        </ConfirmFooter>
      </DialogForm>
    </BusyDialog>
  );
}
