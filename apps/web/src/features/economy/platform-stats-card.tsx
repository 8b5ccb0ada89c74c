import { Trans, useLingui } from '@lingui/react/macro';
import { Coins, Hourglass, Pickaxe, Sparkles, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { CardQueryState } from './card-states.tsx';
import { usePlatformStats } from './economy-queries.ts';
import { platformStatsView, type PlatformStatsView } from './platform-stats.ts';

/**
 * The Platform Stats card: Total Vibes, DUM Mined, Current Reward, Next
 * Halving (in vibes) and the Supply Minted bar with minted and max.
 */
export function PlatformStatsCard({ className }: { className?: string }) {
  const { t } = useLingui();
  const query = usePlatformStats();
  const titleId = useId();
  const view = query.data ? platformStatsView(query.data) : null;
  const epoch = query.data?.currentEpoch;

  return (
    <Card
      className={cn('flex flex-col', className)}
      role="region"
      aria-labelledby={titleId}
      data-testid="platform-stats"
    >
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id={titleId}>
          <Trans>Platform Stats</Trans>
        </CardTitle>
        {query.data && (
          <span className="rounded-full border border-border px-2 py-0.5 text-xs font-medium text-muted">
            <Trans>Epoch {epoch}</Trans>
          </span>
        )}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <CardQueryState
          data={view ?? undefined}
          isError={query.isError}
          errorMessage={t`Couldn't load platform stats.`}
          onRetry={() => void query.refetch()}
          loadingLabel={t`Loading platform stats`}
          loadingClassName="flex flex-col gap-4"
          skeleton={<StatsSkeleton />}
        >
          {(view) => <PlatformStats view={view} />}
        </CardQueryState>
      </CardContent>
    </Card>
  );
}

/** The four figures and the Supply Minted bar. */
function PlatformStats({ view }: { view: PlatformStatsView }) {
  const { t } = useLingui();
  const minted = view.minted;
  const maxSupply = view.maxSupply;
  return (
    <>
      <dl className="grid grid-cols-2 gap-2">
        <Stat
          icon={Sparkles}
          label={t`Total Vibes`}
          value={view.totalVibes}
          testId="stat-total-vibes"
          tone="text-primary"
        />
        <Stat
          icon={Pickaxe}
          label={t`DUM Mined`}
          value={view.dumMined}
          testId="stat-dum-mined"
          tone="text-dum"
        />
        <Stat
          icon={Coins}
          label={t`Current Reward`}
          value={view.currentReward}
          unit="DUM"
          testId="stat-current-reward"
          tone="text-dum"
        />
        <Stat
          icon={Hourglass}
          label={t`Next Halving`}
          value={view.nextHalving}
          unit={t`vibes`}
          testId="stat-next-halving"
          tone="text-accent"
        />
      </dl>
      <div className="mt-auto grid gap-1.5">
        <div className="flex items-baseline justify-between text-sm">
          <span className="font-medium">
            <Trans>Supply Minted</Trans>
          </span>
          <span
            className="font-mono font-semibold text-dum tabular-nums"
            data-testid="stat-supply-percent"
          >
            {view.mintedPercent}
          </span>
        </div>
        <Progress value={view.mintedFraction} label={t`Supply minted`} className="h-2" />
        <div className="flex justify-between text-xs text-subtle">
          <span data-testid="stat-supply-minted">
            <Trans>{minted} DUM minted</Trans>
          </span>
          <span data-testid="stat-supply-max">
            <Trans>{maxSupply} max</Trans>
          </span>
        </div>
      </div>
    </>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  unit,
  testId,
  tone,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  unit?: string;
  testId: string;
  tone: string;
}) {
  return (
    <div className="rounded-xl border border-border/70 bg-background/40 px-2.5 py-3">
      <dt className="flex items-center gap-1.5 text-xs font-medium whitespace-nowrap text-muted">
        <Icon className={cn('size-3.5 shrink-0', tone)} aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-1 flex items-baseline gap-1">
        <span className="font-mono text-xl font-bold tabular-nums" data-testid={testId}>
          {value}
        </span>
        {unit && <span className="text-xs text-subtle">{unit}</span>}
      </dd>
    </div>
  );
}

function StatsSkeleton() {
  return (
    <>
      <div className="grid grid-cols-2 gap-2.5">
        {[0, 1, 2, 3].map((cell) => (
          <Skeleton key={cell} className="h-[4.5rem] rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-3 w-1/3" />
      <Skeleton className="h-2 w-full" />
    </>
  );
}
