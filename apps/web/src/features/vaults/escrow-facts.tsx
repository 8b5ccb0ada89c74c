import { Clock, ShieldAlert, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { bpsPercent, formatCountdown } from './escrow-display.ts';
import type { EscrowView } from './escrow-types.ts';

/** Participants, the countdown to the end (or the day it ended), and the early-exit penalty. */
export function EscrowFacts({
  escrow,
  endTs,
  locked,
  now,
}: {
  escrow: EscrowView;
  endTs: bigint | null;
  locked: boolean;
  now: bigint;
}) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-2 text-xs sm:grid-cols-3">
      <Fact label="Participants" testId="vault-supporters">
        <Users className="size-3.5 text-muted" aria-hidden="true" />
        {escrow.participantCount}
      </Fact>
      <Fact label={locked ? 'Ends in' : 'Ended on'} testId="escrow-countdown">
        <Clock className="size-3.5 text-muted" aria-hidden="true" />
        {endTs === null
          ? '—'
          : locked
            ? formatCountdown(endTs - now)
            : new Date(Number(endTs) * 1000).toLocaleDateString()}
      </Fact>
      <Fact label="Early exit" className="col-span-2 sm:col-span-1">
        <ShieldAlert className="size-3.5 text-muted" aria-hidden="true" />
        {bpsPercent(escrow.penaltyBps)} penalty
      </Fact>
    </dl>
  );
}

function Fact({
  label,
  children,
  testId,
  className,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 rounded-lg bg-background/40 px-2.5 py-2', className)}>
      <dt className="text-[10px] font-semibold tracking-wide text-subtle uppercase">{label}</dt>
      <dd
        className="mt-0.5 flex items-center gap-1 font-mono text-xs font-medium text-foreground tabular-nums"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}
