import { CAPSULE_MAX_SEAL_SECONDS, CAPSULE_MIN_SEAL_SECONDS } from '@dum/core';
import { plural, t } from '@lingui/core/macro';

/**
 * What a sealed capsule's countdown reads: 'Opens in 2d 4h', '3h 12m', '4m 09s', or
 * 'Opening…' once its time has come (the server's job opens it within seconds).
 */
export function formatOpensIn(unlockAt: string, now: number): string {
  const left = Date.parse(unlockAt) - now;
  if (!Number.isFinite(left) || left <= 0) return t`Opening…`;
  const seconds = Math.floor(left / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = String(seconds % 60).padStart(2, '0');
  if (days > 0) return t`Opens in ${days}d ${hours}h`;
  if (hours > 0) return t`Opens in ${hours}h ${minutes}m`;
  return t`Opens in ${minutes}m ${secs}s`;
}

/** '3 waiting', '1 waiting', 'Be the first to wait'. */
export function waitingLabel(count: number): string {
  return count === 0
    ? t`Nobody waiting yet`
    : plural(count, { one: '# waiting', other: '# waiting' });
}

/** A `datetime-local` value (the browser's local time, to the minute) for a moment. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a datetime-local value, not text
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The picker's bounds: a minute past the hour from now (so it is still valid when sent), a year. */
export function unlockBounds(now: number): { min: number; max: number } {
  return {
    min: now + CAPSULE_MIN_SEAL_SECONDS * 1000 + 60_000,
    max: now + CAPSULE_MAX_SEAL_SECONDS * 1000 - 60_000,
  };
}

/**
 * The picked local time as the ISO time the server takes, or why it cannot be sent: the
 * server's rule is 1 hour to 1 year from now.
 */
export function checkUnlockInput(
  value: string,
  now: number,
): { ok: true; iso: string } | { ok: false; message: string } {
  const at = value ? new Date(value).getTime() : Number.NaN;
  if (!Number.isFinite(at)) return { ok: false, message: t`Pick when your time capsule opens.` };
  const ahead = at - now;
  if (ahead < CAPSULE_MIN_SEAL_SECONDS * 1000 || ahead > CAPSULE_MAX_SEAL_SECONDS * 1000) {
    return { ok: false, message: t`A time capsule opens from 1 hour to 1 year from now.` };
  }
  return { ok: true, iso: new Date(at).toISOString() };
}
