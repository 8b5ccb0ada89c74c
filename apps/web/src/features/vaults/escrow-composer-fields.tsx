import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MAX_MULTIPLIER, MIN_MULTIPLIER, TARGET_UNIT_LAMPORTS } from '@dum/chain/vault-program';
import { Landmark } from 'lucide-react';
import { useId } from 'react';
import { formatSol } from '../../lib/i18n/index.ts';
import { MAX_ESCROW_DURATION_DAYS } from './create-escrow-post.ts';
import { INPUT_TEXT } from './escrow-messages.ts';

export interface EscrowFieldsProps {
  multiplier: string;
  durationDays: string;
  onMultiplierChange: (value: string) => void;
  onDurationDaysChange: (value: string) => void;
  disabled: boolean;
}

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** What is wrong with the typed multiplier, in the spec's words, or null. */
export function multiplierProblem(text: string): string | null {
  const value = wholeNumber(text);
  return value === null || value < MIN_MULTIPLIER || value > MAX_MULTIPLIER
    ? INPUT_TEXT.multiplier
    : null;
}

export function durationProblem(text: string): string | null {
  const value = wholeNumber(text);
  if (value === null || value <= 0) return INPUT_TEXT.durationDays;
  if (value > MAX_ESCROW_DURATION_DAYS) {
    const max = MAX_ESCROW_DURATION_DAYS;
    return t`durationDays must be at most ${max}`;
  }
  return null;
}

const inputClass =
  'h-9 w-20 rounded-lg border border-border bg-surface-2 px-2.5 font-mono text-sm tabular-nums focus-visible:border-dum/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-dum/30 aria-invalid:border-danger/60';

/**
 * The composer's escrow options: the multiplier (1–10; target 0.1 SOL × multiplier)
 * and the duration in days. Loaded when escrow mode is picked.
 */
export default function EscrowComposerFields({
  multiplier,
  durationDays,
  onMultiplierChange,
  onDurationDaysChange,
  disabled,
}: EscrowFieldsProps) {
  const errorId = useId();
  const multiplierError = multiplier.trim() === '' ? null : multiplierProblem(multiplier);
  const durationError = durationDays.trim() === '' ? null : durationProblem(durationDays);
  const value = wholeNumber(multiplier);
  const target =
    value !== null && !multiplierError ? formatSol(TARGET_UNIT_LAMPORTS * BigInt(value)) : '—';
  const error = multiplierError ?? durationError;
  return (
    <div className="flex flex-col gap-2" data-testid="escrow-fields">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <WholeNumberField
          label={t`Multiplier`}
          min={MIN_MULTIPLIER}
          max={MAX_MULTIPLIER}
          value={multiplier}
          disabled={disabled}
          onChange={onMultiplierChange}
          invalid={Boolean(multiplierError)}
          errorId={errorId}
        />
        <WholeNumberField
          label={t`Duration (days)`}
          min={1}
          max={MAX_ESCROW_DURATION_DAYS}
          value={durationDays}
          disabled={disabled}
          onChange={onDurationDaysChange}
          invalid={Boolean(durationError)}
          errorId={errorId}
        />
        <p className="flex h-9 items-center gap-1.5 text-sm">
          <span className="text-muted">
            <Trans>Target</Trans>
          </span>
          <span
            className="font-mono font-semibold text-dum tabular-nums"
            data-testid="escrow-target"
          >
            {target} SOL
          </span>
        </p>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : (
        <p className="flex items-start gap-1.5 text-xs text-muted">
          <Landmark className="mt-px size-3.5 shrink-0 text-dum" aria-hidden="true" />
          <Trans>
            Supporters’ SOL is held by the vault program, not by you, and earns them DUM. You claim
            it if the target is reached by the end; otherwise they take it back.
          </Trans>
        </p>
      )}
    </div>
  );
}

/** A small whole-number input with its label; points to the shared error line when invalid. */
function WholeNumberField({
  label,
  min,
  max,
  value,
  disabled,
  onChange,
  invalid,
  errorId,
}: {
  label: string;
  min: number;
  max: number;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  invalid: boolean;
  errorId: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={inputClass}
      />
    </div>
  );
}
