import { Trans, useLingui } from '@lingui/react/macro';
import { BONUS_MINT_KINDS, parseBaseUnits } from '@dum/core';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatDum, formatNumber } from '../../lib/i18n/index.ts';
import { CardEmpty, CardQueryState } from './card-states.tsx';
import { SectionCard } from './section-card.tsx';
import {
  useRewardsHistory,
  useRewardsSummary,
  type LedgerItem,
  type RewardsSummary,
} from './economy-queries.ts';
import { ledgerKindStyle } from './ledger-kinds.ts';

/** Mints that are not rewarded events (an event past the daily cap has no index and earns 0). */
const BONUS_KINDS = new Set<string>(BONUS_MINT_KINDS);

/** The ledger's event index counts from 0; vibes are numbered from 1, as Total Vibes counts them. */
function vibeNumber(eventIndex: string): string {
  return /^\d+$/.test(eventIndex) ? formatNumber(BigInt(eventIndex) + 1n) : eventIndex;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * The wallet's earnings on /rewards, read from the emission ledger: totals by kind (which also
 * filter the list) and every entry, newest first, a page at a time.
 */
export function EarningsHistoryCard({ userId, className }: { userId: string; className?: string }) {
  const { t } = useLingui();
  const [kind, setKind] = useState<string | null>(null);
  const summary = useRewardsSummary(userId);
  const history = useRewardsHistory(userId, kind);

  return (
    <SectionCard
      testId="earnings-history"
      icon={History}
      iconClassName="bg-primary/15 text-primary"
      title={t`Earnings`}
      description={t`Every DUM you have mined, straight from the emission ledger.`}
      className={className}
      contentClassName="flex flex-col gap-4"
    >
      {summary.data && summary.data.byKind.length > 0 && (
        <KindFilter summary={summary.data} kind={kind} onChange={setKind} />
      )}
      <CardQueryState
        data={history.data?.pages.flatMap((page) => page.items)}
        isError={history.isError}
        errorMessage={t`Couldn't load your earnings.`}
        onRetry={() => void history.refetch()}
        loadingLabel={t`Loading your earnings`}
        skeleton={[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-3">
            <Skeleton className="size-9 shrink-0 rounded-xl" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
      >
        {(items) =>
          items.length === 0 ? (
            <CardEmpty title={kind ? t`Nothing of this kind yet` : t`No earnings yet`}>
              {kind
                ? t`Pick another kind, or All.`
                : t`Post, comment, like or support a vault to mine your first DUM.`}
            </CardEmpty>
          ) : (
            <>
              <ol aria-label={t`Earnings history`} className="divide-y divide-border/60">
                {items.map((item) => (
                  <HistoryRow key={item.id} item={item} />
                ))}
              </ol>
              {history.hasNextPage && (
                <Button
                  variant="secondary"
                  className="self-center"
                  disabled={history.isFetchingNextPage}
                  onClick={() => void history.fetchNextPage()}
                >
                  {history.isFetchingNextPage ? t`Loading...` : t`Load more`}
                </Button>
              )}
              {history.isFetchNextPageError && (
                <p role="alert" className="text-center text-sm text-danger">
                  <Trans>Couldn't load more. Try again.</Trans>
                </p>
              )}
            </>
          )
        }
      </CardQueryState>
    </SectionCard>
  );
}

function KindFilter({
  summary,
  kind,
  onChange,
}: {
  summary: RewardsSummary;
  kind: string | null;
  onChange: (kind: string | null) => void;
}) {
  const { t } = useLingui();
  const total = summary.byKind.reduce(
    (sum, entry) => sum + (parseBaseUnits(entry.amount) ?? 0n),
    0n,
  );
  const chips = [
    { kind: null, label: t`All`, amount: total },
    ...summary.byKind.map((entry) => ({
      kind: entry.kind,
      label: ledgerKindStyle(entry.kind).label,
      amount: parseBaseUnits(entry.amount) ?? 0n,
    })),
  ];
  return (
    <div role="group" aria-label={t`Filter by kind`} className="-mx-1 flex flex-wrap gap-2 px-1">
      {chips.map((chip) => {
        const active = chip.kind === kind;
        return (
          <button
            key={chip.kind ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(chip.kind)}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold transition-colors',
              active
                ? 'border-primary/50 bg-primary/15 text-foreground'
                : 'border-border text-muted hover:border-primary/40 hover:text-foreground',
            )}
          >
            {chip.label}
            <span className="font-mono text-dum tabular-nums">{formatDum(chip.amount, 0)}</span>
          </button>
        );
      })}
    </div>
  );
}

function HistoryRow({ item }: { item: LedgerItem }) {
  const { t } = useLingui();
  const style = ledgerKindStyle(item.kind);
  const Icon = style.icon;
  const amount = parseBaseUnits(item.amount) ?? 0n;
  const epoch = item.epoch;
  const vibe = item.eventIndex !== null ? vibeNumber(item.eventIndex) : null;
  const details = [
    epoch !== null ? t`Epoch ${epoch}` : null,
    amount === 0n && item.eventIndex === null && !BONUS_KINDS.has(item.kind)
      ? t`daily cap reached`
      : null,
  ].filter(Boolean);
  return (
    <li className="flex items-center gap-3 py-2.5" data-testid="earning-row" data-kind={item.kind}>
      <span
        className={cn('grid size-9 shrink-0 place-items-center rounded-xl', style.className)}
        aria-hidden="true"
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {style.entry}
          {vibe !== null && (
            <span className="font-normal text-muted">
              {' '}
              <Trans>· Vibe #{vibe}</Trans>
            </span>
          )}
        </p>
        <p className="truncate text-xs text-subtle">
          <time dateTime={item.createdAt}>{formatDate(item.createdAt, DATE_TIME)}</time>
          {details.map((detail) => ` · ${detail}`).join('')}
        </p>
      </div>
      <p
        className={cn(
          'shrink-0 font-mono text-sm font-semibold tabular-nums',
          amount > 0n ? 'text-dum' : 'text-subtle',
        )}
      >
        +{formatDum(amount, 9)} <span className="text-xs font-normal text-subtle">DUM</span>
      </p>
    </li>
  );
}
