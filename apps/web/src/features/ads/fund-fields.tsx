import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import { ConfirmFooter } from '../../components/ui/dialog.tsx';

/** One labelled amount field of the campaign forms, with its hint or its error. */
export function AmountField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  disabled,
  step = '0.000001',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint: ReactNode;
  error: string | null;
  disabled: boolean;
  step?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min="0"
        step={step}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error !== null || undefined}
        aria-describedby={`${id}-hint`}
        className="h-11 rounded-xl border border-border bg-surface-2 px-3 font-mono text-base tabular-nums focus-visible:border-primary/60 focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none aria-invalid:border-danger/60"
      />
      <p id={`${id}-hint`} className={error ? 'text-xs text-danger' : 'text-xs text-subtle'}>
        {error ?? hint}
      </p>
    </div>
  );
}

/**
 * The end of a form that pays the treasury: why it cannot pay yet (the wallet connected is not
 * the one signed in with), then Cancel and the submit button, 'Paying...' while the wallet works.
 */
export function PayFooter({
  busy,
  canSign,
  cannotSign,
  icon,
  children,
}: {
  busy: boolean;
  canSign: boolean;
  cannotSign: ReactNode;
  icon: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      {!canSign && (
        <p role="alert" className="text-xs text-danger">
          {cannotSign}
        </p>
      )}
      <ConfirmFooter busy={busy}>
        <BusyButton
          type="submit"
          busy={busy}
          busyLabel={t`Paying...`}
          icon={icon}
          disabled={busy || !canSign}
        >
          {children}
        </BusyButton>
      </ConfirmFooter>
    </>
  );
}
