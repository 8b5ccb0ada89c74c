import {
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_RANGES,
  formatDumAmount,
  formatSol,
  groupThousands,
  type AnalyticsRange,
  type AnalyticsSeriesName,
} from '@dum/core';

/**
 * How the analytics screen words and formats its figures: pure functions over the API's values
 * (counts as numbers, amounts as base-unit strings), no React.
 */

export const DEFAULT_RANGE: AnalyticsRange = '7d';

/** The range in the URL (`?range=`), or the default for anything else. */
export function rangeFromSearch(value: string | null): AnalyticsRange {
  return (ANALYTICS_RANGES as readonly string[]).includes(value ?? '')
    ? (value as AnalyticsRange)
    : DEFAULT_RANGE;
}

export function rangeLabel(range: AnalyticsRange): string {
  return `${ANALYTICS_RANGE_DAYS[range]} days`;
}

export interface SeriesMeta {
  name: AnalyticsSeriesName;
  /** The card's and the chart's title. */
  label: string;
  /** The unit after an amount ('DUM', 'SOL'), none for counts. */
  unit: string | null;
  /** The chart's colour: a theme token of index.css. */
  colorVar: string;
}

/** The series in the order the screen shows them. */
export const SERIES: readonly SeriesMeta[] = [
  { name: 'posts', label: 'Posts', unit: null, colorVar: '--color-primary' },
  { name: 'likesReceived', label: 'Likes received', unit: null, colorVar: '--color-accent' },
  {
    name: 'commentsReceived',
    label: 'Comments received',
    unit: null,
    colorVar: '--color-primary-strong',
  },
  { name: 'followersGained', label: 'Followers gained', unit: null, colorVar: '--color-success' },
  { name: 'dumEarned', label: 'DUM earned', unit: 'DUM', colorVar: '--color-dum' },
  { name: 'solRaised', label: 'SOL raised by vaults', unit: 'SOL', colorVar: '--color-warning' },
  { name: 'tipsReceived', label: 'Tips received', unit: 'SOL', colorVar: '--color-success' },
];

/** A value as the API sends it, as an exact integer (a count, or base units). */
export function baseValue(value: number | string): bigint {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? BigInt(value) : 0n;
  return /^\d+$/.test(value) ? BigInt(value) : 0n;
}

/** The value for reading, without its unit: counts grouped, DUM up to 4 decimals, SOL 4. */
export function formatValue(meta: Pick<SeriesMeta, 'unit'>, value: number | string): string {
  const exact = baseValue(value);
  if (meta.unit === 'DUM') return formatDumAmount(exact);
  if (meta.unit === 'SOL') return groupThousands(formatSol(exact));
  return groupThousands(exact.toString());
}

/** The value with its unit: "12", "150 DUM", "0.1000 SOL". */
export function formatWithUnit(meta: Pick<SeriesMeta, 'unit'>, value: number | string): string {
  const text = formatValue(meta, value);
  return meta.unit ? `${text} ${meta.unit}` : text;
}

/** A number for the chart's axis (amounts in whole DUM or SOL; precision for drawing only). */
export function chartNumber(meta: Pick<SeriesMeta, 'unit'>, value: number | string): number {
  const exact = baseValue(value);
  return meta.unit ? Number(exact) / 1e9 : Number(exact);
}

export type ChangeDirection = 'up' | 'down' | 'flat' | 'new';

export interface Change {
  direction: ChangeDirection;
  /** Whole percent of the previous period's value (null when that was 0). */
  percent: number | null;
  /** What the card shows beside the arrow: "25%", "New", "0%". */
  short: string;
  /** The arrow: ↑, ↓ or → (text, so the change never rests on colour alone). */
  arrow: string;
  /** The whole change in words, for screen readers and the tooltip. */
  description: string;
}

/**
 * The change of a total against the previous period of the same length, in whole percent
 * (rounded half away from zero; exact integers, no float drift for base-unit amounts).
 */
export function percentChange(
  value: number | string,
  previous: number | string,
  range: AnalyticsRange,
): Change {
  const now = baseValue(value);
  const before = baseValue(previous);
  const period = `the previous ${rangeLabel(range)}`;
  if (before === 0n) {
    return now === 0n
      ? {
          direction: 'flat',
          percent: null,
          short: '0%',
          arrow: '→',
          description: `No change from ${period}`,
        }
      : {
          direction: 'new',
          percent: null,
          short: 'New',
          arrow: '↑',
          description: `Up from none in ${period}`,
        };
  }
  const difference = now - before;
  const magnitude = difference < 0n ? -difference : difference;
  // round(|d| × 100 / before), half up, in integers.
  const percent = Number((magnitude * 200n + before) / (2n * before));
  if (difference === 0n || percent === 0) {
    return {
      direction: 'flat',
      percent: 0,
      short: '0%',
      arrow: '→',
      description: `About the same as ${period}`,
    };
  }
  const up = difference > 0n;
  const shown = `${groupThousands(String(percent))}%`;
  return {
    direction: up ? 'up' : 'down',
    percent: up ? percent : -percent,
    short: shown,
    arrow: up ? '↑' : '↓',
    description: `${up ? 'Up' : 'Down'} ${shown} from ${period}`,
  };
}

/** "Nov 24" for a YYYY-MM-DD UTC day (the API's days are UTC). */
export function dayLabel(day: string, withWeekday = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
    ...(withWeekday ? { weekday: 'short' } : {}),
  });
}

/**
 * A chart's summary in words (its aria-label and the line under it): the total, and the best
 * day when there is one.
 */
export function seriesSummary(
  meta: SeriesMeta,
  points: ReadonlyArray<{ day: string; value: number | string }>,
  range: AnalyticsRange,
): string {
  let total = 0n;
  let best: { day: string; value: bigint } | null = null;
  for (const point of points) {
    const value = baseValue(point.value);
    total += value;
    if (value > 0n && (best === null || value > best.value)) best = { day: point.day, value };
  }
  const head = `${meta.label}: ${formatWithUnit(meta, total.toString())} in the last ${rangeLabel(range)}`;
  if (!best) return `${head}, none on any day.`;
  return `${head}; best day ${dayLabel(best.day)} with ${formatWithUnit(meta, best.value.toString())}.`;
}

/** Whether the figures hold nothing at all (a new wallet): every total and previous total 0. */
export function isEmpty(
  totals: Record<string, { value: number | string; previous: number | string }>,
) {
  return Object.values(totals).every(
    (total) => baseValue(total.value) === 0n && baseValue(total.previous) === 0n,
  );
}
