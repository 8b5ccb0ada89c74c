import {
  halvingProgress,
  halvingUrgency,
  nextHalvingReward,
  parseBaseUnits,
  type HalvingUrgency,
} from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Flame, X, Zap } from 'lucide-react';
import { useState } from 'react';
import { Progress } from '../../components/ui/progress.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDum, formatNumber } from '../../lib/i18n/index.ts';
import { useEmissionsStats, type EmissionsStatsData } from './use-emissions-stats.ts';

export const HALVING_DISMISSED_KEY = 'dum.halvingBanner.dismissed';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(HALVING_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    window.sessionStorage.setItem(HALVING_DISMISSED_KEY, '1');
  } catch {
    // Storage unavailable (private mode): the banner stays dismissed until the next load.
  }
}

export interface HalvingBannerView {
  urgency: HalvingUrgency;
  eventsLeft: string;
  currentReward: string;
  nextReward: string;
  epoch: number;
  progress: number;
}

/** What the banner shows for a stats answer; pure, so the tests need no network. */
export function halvingBannerView(stats: EmissionsStatsData): HalvingBannerView {
  const reward = parseBaseUnits(stats.currentReward) ?? 0n;
  return {
    urgency: halvingUrgency(stats.eventsUntilHalving),
    eventsLeft: formatNumber(stats.eventsUntilHalving),
    currentReward: formatDum(reward),
    nextReward: formatDum(nextHalvingReward(reward)),
    epoch: stats.currentEpoch,
    progress: halvingProgress(stats.eventsUntilHalving),
  };
}

const TONE: Record<HalvingUrgency, string> = {
  calm: 'border-primary/20 bg-[linear-gradient(90deg,color-mix(in_oklab,var(--color-primary)_16%,var(--color-background)),color-mix(in_oklab,var(--color-accent)_12%,var(--color-background)))]',
  urgent:
    'border-warning/40 bg-[linear-gradient(90deg,color-mix(in_oklab,var(--color-warning)_22%,var(--color-background)),color-mix(in_oklab,var(--color-accent)_16%,var(--color-background)))]',
  critical:
    'border-danger/50 bg-[linear-gradient(90deg,color-mix(in_oklab,var(--color-danger-strong)_35%,var(--color-background)),color-mix(in_oklab,var(--color-warning)_20%,var(--color-background)))]',
};

/**
 * The sticky Meme Halving countdown: events left, the current reward and
 * half of it, the epoch and the epoch's progress. Urgent (pulse, ⚡) under 1000 left, critical
 * (bounce) under 100. While the stats load it keeps its place (an invisible copy of the
 * same lines, so nothing below moves when they arrive: the prerendered shell shows the same);
 * hidden on error and once dismissed for this session.
 */
export function HalvingBanner() {
  const { t } = useLingui();
  const { data, isError } = useEmissionsStats();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed || isError) return null;
  if (!data) return <BannerPlaceholder />;

  const view = halvingBannerView(data);
  const urgent = view.urgency !== 'calm';
  const Icon = urgent ? Zap : Flame;
  const epoch = view.epoch;

  return (
    <section
      aria-label={t`Meme halving countdown`}
      data-testid="halving-banner"
      data-urgency={view.urgency}
      className={cn('relative border-b text-sm', TONE[view.urgency])}
    >
      <div className="flex items-center gap-3 py-2 pr-12 pl-4 sm:pr-14 sm:pl-6 xl:pl-8">
        <span
          aria-hidden="true"
          className={cn(
            'hidden size-8 shrink-0 place-items-center rounded-lg sm:grid',
            view.urgency === 'calm' && 'bg-primary/15 text-primary',
            view.urgency === 'urgent' && 'bg-warning/20 text-warning',
            view.urgency === 'critical' && 'bg-danger/20 text-danger',
          )}
        >
          <Icon className="size-4" />
        </span>
        <CountdownText view={view} />
        <button
          type="button"
          aria-label={t`Dismiss halving banner`}
          onClick={() => {
            rememberDismissed();
            setDismissed(true);
          }}
          className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-muted transition-colors hover:bg-foreground/10 hover:text-foreground sm:right-4"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <Progress
        value={view.progress}
        label={t`Epoch ${epoch} progress`}
        className="h-1 rounded-none bg-foreground/5"
        indicatorClassName={cn(
          'rounded-none',
          view.urgency === 'urgent' && 'bg-none bg-warning',
          view.urgency === 'critical' && 'bg-none bg-danger',
        )}
      />
    </section>
  );
}

/** The first epoch's figures: the width and line breaks the loaded banner will have. */
const PLACEHOLDER_VIEW: HalvingBannerView = {
  urgency: 'calm',
  eventsLeft: '70,000',
  currentReward: '150',
  nextReward: '75',
  epoch: 0,
  progress: 0,
};

/** The banner's box while the stats load: the same lines, invisible and hidden from readers. */
function BannerPlaceholder() {
  return (
    <div
      aria-hidden="true"
      data-testid="halving-banner-placeholder"
      className={cn('border-b text-sm', TONE.calm)}
    >
      <div className="invisible flex items-center gap-3 py-2 pr-12 pl-4 sm:pr-14 sm:pl-6 xl:pl-8">
        <span className="hidden size-8 shrink-0 sm:grid" />
        <CountdownText view={PLACEHOLDER_VIEW} />
      </div>
      <div className="h-1" />
    </div>
  );
}

/** Events left (pulsing or bouncing when urgent), the reward now and after, and the epoch. */
function CountdownText({ view }: { view: HalvingBannerView }) {
  const urgent = view.urgency !== 'calm';
  const { eventsLeft, currentReward, nextReward, epoch } = view;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-x-6 gap-y-0.5 md:flex-row md:items-center md:justify-between">
      <p
        className={cn(
          'font-semibold',
          view.urgency === 'urgent' && 'animate-pulse motion-reduce:animate-none',
          view.urgency === 'critical' && 'animate-bounce motion-reduce:animate-none',
        )}
      >
        {urgent && <span aria-hidden="true">⚡ </span>}
        <Trans>
          <span className="font-mono tabular-nums" data-testid="halving-events-left">
            {eventsLeft}
          </span>{' '}
          events until the Meme Halving
        </Trans>
      </p>
      <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted sm:text-sm">
        <span>
          <Trans>
            Reward{' '}
            <span className="font-mono font-semibold text-dum" data-testid="halving-current-reward">
              {currentReward} DUM
            </span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> then </span>
            <span
              className="font-mono font-semibold text-foreground"
              data-testid="halving-next-reward"
            >
              {nextReward} DUM
            </span>
          </Trans>
        </span>
        <span aria-hidden="true" className="text-subtle">
          •
        </span>
        <span data-testid="halving-epoch">
          <Trans>Epoch {epoch}</Trans>
        </span>
      </p>
    </div>
  );
}
