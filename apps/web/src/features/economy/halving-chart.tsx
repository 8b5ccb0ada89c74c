import {
  INITIAL_REWARD,
  abbreviateNumber,
  formatDumAmount,
  groupThousands,
  nextHalvingReward,
  parseBaseUnits,
} from '@dum/core';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
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
              {formatDumAmount((INITIAL_REWARD * BigInt(line * 100)) / 100n, 1)}
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
              {line === 0 ? '0' : `${21 * line}M`}
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
  const clipId = useId();
  const fillId = useId();
  const { x, stepPath, areaPath, supplyPoints, nowX } = geometry;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} 100`}
      preserveAspectRatio="none"
      className="absolute inset-0 size-full overflow-visible"
      role="img"
      aria-label={`Halving schedule: ${formatDumAmount(INITIAL_REWARD)} DUM per vibe, halving every 70,000 vibes. Now at vibe ${groupThousands(String(stats.totalEvents))}, epoch ${stats.currentEpoch}.`}
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
        Now · Epoch {epoch}
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
          {abbreviateNumber(event)}
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
  return (
    <figcaption className="grid gap-3 text-sm">
      <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-xs text-muted">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-5 rounded bg-dum" />
          Reward per vibe (DUM)
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="w-5 border-t-2 border-dashed border-accent/80" />
          DUM mined by vibes
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-foreground" />
          Now
        </li>
      </ul>
      <p className="text-muted" data-testid="halving-chart-caption">
        Vibe{' '}
        <span className="font-mono text-foreground">
          {groupThousands(String(stats.totalEvents))}
        </span>
        , epoch {stats.currentEpoch}:{' '}
        <span className="font-mono text-dum">{formatDumAmount(reward)} DUM</span> per vibe.{' '}
        <span className="font-mono text-foreground">
          {groupThousands(String(stats.eventsUntilHalving))}
        </span>{' '}
        vibes until it halves to{' '}
        <span className="font-mono text-foreground">
          {formatDumAmount(nextHalvingReward(reward))} DUM
        </span>
        .
      </p>
      <table className="sr-only">
        <caption>Reward per vibe by epoch</caption>
        <thead>
          <tr>
            <th scope="col">Epoch</th>
            <th scope="col">Vibes</th>
            <th scope="col">Reward per vibe</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.epoch}>
              <td>{step.epoch}</td>
              <td>
                {groupThousands(String(step.startEvent))} to{' '}
                {groupThousands(String(step.endEvent - 1))}
              </td>
              <td>{formatDumAmount(step.reward, 9)} DUM</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figcaption>
  );
}
