import { Trans } from '@lingui/react/macro';
import { ANALYTICS_RANGE_DAYS, type AnalyticsRange } from '@dum/core';
import { formatNumber } from '../../lib/i18n/index.ts';
import { useEffect, useId, useRef } from 'react';
import type UPlot from 'uplot';
import {
  chartNumber,
  dayLabel,
  formatWithUnit,
  seriesSummary,
  type SeriesMeta,
} from './analytics-display.ts';

type Point = { day: string; value: number | string };

const HEIGHT = 150;
const HALF_DAY = 43_200;

/** A theme colour of index.css (the app has one, dark, theme), with a fallback for tests. */
function themeColor(variable: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return value || fallback;
}

/**
 * What uPlot needs to draw: matchMedia (it follows the pixel ratio) and ResizeObserver (the
 * chart follows its box). jsdom has neither; there the table and the summary are the chart.
 */
function canDraw(): boolean {
  return typeof window.matchMedia === 'function' && typeof ResizeObserver === 'function';
}

/** uPlot and its stylesheet, fetched once, with the first chart (this route only). */
let uPlotModule: Promise<typeof UPlot> | null = null;
function loadUPlot(): Promise<typeof UPlot> {
  uPlotModule ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([module]) => module.default,
  );
  return uPlotModule;
}

/**
 * One series as a bar chart per UTC day (uPlot, loaded with this route only), with the same
 * figures as a visually hidden table and a summary in words: the canvas itself is hidden from
 * assistive technology.
 */
export function SeriesChart({
  meta,
  points,
  range,
}: {
  meta: SeriesMeta;
  points: readonly Point[];
  range: AnalyticsRange;
}) {
  const titleId = useId();
  const summaryId = useId();
  const box = useRef<HTMLDivElement>(null);
  const summary = seriesSummary(meta, points, range);
  const label = meta.label;
  const days = ANALYTICS_RANGE_DAYS[range];

  useEffect(() => {
    const target = box.current;
    if (!target || !canDraw()) return;
    let chart: { destroy(): void } | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    void loadUPlot().then((uPlot) => {
      if (cancelled) return;
      const color = themeColor(meta.colorVar, '#a78bfa');
      const muted = themeColor('--color-muted', '#a19cba');
      const grid = themeColor('--color-border', '#2c2842');
      // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO timestamp, not text
      const days = points.map((p) => Date.parse(`${p.day}T00:00:00Z`) / 1000);
      const values = points.map((p) => chartNumber(meta, p.value));
      const axisFont = '11px ui-sans-serif, system-ui, sans-serif';
      const plot = new uPlot(
        {
          width: Math.max(target.clientWidth, 200),
          height: HEIGHT,
          // Days are UTC: labels and the cursor read them in UTC, wherever the viewer is.
          // eslint-disable-next-line lingui/no-unlocalized-strings -- an IANA time zone, not text
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          legend: { show: false },
          cursor: { drag: { x: false, y: false }, points: { show: false } },
          padding: [8, 16, 0, 0],
          scales: {
            // Half a day either side, so the first and last days' bars are whole.
            x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
            y: { range: (_u, _min, max) => [0, max > 0 ? max : 1] },
          },
          axes: [
            {
              stroke: muted,
              font: axisFont,
              size: 28,
              grid: { show: false },
              ticks: { stroke: grid, size: 4 },
              values: (_u, splits) =>
                splits.map((s) => dayLabel(new Date(s * 1000).toISOString().slice(0, 10))),
              space: 56,
            },
            {
              stroke: muted,
              font: axisFont,
              size: 44,
              grid: { stroke: grid, width: 1 },
              ticks: { show: false },
              values: (_u, splits) => splits.map((s) => compactAxis(s)),
            },
          ],
          series: [
            {},
            {
              label: meta.label,
              stroke: color,
              fill: `${color}cc`,
              width: 0,
              paths: uPlot.paths.bars?.({ size: [0.7, 28], radius: 0.25, gap: 1 }),
              points: { show: false },
            },
          ],
        },
        [days, values],
        target,
      );
      chart = plot;
      resize = new ResizeObserver(() => {
        plot.setSize({ width: Math.max(target.clientWidth, 200), height: HEIGHT });
      });
      resize.observe(target);
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [meta, points]);

  return (
    <figure
      role="group"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      className="card flex min-w-0 flex-col gap-2 p-4"
      data-testid={`chart-${meta.name}`}
    >
      <figcaption id={titleId} className="text-sm font-semibold">
        {meta.label}
      </figcaption>
      <div ref={box} aria-hidden="true" className="analytics-chart h-[150px] w-full" />
      <p id={summaryId} className="text-xs text-muted">
        {summary}
      </p>
      <table className="sr-only">
        <caption>
          <Trans>
            {label} per day, last {days} days
          </Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Day</Trans>
            </th>
            <th scope="col">{meta.label}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.day}>
              <th scope="row">{dayLabel(point.day, true)}</th>
              <td>{formatWithUnit(meta, point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Axis numbers: 1.2K, 3M, 0.5 (amounts in whole units may be fractions). */
function compactAxis(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (abs >= 1_000) return `${trim(value / 1_000)}K`;
  return trim(value);
}

function trim(value: number): string {
  return formatNumber(Number(value.toFixed(value % 1 === 0 ? 0 : 2)));
}
