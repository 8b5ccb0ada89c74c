import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { cn } from '../../lib/cn.ts';
import { dumText, formatSpan, rewardSoFar, timeLocked } from './escrow-display.ts';
import type { EscrowDepositView, EscrowView } from './escrow-types.ts';
import { lamportsOf, solText } from './vault-display.ts';

/** What a deposit is doing now, in a few words. */
function depositState(deposit: EscrowDepositView, locked: boolean, reached: boolean): string {
  if (deposit.rewarded) {
    return deposit.refunded
      ? t`Withdrawn: SOL returned, rewards minted`
      : t`Rewards minted; the SOL went to the creator`;
  }
  if (lamportsOf(deposit.amount) === 0n) {
    const penalty = solText(deposit.penaltyPaid);
    return lamportsOf(deposit.penaltyPaid) > 0n
      ? t`Withdrawn early (penalty ${penalty} SOL)`
      : t`Nothing locked`;
  }
  if (locked) return t`Locked in the vault program`;
  return reached
    ? t`Ready: withdraw your rewards`
    : t`Target missed: withdraw your SOL and rewards`;
}

/** The viewer's deposit on an escrow vault's panel: its state and figures, ticking. */
export function MyDeposit({
  escrow,
  deposit,
  now,
  reached,
  locked,
}: {
  escrow: EscrowView;
  deposit: EscrowDepositView;
  now: bigint;
  reached: boolean;
  locked: boolean;
}) {
  return (
    <div
      className="mt-3 rounded-lg border border-border/70 bg-background/50 p-3"
      data-testid="escrow-my-deposit"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <h4 className="text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase">
          <Trans>Your deposit</Trans>
        </h4>
        <span className="text-[11px] text-subtle">{depositState(deposit, locked, reached)}</span>
      </div>
      <DepositFigures
        escrow={escrow}
        deposit={deposit}
        now={now}
        lockedLabel={t`Locked`}
        className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3"
      />
    </div>
  );
}

/**
 * A deposit's three figures: SOL deposited, time locked, and DUM earned (so far, while it
 * runs). `compact` truncates them to fit a list row.
 */
export function DepositFigures({
  escrow,
  deposit,
  now,
  lockedLabel,
  className,
  compact = false,
}: {
  escrow: EscrowView;
  deposit: EscrowDepositView;
  now: bigint;
  /** The first figure's label while the SOL is still in the vault. */
  lockedLabel: string;
  className: string;
  compact?: boolean;
}) {
  const cell = compact ? 'min-w-0' : undefined;
  return (
    <dl className={className}>
      <div className={cell}>
        <dt className="text-[10px] text-subtle uppercase">
          {deposit.claimed || deposit.refunded ? <Trans>Deposited</Trans> : lockedLabel}
        </dt>
        <dd className="font-mono text-sm font-semibold tabular-nums">
          {solText(deposit.amount)} <span className="text-xs font-normal text-muted">SOL</span>
        </dd>
      </div>
      <div className={cell}>
        <dt className="text-[10px] text-subtle uppercase">
          <Trans>Time locked</Trans>
        </dt>
        <dd className={cn(compact && 'truncate', 'font-mono text-sm tabular-nums')}>
          {lamportsOf(deposit.amount) > 0n ? formatSpan(timeLocked(escrow, deposit, now)) : '—'}
        </dd>
      </div>
      <div className={cn('col-span-2 sm:col-span-1', cell)}>
        <dt className="text-[10px] text-subtle uppercase">
          {deposit.rewarded ? <Trans>Rewards</Trans> : <Trans>Rewards so far</Trans>}
        </dt>
        <dd
          className={cn(
            compact && 'truncate',
            'font-mono text-sm font-semibold text-dum tabular-nums',
          )}
          data-testid={compact ? undefined : 'escrow-reward'}
        >
          {dumText(rewardSoFar(escrow, deposit, now))}{' '}
          <span className="text-xs font-normal">DUM</span>
        </dd>
      </div>
    </dl>
  );
}
