import { t } from '@lingui/core/macro';
import {
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_RANGES,
  type AnalyticsRange,
  type AnalyticsSeriesName,
} from '@dum/core';
import { formatDate, formatDum, formatNumber, formatSol } from '../../lib/i18n/index.ts';

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
  const days = ANALYTICS_RANGE_DAYS[range];
  return t`${days} days`;
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

/** The series in the order the screen shows them (labels are getters: read in the active language). */
export const SERIES: readonly SeriesMeta[] = [
  {
    name: 'posts',
    get label() {
      return t`Posts`;
    },
    unit: null,
    colorVar: '--color-primary',
  },
  {
    name: 'likesReceived',
    get label() {
      return t`Likes received`;
    },
    unit: null,
    colorVar: '--color-accent',
  },
  {
    name: 'commentsReceived',
    get label() {
      return t`Comments received`;
    },
    unit: null,
    colorVar: '--color-primary-strong',
  },
  {
    name: 'followersGained',
    get label() {
      return t`Followers gained`;
    },
    unit: null,
    colorVar: '--color-success',
  },
  {
    name: 'dumEarned',
    get label() {
      return t`DUM earned`;
    },
    unit: 'DUM',
    colorVar: '--color-dum',
  },
  {
    name: 'solRaised',
    get label() {
      return t`SOL raised by vaults`;
    },
    unit: 'SOL',
    colorVar: '--color-warning',
  },
  {
    name: 'tipsReceived',
    get label() {
      return t`Tips received`;
    },
    unit: 'SOL',
    colorVar: '--color-success',
  },
];

/** A value as the API sends it, as an exact integer (a count, or base units). */
export function baseValue(value: number | string): bigint {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? BigInt(value) : 0n;
  return /^\d+$/.test(value) ? BigInt(value) : 0n;
}

/** The value for reading, without its unit: counts grouped, DUM up to 4 decimals, SOL 4. */
export function formatValue(meta: Pick<SeriesMeta, 'unit'>, value: number | string): string {
  const exact = baseValue(value);
  if (meta.unit === 'DUM') return formatDum(exact);
  if (meta.unit === 'SOL') return formatSol(exact);
  return formatNumber(exact);
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
  const days = ANALYTICS_RANGE_DAYS[range];
  if (before === 0n) {
    return now === 0n
      ? {
          direction: 'flat',
          percent: null,
          short: '0%',
          arrow: '→',
          description: t`No change from the previous ${days} days`,
        }
      : {
          direction: 'new',
          percent: null,
          short: t`New`,
          arrow: '↑',
          description: t`Up from none in the previous ${days} days`,
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
      description: t`About the same as the previous ${days} days`,
    };
  }
  const up = difference > 0n;
  const shown = `${formatNumber(percent)}%`;
  return {
    direction: up ? 'up' : 'down',
    percent: up ? percent : -percent,
    short: shown,
    arrow: up ? '↑' : '↓',
    description: up
      ? t`Up ${shown} from the previous ${days} days`
      : t`Down ${shown} from the previous ${days} days`,
  };
}

/** "Nov 24" for a YYYY-MM-DD UTC day (the API's days are UTC). */
export function dayLabel(day: string, withWeekday = false): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO timestamp, not text
  const date = new Date(`${day}T00:00:00Z`);
  return formatDate(date, {
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
  const label = meta.label;
  const days = ANALYTICS_RANGE_DAYS[range];
  const totalText = formatWithUnit(meta, total.toString());
  if (!best) return t`${label}: ${totalText} in the last ${days} days, none on any day.`;
  const bestDay = dayLabel(best.day);
  const bestValue = formatWithUnit(meta, best.value.toString());
  return t`${label}: ${totalText} in the last ${days} days; best day ${bestDay} with ${bestValue}.`;
}

/** Whether the figures hold nothing at all (a new wallet): every total and previous total 0. */
export function isEmpty(
  totals: Record<string, { value: number | string; previous: number | string }>,
) {
  return Object.values(totals).every(
    (total) => baseValue(total.value) === 0n && baseValue(total.previous) === 0n,
  );
}
