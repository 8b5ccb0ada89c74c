import { Trans, useLingui } from '@lingui/react/macro';
import { Clock, ShieldAlert, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatNumber } from '../../lib/i18n/index.ts';
import { bpsPercent, formatCountdown } from './escrow-display.ts';
import type { EscrowView } from './escrow-types.ts';

/** The end day as `toLocaleDateString()` shows it, in the active language. */
const ENDED_ON_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
};

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
  const { t } = useLingui();
  const percent = bpsPercent(escrow.penaltyBps);
  return (
    <dl className="mt-3 grid grid-cols-2 gap-2 text-xs sm:grid-cols-3">
      <Fact label={t`Participants`} testId="vault-supporters">
        <Users className="size-3.5 text-muted" aria-hidden="true" />
        {formatNumber(escrow.participantCount)}
      </Fact>
      <Fact label={locked ? t`Ends in` : t`Ended on`} testId="escrow-countdown">
        <Clock className="size-3.5 text-muted" aria-hidden="true" />
        {endTs === null
          ? '—'
          : locked
            ? formatCountdown(endTs - now)
            : formatDate(Number(endTs) * 1000, ENDED_ON_FORMAT)}
      </Fact>
      <Fact label={t`Early exit`} className="col-span-2 sm:col-span-1">
        <ShieldAlert className="size-3.5 text-muted" aria-hidden="true" />
        <Trans>{percent} penalty</Trans>
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
