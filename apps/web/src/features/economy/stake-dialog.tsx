import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StakeAction } from '@dum/core';
import { Lock, Wallet } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  ConfirmFooter,
  Dialog,
  DialogContent,
  DialogHeading,
} from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDum } from '../../lib/i18n/index.ts';
import type { DumBalances } from './economy-queries.ts';
import { isStakeSubmitDisabled, stakeConfirmLabel } from './stake-form.ts';
import { useStakeForm } from './use-stake-form.ts';

const MODES: readonly { action: StakeAction; label: MessageDescriptor }[] = [
  { action: 'stake', label: msg`Stake` },
  { action: 'unstake', label: msg`Unstake` },
];

/**
 * 'Manage DUM Tokens': Available and Staked boxes, Stake/Unstake mode, the amount with Max,
 * Cancel and confirm. The form's state and rules live in useStakeForm.
 */
export function StakeDialog({
  open,
  onOpenChange,
  wallet,
  balances,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: string;
  balances: DumBalances;
}) {
  const { t } = useLingui();
  const form = useStakeForm(wallet, balances, onOpenChange);
  const { mode, amount, pending } = form;

  return (
    <Dialog open={open} onOpenChange={form.changeOpen}>
      <DialogContent data-testid="stake-dialog">
        <DialogHeading
          title={<Trans>Manage DUM Tokens</Trans>}
          description={
            <Trans>Stake DUM to earn rewards while it is staked. Unstake any time.</Trans>
          }
        />

        <div className="grid grid-cols-2 gap-3">
          <AmountBox
            icon={Wallet}
            label={t`Available`}
            value={balances.balance}
            active={mode === 'stake'}
            testId="stake-available"
          />
          <AmountBox
            icon={Lock}
            label={t`Staked`}
            value={balances.staked}
            active={mode === 'unstake'}
            testId="stake-staked"
          />
        </div>

        <ModeSwitch mode={mode} disabled={pending} onChoose={form.chooseMode} />

        <form onSubmit={form.submit} noValidate className="grid gap-4">
          <AmountField form={form} />
          <ConfirmFooter busy={pending}>
            <Button type="submit" variant="dum" disabled={isStakeSubmitDisabled(amount, pending)}>
              {stakeConfirmLabel(mode, pending)}
            </Button>
          </ConfirmFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ModeSwitch({
  mode,
  disabled,
  onChoose,
}: {
  mode: StakeAction;
  disabled: boolean;
  onChoose: (mode: StakeAction) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <div
      role="group"
      aria-label={t`Stake or unstake`}
      className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-background/60 p-1"
    >
      {MODES.map((item) => (
        <button
          key={item.action}
          type="button"
          aria-pressed={mode === item.action}
          disabled={disabled}
          onClick={() => onChoose(item.action)}
          className={cn(
            'h-9 rounded-lg text-sm font-semibold transition-colors disabled:opacity-50',
            mode === item.action
              ? 'bg-dum text-background shadow-sm'
              : 'text-muted hover:bg-surface-2 hover:text-foreground',
          )}
        >
          {i18n._(item.label)}
        </button>
      ))}
    </div>
  );
}

/** The amount with its DUM suffix and Max, what is available, and the error if any. */
function AmountField({ form }: { form: ReturnType<typeof useStakeForm> }) {
  const { mode, amount, error, available, pending } = form;
  const availableText = formatDum(available, 9);
  const amountId = useId();
  const errorId = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={amountId} className="text-sm font-medium">
        {mode === 'stake' ? <Trans>Amount to stake</Trans> : <Trans>Amount to unstake</Trans>}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            id={amountId}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder="0.0"
            value={amount}
            disabled={pending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => form.editAmount(event.target.value)}
            className={cn(
              'h-11 w-full rounded-xl border bg-background/60 pr-14 pl-3 font-mono text-base tabular-nums outline-none placeholder:text-subtle focus-visible:border-dum/70 focus-visible:ring-2 focus-visible:ring-dum/25 disabled:opacity-60',
              error ? 'border-danger/70' : 'border-border',
            )}
          />
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs font-semibold text-subtle">
            DUM
          </span>
        </div>
        <Button
          type="button"
          variant="secondary"
          className="h-11"
          disabled={pending}
          onClick={form.fillMax}
        >
          <Trans>Max</Trans>
        </Button>
      </div>
      <p className="text-xs text-muted">
        {mode === 'stake' ? (
          <Trans>
            Available to stake:{' '}
            <span className="font-mono text-foreground tabular-nums">{availableText} DUM</span>
          </Trans>
        ) : (
          <Trans>
            Available to unstake:{' '}
            <span className="font-mono text-foreground tabular-nums">{availableText} DUM</span>
          </Trans>
        )}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function AmountBox({
  icon: Icon,
  label,
  value,
  active,
  testId,
}: {
  icon: typeof Wallet;
  label: string;
  value: bigint;
  active: boolean;
  testId: string;
}) {
  return (
    <div
      data-testid={testId}
      className={cn(
        'rounded-xl border p-3 transition-colors',
        active ? 'border-dum/40 bg-dum/8' : 'border-border bg-background/40',
      )}
    >
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted">
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </p>
      <p className="mt-1 truncate font-mono text-lg font-bold text-dum tabular-nums">
        {formatDum(value, 9)}
      </p>
      <p className="text-xs text-subtle">DUM</p>
    </div>
  );
}
