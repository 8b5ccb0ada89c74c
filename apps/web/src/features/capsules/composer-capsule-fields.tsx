import { Trans } from '@lingui/react/macro';
import { Hourglass } from 'lucide-react';
import { useId } from 'react';
import { useNow } from '../../lib/use-now.ts';
import { toLocalInput, unlockBounds } from './capsule-display.ts';

/** The composer's time capsule mode: when it opens (1 hour to 1 year ahead). */
export function ComposerCapsuleFields({
  unlockAt,
  onChange,
  disabled,
}: {
  unlockAt: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  // The bounds move with the clock (a minute at a time); the check before sending uses the time then.
  const { min, max } = unlockBounds(useNow(60_000));
  return (
    <div className="mt-3 flex flex-col gap-2 rounded-xl border border-primary/30 bg-primary/5 p-3 sm:flex-row sm:items-center">
      <label htmlFor={inputId} className="inline-flex items-center gap-1.5 text-sm font-semibold">
        <Hourglass className="size-4 text-primary" aria-hidden="true" />
        <Trans>Opens at</Trans>
      </label>
      <input
        id={inputId}
        type="datetime-local"
        data-testid="capsule-unlock-input"
        value={unlockAt}
        min={toLocalInput(min)}
        max={toLocalInput(max)}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-describedby={hintId}
        className="h-9 rounded-lg border border-border bg-surface px-2 text-sm text-foreground"
      />
      <p id={hintId} className="text-xs text-muted sm:ml-auto">
        <Trans>Sealed until then: from 1 hour to 1 year from now.</Trans>
      </p>
    </div>
  );
}
