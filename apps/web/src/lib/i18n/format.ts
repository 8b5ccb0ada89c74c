import { formatBaseUnits } from '@dum/core';
import { activeLocale } from './locale.ts';

/**
 * Numbers, amounts and dates in the active language's conventions, through `Intl`
 * (1,234.5 in English, 1234,5 and 12.345,5 in Spanish). Amounts stay exact: base units become a
 * decimal string first and `Intl.NumberFormat` formats the string itself, never a float.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = activeLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A count or a plain number: 12,345 / 12.345. */
export function formatNumber(value: number | bigint): string {
  return numberFormat({ maximumFractionDigits: 2 }).format(value);
}

/** An exact decimal string ("1234.56789") with at most `maxDecimals` digits, truncated. */
export function formatDecimal(decimal: string, maxDecimals: number, minDecimals = 0): string {
  return numberFormat({
    minimumFractionDigits: minDecimals,
    maximumFractionDigits: maxDecimals,
    roundingMode: 'trunc',
  }).format(decimal as `${number}`);
}

/** DUM base units for reading: up to `maxDecimals` digits, trailing zeros dropped. */
export function formatDum(baseUnits: bigint, maxDecimals = 4): string {
  return formatDecimal(formatBaseUnits(baseUnits, maxDecimals), maxDecimals);
}

/** SOL from lamports with the spec's four decimals: 0.0500. */
export function formatSol(lamports: bigint): string {
  return formatDecimal(formatBaseUnits(lamports, 4), 4, 4);
}

/** A moment in full, date and time to the second, as `toLocaleString()` shows it. */
export const FULL_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** A date or time; `options` as Intl.DateTimeFormat takes them. */
export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions,
): string {
  const locale = activeLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format.format(typeof value === 'object' ? value : new Date(value));
}
