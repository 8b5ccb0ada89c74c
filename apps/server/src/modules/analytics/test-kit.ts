import { analyticsResponseSchema, type AnalyticsResponse } from '@dum/core';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/app-test-kit.ts';

/** Request helpers for the analytics slice's tests (inject, no port). */

export type Headers = Record<string, string>;

/** GET /api/analytics with a raw query string. */
export function analyticsRequest(
  t: TestApp,
  headers: Headers,
  query = '',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/analytics${query ? `?${query}` : ''}`,
    headers,
  });
}

/** The caller's analytics for a range, checked against the contract. */
export async function analyticsOf(
  t: TestApp,
  headers: Headers,
  range: '7d' | '30d' | '90d' = '7d',
): Promise<AnalyticsResponse> {
  const res = await analyticsRequest(t, headers, `range=${range}`);
  if (res.statusCode !== 200) throw new Error(`analytics failed: ${res.statusCode} ${res.body}`);
  const body = res.json<AnalyticsResponse>();
  // The serialiser wrote exactly what the contract says (nothing dropped or coerced).
  return analyticsResponseSchema.parse(body);
}

/** A series' value on one UTC day (YYYY-MM-DD); undefined when the day is not in the range. */
export function valueOn(
  body: AnalyticsResponse,
  series: keyof AnalyticsResponse['series'],
  day: string,
): number | string | undefined {
  return body.series[series].find((point) => point.day === day)?.value;
}

/** The UTC day of an instant, YYYY-MM-DD. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Moves the test clock forward to `at` (never back). */
export function moveClockTo(t: TestApp, at: Date): void {
  const ms = at.getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error('the test clock only moves forward');
  t.clock.advance(ms);
}
