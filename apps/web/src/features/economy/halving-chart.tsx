import { Trans, useLingui } from '@lingui/react/macro';
import { INITIAL_REWARD, nextHalvingReward, parseBaseUnits } from '@dum/core';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatDecimal, formatDum, formatNumber } from '../../lib/i18n/index.ts';
import { abbreviated } from './number-text.ts';
import type { PlatformStats } from './economy-queries.ts';
import {
  CHART_WIDTH as WIDTH,
  chartEpochCount,
  chartGeometry,
  halvingSchedule,
  yFor,
  type ChartGeometry,
  type ScheduleStep,
} from './halving-schedule.ts';

/** Scale lines: reward and supply share them (150 DUM ↔ 21M, 75 ↔ 10.5M, 37.5 ↔ 5.25M). */
const GRID = [1, 0.5, 0.25, 0];

/**
 * The halving schedule as a step chart (/rewards): reward per event over events, one
 * step per epoch, with the supply the events mint as a dashed line and the platform's current
 * position marked. Inline SVG stretched to its box, with HTML labels so text keeps its size.
 */
export function HalvingChart({ stats }: { stats: PlatformStats }) {
  const steps = halvingSchedule(chartEpochCount(stats.currentEpoch));
  const reward = parseBaseUnits(stats.currentReward) ?? 0n;
  const geometry = chartGeometry(steps, stats.totalEvents, reward);

  return (
    <figure className="grid gap-4" data-testid="halving-chart">
      <div className="relative h-60 sm:h-72">
        {/* Left axis: reward per vibe. */}
        <div aria-hidden="true" className="absolute top-3 bottom-7 left-0 w-10">
          {GRID.map((line) => (
            <span
              key={line}
              className="absolute right-1 -translate-y-1/2 font-mono text-[10px] text-muted tabular-nums"
              style={{ top: `${yFor(line)}%` }}
            >
              {formatDum((INITIAL_REWARD * BigInt(line * 100)) / 100n, 1)}
            </span>
          ))}
        </div>
        {/* Right axis: supply mined by vibes. */}
        <div aria-hidden="true" className="absolute top-3 right-0 bottom-7 w-11">
          {GRID.map((line) => (
            <span
              key={line}
              className="absolute left-1.5 -translate-y-1/2 font-mono text-[10px] text-accent/80 tabular-nums"
              style={{ top: `${yFor(line)}%` }}
            >
              {line === 0 ? '0' : `${formatDecimal(String(21 * line), 2)}M`}
            </span>
          ))}
        </div>
        <div className="absolute top-3 right-11 bottom-7 left-12">
          <ChartPlot stats={stats} steps={steps} geometry={geometry} />
          <NowMarker epoch={stats.currentEpoch} geometry={geometry} />
        </div>

        <EventAxis steps={steps} x={geometry.x} />
      </div>
      <ChartCaption stats={stats} steps={steps} reward={reward} />
    </figure>
  );
}

