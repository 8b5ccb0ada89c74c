import {
  ANALYTICS_AMOUNT_SERIES,
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_SERIES,
  ANALYTICS_TOP_POSTS,
  type AnalyticsRange,
  type AnalyticsResponse,
  type AnalyticsSeriesName,
} from '@dum/core';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import { readDailyRows, readTopPosts, type DailyRow } from './repo.ts';

/** What the analytics slice needs; built once from the app context (routes.ts). */
export interface AnalyticsDeps {
  pool: pg.Pool;
  clock: Clock;
}

const DAY_MS = 86_400_000;

/** The UTC date of an instant, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The instant a YYYY-MM-DD UTC day starts. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * The days of a range ending today (UTC, by the injected clock), oldest first, and the same
 * number of days before them (the previous period).
 */
export function rangeDays(
  now: Date,
  range: AnalyticsRange,
): { days: string[]; previous: string[] } {
  const count = ANALYTICS_RANGE_DAYS[range];
  const today = dayStart(utcDay(now)).getTime();
  const day = (offset: number) => utcDay(new Date(today - offset * DAY_MS));
  const days = Array.from({ length: count }, (_, i) => day(count - 1 - i));
  const previous = Array.from({ length: count }, (_, i) => day(2 * count - 1 - i));
  return { days, previous };
}

/** Per day, each series' value as a bigint (counts and base units alike, summed exactly). */
type DayFigures = Map<string, Record<AnalyticsSeriesName, bigint>>;

function emptyFigures(): Record<AnalyticsSeriesName, bigint> {
  return Object.fromEntries(ANALYTICS_SERIES.map((name) => [name, 0n])) as Record<
    AnalyticsSeriesName,
    bigint
  >;
}

function figuresOf(rows: DailyRow[]): {
  byDay: DayFigures;
  dumByKind: Map<string, Map<string, bigint>>;
} {
  const byDay: DayFigures = new Map();
  const dumByKind = new Map<string, Map<string, bigint>>();
  const at = (day: string) => {
    let figures = byDay.get(day);
    if (!figures) {
      figures = emptyFigures();
      byDay.set(day, figures);
    }
    return figures;
  };
  for (const row of rows) {
    const figures = at(row.day);
    if (row.source === 'counters') {
      figures.posts += BigInt(row.posts ?? 0);
      figures.likesReceived += BigInt(row.likes_received ?? 0);
      figures.commentsReceived += BigInt(row.comments_received ?? 0);
      figures.followersGained += BigInt(row.followers_gained ?? 0);
      figures.solRaised += BigInt(row.amount);
    } else if (row.source === 'dum') {
      figures.dumEarned += BigInt(row.amount);
      const kinds = dumByKind.get(row.day) ?? new Map<string, bigint>();
      const kind = row.kind ?? 'unknown';
      kinds.set(kind, (kinds.get(kind) ?? 0n) + BigInt(row.amount));
      dumByKind.set(row.day, kinds);
    } else {
      figures.tipsReceived += BigInt(row.amount);
    }
  }
  return { byDay, dumByKind };
}

const AMOUNTS: ReadonlySet<AnalyticsSeriesName> = new Set(ANALYTICS_AMOUNT_SERIES);

/** Counts as JSON numbers, amounts as base-unit strings (the contract's analyticsValue). */
function valueOf(name: AnalyticsSeriesName, value: bigint): number | string {
  return AMOUNTS.has(name) ? value.toString() : Number(value);
}

/**
 * The caller's figures for the range (GET /api/analytics): one point per UTC day of the range,
 * oldest first, zeros included; each series' total and the previous period's; DUM by ledger
 * kind; the top live posts created in the range. Two statements, read side by side.
 */
export async function getAnalytics(
  deps: AnalyticsDeps,
  viewer: { id: string },
  range: AnalyticsRange,
): Promise<AnalyticsResponse> {
  const now = deps.clock.now();
  const { days, previous } = rangeDays(now, range);
  const firstDay = previous[0] ?? days[0];
  const rangeFirst = days[0];
  const lastDay = days.at(-1);
  if (!firstDay || !rangeFirst || !lastDay) throw new Error('an analytics range has no days');
  const until = new Date(dayStart(lastDay).getTime() + DAY_MS);
  const [rows, top] = await Promise.all([
    readDailyRows(deps.pool, {
      userId: viewer.id,
      fromDay: firstDay,
      toDay: lastDay,
      from: dayStart(firstDay),
      until,
    }),
    readTopPosts(deps.pool, {
      userId: viewer.id,
      from: dayStart(rangeFirst),
      now,
      limit: ANALYTICS_TOP_POSTS,
    }),
  ]);
  const { byDay, dumByKind } = figuresOf(rows);
  const zero = emptyFigures();
  const sum = (list: string[], name: AnalyticsSeriesName) =>
    list.reduce((total, day) => total + (byDay.get(day) ?? zero)[name], 0n);

  const series = Object.fromEntries(
    ANALYTICS_SERIES.map((name) => [
      name,
      days.map((day) => ({ day, value: valueOf(name, (byDay.get(day) ?? zero)[name]) })),
    ]),
  ) as AnalyticsResponse['series'];
  const totals = Object.fromEntries(
    ANALYTICS_SERIES.map((name) => [
      name,
      { value: valueOf(name, sum(days, name)), previous: valueOf(name, sum(previous, name)) },
    ]),
  ) as AnalyticsResponse['totals'];

  const kinds = new Map<string, bigint>();
  for (const day of days) {
    for (const [kind, amount] of dumByKind.get(day) ?? []) {
      kinds.set(kind, (kinds.get(kind) ?? 0n) + amount);
    }
  }
  const dumByKindOut = Object.fromEntries(
    [...kinds]
      .sort(([a, x], [b, y]) => (x === y ? (a < b ? -1 : 1) : x > y ? -1 : 1))
      .map(([kind, amount]) => [kind, amount.toString()]),
  );

  return {
    range,
    series,
    totals,
    dumByKind: dumByKindOut,
    topPosts: top.map((post) => ({
      id: post.id,
      body: post.body,
      createdAt: post.created_at.toISOString(),
      likeCount: post.like_count,
      commentCount: post.comment_count,
    })),
  };
}
