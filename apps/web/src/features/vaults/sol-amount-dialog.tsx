import { useLingui } from '@lingui/react/macro';
import { HandCoins } from 'lucide-react';
import { useId, type ReactNode, type SubmitEvent } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import {
  BusyDialog,
  ConfirmFooter,
  DialogForm,
  DialogHeading,
} from '../../components/ui/dialog.tsx';
import { ShortBalanceNotice } from './short-balance-notice.tsx';
import { SolAmountLabel, useOpenDialogSolBalance } from './sol-balance-label.tsx';

/**
 * The form that sends SOL into a vault (Join, Support): the amount with the wallet's balance
 * and a hint, Cancel and the confirm button ('Vaulting...' while the wallet works). When the
 * balance is short of the amount and the fee, it says so and offers test SOL. The dialog
 * cannot be closed while busy.
 */
// eslint-disable-next-line max-lines-per-function -- half of it is props; the body is one form
export function SolAmountDialog({
  open,
  onOpenChange,
  busy,
  title,
  description,
  amount,
  onAmountChange,
  min,
  step,
  invalid,
  hint,
  confirmLabel,
  confirmDisabled,
  onConfirm,
  extraLamports = 0n,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  title: string;
  description: ReactNode;
  amount: string;
  onAmountChange: (amount: string) => void;
  min: string;
  step: string;
  /** Set when the dialog checks the amount itself: the hint then carries the error. */
  invalid?: boolean;
  hint: ReactNode;
  confirmLabel: string;
  confirmDisabled: boolean;
  onConfirm: () => void;
  /** Needed beside the amount and the fee (a first join's deposit account rent). */
  extraLamports?: bigint;
}) {
  const { t } = useLingui();
  const balance = useOpenDialogSolBalance(open);
  const amountId = useId();
  const hintId = useId();
  const checked = invalid !== undefined;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };

  return (
    <BusyDialog open={open} onOpenChange={onOpenChange} busy={busy}>
      <DialogForm onSubmit={submit} busy={busy}>
        <DialogHeading title={title} description={description} />
        <div className="grid gap-2">
          <SolAmountLabel htmlFor={amountId} balance={balance} />
          <input
            id={amountId}
            type="number"
            inputMode="decimal"
            min={min}
            step={step}
            value={amount}
            onChange={(event) => onAmountChange(event.target.value)}
            disabled={busy}
            aria-invalid={(amount !== '' && invalid) || undefined}
            aria-describedby={checked ? hintId : undefined}
            className="h-11 rounded-xl border border-border bg-surface-2 px-3 font-mono text-base tabular-nums focus-visible:border-dum/60 focus-visible:ring-2 focus-visible:ring-dum/30 focus-visible:outline-none aria-invalid:border-danger/60"
          />
          <p id={checked ? hintId : undefined} className="text-xs text-subtle">
            {hint}
          </p>
        </div>
        <ShortBalanceNotice balance={balance.data} amount={amount} extraLamports={extraLamports} />
        <ConfirmFooter busy={busy}>
          <BusyButton
            type="submit"
            variant="dum"
            busy={busy}
            busyLabel={t`Vaulting...`}
            icon={<HandCoins aria-hidden="true" />}
            disabled={busy || confirmDisabled}
          >
            {confirmLabel}
          </BusyButton>
        </ConfirmFooter>
      </DialogForm>
    </BusyDialog>
  );
}
