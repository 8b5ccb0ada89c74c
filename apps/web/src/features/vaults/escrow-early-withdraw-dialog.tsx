import { Trans, useLingui } from '@lingui/react/macro';
import { LogOut } from 'lucide-react';
import { BusyButton } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { formatSol } from '../../lib/i18n/index.ts';
import { bpsPercent, earlyWithdrawQuote, earlyWithdrawSummary } from './escrow-display.ts';

/** States the penalty, in SOL and basis points, before anything is signed. */
export function EarlyWithdrawDialog({
  open,
  onOpenChange,
  amount,
  penaltyBps,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  amount: bigint;
  penaltyBps: number;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const quote = earlyWithdrawQuote(amount, penaltyBps);
  const bps = quote.penaltyBps;
  const percent = bpsPercent(quote.penaltyBps);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={<Trans>Withdraw early?</Trans>}
      description={earlyWithdrawSummary(quote)}
      cancelLabel={t`Keep it locked`}
      action={
        <BusyButton
          variant="danger"
          onClick={onConfirm}
          busy={busy}
          busyLabel={t`Withdrawing...`}
          icon={<LogOut aria-hidden="true" />}
        >
          <Trans>Withdraw early</Trans>
        </BusyButton>
      }
    >
      <dl className="grid gap-1.5 rounded-xl border border-border bg-surface-2/60 p-3 font-mono text-sm tabular-nums">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">
            <Trans>Your deposit</Trans>
          </dt>
          <dd>{formatSol(quote.amount)} SOL</dd>
        </div>
        <div className="flex justify-between gap-3 text-danger">
          <dt>
            <Trans>
              Penalty ({bps} bps, {percent})
            </Trans>
          </dt>
          <dd>−{formatSol(quote.penalty)} SOL</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-border pt-1.5 font-semibold">
          <dt>
            <Trans>You receive</Trans>
          </dt>
          <dd>{formatSol(quote.receive)} SOL</dd>
        </div>
      </dl>
    </ConfirmDialog>
  );
}
