import type { ReportReason, ReportTargetKind } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import {
  ConfirmFooter,
  Dialog,
  DialogContent,
  DialogHeading,
} from '../../components/ui/dialog.tsx';
import { useCreateReport } from './moderation-queries.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { reasons, reportTitle } from './labels.ts';

const NOTE_MAX = 500;

/**
 * "Report this post" (or comment, message, wallet): a reason, and for Other a few words. One
 * open report per target: a second one is refused with the server's reason.
 */
export function ReportDialog({
  targetKind,
  targetId,
  open,
  onOpenChange,
}: {
  targetKind: ReportTargetKind;
  targetId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const ids = { note: useId(), error: useId(), legend: useId() };
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const create = useCreateReport();
  const noteNeeded = reason === 'other' && note.trim().length === 0;
  const canSend = reason !== null && !noteNeeded && note.length <= NOTE_MAX && !create.isPending;

  const send = () => {
    if (reason === null) return;
    const trimmed = note.trim();
    create.mutate(
      { targetKind, targetId, reason, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: () => {
          onOpenChange(false);
          setReason(null);
          setNote('');
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent>
        <ReportDialogHeader targetKind={targetKind} />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (canSend) send();
          }}
        >
          <ReasonChoices legendId={ids.legend} reason={reason} onChange={setReason} />
          <NoteField
            id={ids.note}
            note={note}
            onChange={setNote}
            required={reason === 'other'}
            invalid={noteNeeded}
          />
          {create.isError && (
            <p id={ids.error} role="alert" className="mt-2 text-sm text-danger">
              {errorMessage(create.error)}
            </p>
          )}
          <div className="mt-5">
            <ConfirmFooter busy={create.isPending}>
              <BusyButton
                type="submit"
                variant="danger"
                busy={create.isPending}
                busyLabel={t`Sending...`}
                disabled={!canSend}
                icon={<Flag aria-hidden="true" />}
              >
                <Trans>Send report</Trans>
              </BusyButton>
            </ConfirmFooter>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReportDialogHeader({ targetKind }: { targetKind: ReportTargetKind }) {
  return (
    <DialogHeading
      title={reportTitle(targetKind)}
      description={
        <Trans>
          Moderators review every report. A reported free post is kept past its 24 hours until they
          decide.
        </Trans>
      }
    />
  );
}

/** The reasons to choose from, each with its hint. */
function ReasonChoices({
  legendId,
  reason,
  onChange,
}: {
  legendId: string;
  reason: ReportReason | null;
  onChange: (reason: ReportReason) => void;
}) {
  return (
    <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
      <legend id={legendId} className="mb-2 text-sm font-medium">
        <Trans>Why are you reporting it?</Trans>
      </legend>
      {reasons().map((option) => (
        <label
          key={option.value}
          className="flex cursor-pointer items-start gap-3 rounded-xl border border-border px-3 py-2.5 has-[:checked]:border-primary/60 has-[:checked]:bg-primary/5"
        >
          <input
            type="radio"
            name="report-reason"
            value={option.value}
            checked={reason === option.value}
            onChange={() => onChange(option.value)}
            className="mt-1 accent-[var(--color-primary)]"
          />
          <span>
            <span className="block text-sm font-medium">{option.label}</span>
            <span className="block text-xs text-muted">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Details: required for Other, optional otherwise. */
function NoteField({
  id,
  note,
  onChange,
  required,
  invalid,
}: {
  id: string;
  note: string;
  onChange: (note: string) => void;
  required: boolean;
  invalid: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <label htmlFor={id} className="mt-4 block text-sm font-medium">
        {required ? <Trans>Details (required)</Trans> : <Trans>Details (optional)</Trans>}
      </label>
      <textarea
        id={id}
        value={note}
        onChange={(event) => onChange(event.target.value)}
        rows={3}
        maxLength={NOTE_MAX}
        aria-invalid={invalid || undefined}
        className="mt-1.5 w-full resize-none rounded-xl border border-border bg-surface-2/70 px-3 py-2 text-sm placeholder:text-subtle focus-visible:border-primary/60 focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none"
        placeholder={t`What should a moderator know?`}
      />
    </>
  );
}