/** The plot itself: grid, epoch boundaries, the reward steps (filled up to now) and supply. */
function ChartPlot({
  stats,
  steps,
  geometry,
}: {
  stats: PlatformStats;
  steps: readonly ScheduleStep[];
  geometry: ChartGeometry;
}) {
  const { t } = useLingui();
  const clipId = useId();
  const fillId = useId();
  const initialReward = formatDum(INITIAL_REWARD);
  const epochEvents = formatNumber(70_000);
  const vibe = formatNumber(stats.totalEvents);
  const epoch = stats.currentEpoch;
  const { x, stepPath, areaPath, supplyPoints, nowX } = geometry;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} 100`}
      preserveAspectRatio="none"
      className="absolute inset-0 size-full overflow-visible"
      role="img"
      aria-label={t`Halving schedule: ${initialReward} DUM per vibe, halving every ${epochEvents} vibes. Now at vibe ${vibe}, epoch ${epoch}.`}
    >
      <defs>
        <linearGradient id={fillId} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="var(--color-dum)" stopOpacity="0.45" />
          <stop offset="100%" stopColor="var(--color-dum)" stopOpacity="0.04" />
        </linearGradient>
        <clipPath id={clipId}>
          <rect x="0" y="0" width={nowX} height="100" />
        </clipPath>
      </defs>
      <ChartGrid steps={steps} x={x} />
      <path d={areaPath} fill="var(--color-dum)" fillOpacity="0.07" />
      <path d={areaPath} fill={`url(#${fillId})`} clipPath={`url(#${clipId})`} />
      <polyline
        points={supplyPoints}
        fill="none"
        stroke="var(--color-accent)"
        strokeOpacity="0.8"
        strokeWidth="1.5"
        strokeDasharray="5 4"
        vectorEffect="non-scaling-stroke"
      />
      <path
        d={stepPath}
        fill="none"
        stroke="var(--color-dum)"
        strokeWidth="2.5"
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
      <line
        x1={nowX}
        x2={nowX}
        y1="0"
        y2="100"
        stroke="var(--color-foreground)"
        strokeOpacity="0.6"
        strokeDasharray="2 3"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** Dashed scale lines across, and a faint line at each halving. */
function ChartGrid({ steps, x }: { steps: readonly ScheduleStep[]; x: ChartGeometry['x'] }) {
  return (
    <>
      {GRID.map((line) => (
        <line
          key={line}
          x1="0"
          x2={WIDTH}
          y1={yFor(line)}
          y2={yFor(line)}
          stroke="var(--color-border)"
          strokeDasharray={line === 0 ? undefined : '3 5'}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {steps.slice(1).map((step) => (
        <line
          key={step.epoch}
          x1={x(step.startEvent)}
          x2={x(step.startEvent)}
          y1="0"
          y2="100"
          stroke="var(--color-border)"
          strokeOpacity="0.5"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </>
  );
}

/** The dot on the curve at the current event and its "Now · Epoch N" label above. */
function NowMarker({ epoch, geometry }: { epoch: number; geometry: ChartGeometry }) {
  const { nowLeft, nowTop } = geometry;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="halving-chart-now"
        className="absolute size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-background bg-foreground shadow-[0_0_0_4px_color-mix(in_oklab,var(--color-dum)_45%,transparent)]"
        style={{ left: `${nowLeft}%`, top: `${nowTop}%` }}
      />
      <span
        aria-hidden="true"
        className={cn(
          'absolute -top-1 rounded-full bg-foreground px-2 py-0.5 text-[10px] font-bold whitespace-nowrap text-background',
          nowLeft < 8 ? 'translate-x-1.5' : '-translate-x-1/2',
        )}
        style={{ left: `${nowLeft}%` }}
      >
        <Trans>Now · Epoch {epoch}</Trans>
      </span>
    </>
  );
}

/** Bottom axis: events at each halving (every other label hidden on narrow screens). */
function EventAxis({ steps, x }: { steps: readonly ScheduleStep[]; x: ChartGeometry['x'] }) {
  return (
    <div aria-hidden="true" className="absolute right-11 bottom-0 left-12 h-6">
      {[0, ...steps.map((step) => step.endEvent)].map((event, index) => (
        <span
          key={event}
          className={cn(
            'absolute top-1.5 -translate-x-1/2 font-mono text-[10px] text-muted tabular-nums',
            index % 2 === 1 && 'hidden sm:block',
          )}
          style={{ left: `${(x(event) / WIDTH) * 100}%` }}
        >
          {abbreviated(event)}
        </span>
      ))}
    </div>
  );
}

/** Legend, the sentence about now, and the schedule as a table for screen readers. */
function ChartCaption({
  stats,
  steps,
  reward,
}: {
  stats: PlatformStats;
  steps: readonly ScheduleStep[];
  reward: bigint;
}) {
  const vibe = formatNumber(stats.totalEvents);
  const epoch = stats.currentEpoch;
  const rewardText = formatDum(reward);
  const untilHalving = formatNumber(stats.eventsUntilHalving);
  const nextReward = formatDum(nextHalvingReward(reward));
  return (
    <figcaption className="grid gap-3 text-sm">
      <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-xs text-muted">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-5 rounded bg-dum" />
          <Trans>Reward per vibe (DUM)</Trans>
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="w-5 border-t-2 border-dashed border-accent/80" />
          <Trans>DUM mined by vibes</Trans>
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-foreground" />
          <Trans>Now</Trans>
        </li>
      </ul>
      <p className="text-muted" data-testid="halving-chart-caption">
        <Trans>
          Vibe <span className="font-mono text-foreground">{vibe}</span>, epoch {epoch}:{' '}
          <span className="font-mono text-dum">{rewardText} DUM</span> per vibe.{' '}
          <span className="font-mono text-foreground">{untilHalving}</span> vibes until it halves to{' '}
          <span className="font-mono text-foreground">{nextReward} DUM</span>.
        </Trans>
      </p>
      <table className="sr-only">
        <caption>
          <Trans>Reward per vibe by epoch</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Epoch</Trans>
            </th>
            <th scope="col">
              <Trans>Vibes</Trans>
            </th>
            <th scope="col">
              <Trans>Reward per vibe</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <ScheduleRow key={step.epoch} step={step} />
          ))}
        </tbody>
      </table>
    </figcaption>
  );
}

/** One epoch of the screen readers' table: its vibes and reward. */
function ScheduleRow({ step }: { step: ScheduleStep }) {
  const from = formatNumber(step.startEvent);
  const to = formatNumber(step.endEvent - 1);
  const reward = formatDum(step.reward, 9);
  return (
    <tr>
      <td>{step.epoch}</td>
      <td>
        <Trans>
          {from} to {to}
        </Trans>
      </td>
      <td>{reward} DUM</td>
    </tr>
  );
}
