import { POLL_OPTION_MAX_LENGTH } from '@dum/core';
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
      <legend className="px-1 text-sm font-semibold">Poll</legend>
      <div className="flex flex-col gap-2">
        {draft.options.map((option, index) => (
          <div key={index} className="flex items-center gap-2">
            <label htmlFor={`${id}-option-${index}`} className="sr-only">
              Option {index + 1}
            </label>
            <input
              id={`${id}-option-${index}`}
              value={option}
              onChange={(event) => setOption(index, event.target.value)}
              placeholder={`Option ${index + 1}`}
              maxLength={POLL_OPTION_MAX_LENGTH}
              autoComplete="off"
              className={FIELD_CLASS}
            />
            {canRemoveOption(draft) && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove option ${index + 1}`}
                onClick={() => removeOption(index)}
              >
                <X aria-hidden="true" />
              </Button>
            )}
          </div>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {canAddOption(draft) && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ ...draft, options: [...draft.options, ''] })}
          >
            <Plus aria-hidden="true" />
            Add option
          </Button>
        )}
        <PollLength
          id={`${id}-length`}
          hours={draft.durationHours}
          onChange={(durationHours) => onChange({ ...draft, durationHours })}
        />
        <Button variant="ghost" size="sm" className="sm:ml-auto" onClick={onRemove}>
          Remove poll
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
  return (
    <>
      <label htmlFor={id} className="text-sm text-muted">
        Poll length
      </label>
      <select
        id={id}
        value={hours}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-9 rounded-lg border border-border bg-surface-2 px-2 text-sm"
      >
        {POLL_LENGTHS.map((length) => (
          <option key={length.hours} value={length.hours}>
            {length.label}
          </option>
        ))}
      </select>
    </>
  );
}
