import { POLL_OPTION_MAX_LENGTH } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { canAddOption, canRemoveOption, POLL_LENGTHS, type PollDraft } from './poll-display.ts';

const FIELD_CLASS =
  'h-10 w-full min-w-0 rounded-lg border border-border bg-surface-2 px-3 text-sm placeholder:text-muted';

/**
 * The composer's poll: 2 to 4 options (add and remove) and how long it runs; the post's text is
 * its question. Checked before posting (poll-display.ts checkPollDraft).
 */
export function ComposerPollFields({
  draft,
  onChange,
  onRemove,
  disabled,
}: {
  draft: PollDraft;
  onChange: (draft: PollDraft) => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const setOption = (index: number, text: string) =>
    onChange({ ...draft, options: draft.options.map((old, i) => (i === index ? text : old)) });
  const removeOption = (index: number) =>
    onChange({ ...draft, options: draft.options.filter((_, i) => i !== index) });

  return (
    <fieldset
      data-testid="composer-poll"
      disabled={disabled}
      className="mt-3 rounded-xl border border-border p-3"
    >
      <legend className="px-1 text-sm font-semibold">
        <Trans>Poll</Trans>
      </legend>
      <div className="flex flex-col gap-2">
        {draft.options.map((option, index) => {
          const number = index + 1;
          return (
            <div key={index} className="flex items-center gap-2">
              <label htmlFor={`${id}-option-${index}`} className="sr-only">
                <Trans>Option {number}</Trans>
              </label>
              <input
                id={`${id}-option-${index}`}
                value={option}
                onChange={(event) => setOption(index, event.target.value)}
                placeholder={t`Option ${number}`}
                maxLength={POLL_OPTION_MAX_LENGTH}
                autoComplete="off"
                className={FIELD_CLASS}
              />
              {canRemoveOption(draft) && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t`Remove option ${number}`}
                  onClick={() => removeOption(index)}
                >
                  <X aria-hidden="true" />
                </Button>
              )}
            </div>
          );
        })}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {canAddOption(draft) && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ ...draft, options: [...draft.options, ''] })}
          >
            <Plus aria-hidden="true" />
            <Trans>Add option</Trans>
          </Button>
        )}
        <PollLength
          id={`${id}-length`}
          hours={draft.durationHours}
          onChange={(durationHours) => onChange({ ...draft, durationHours })}
        />
        <Button variant="ghost" size="sm" className="sm:ml-auto" onClick={onRemove}>
          <Trans>Remove poll</Trans>
        </Button>
      </div>
    </fieldset>
  );
}

/** How long the poll runs, from the lengths a free post allows. */
function PollLength({
  id,
  hours,
  onChange,
}: {
  id: string;
  hours: number;
  onChange: (hours: number) => void;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <label htmlFor={id} className="text-sm text-muted">
        <Trans>Poll length</Trans>
      </label>
      <select
        id={id}
        value={hours}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-9 rounded-lg border border-border bg-surface-2 px-2 text-sm"
      >
        {POLL_LENGTHS.map((length) => (
          <option key={length.hours} value={length.hours}>
            {i18n._(length.label)}
          </option>
        ))}
      </select>
    </>
  );
}
