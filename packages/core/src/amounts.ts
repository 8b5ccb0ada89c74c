import { DUM_DECIMALS } from './constants.ts';

/**
 * Decimal strings <-> bigint base units. One parser for every amount a person types
 * (stake amounts in DUM, vault amounts in SOL): both have 9 decimals.
 */

export type ParseAmountResult =
  { ok: true; value: bigint } | { ok: false; reason: 'format' | 'too_many_decimals' };

const DECIMAL = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

export function parseDecimalAmount(
  text: string,
  decimals: number = DUM_DECIMALS,
): ParseAmountResult {
  const trimmed = text.trim();
  const match = DECIMAL.exec(trimmed);
  if (!match) return { ok: false, reason: 'format' };
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? match[3] ?? '';
  if (fraction.length > decimals) return { ok: false, reason: 'too_many_decimals' };
  const value =
    BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return { ok: true, value };
}

/** Formats base units as a decimal string with exactly `shownDecimals` digits, truncating. */
export function formatBaseUnits(
  value: bigint,
  shownDecimals: number,
  decimals: number = DUM_DECIMALS,
): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const fraction = (abs % unit).toString().padStart(decimals, '0').slice(0, shownDecimals);
  const sign = negative ? '-' : '';
  return shownDecimals > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** Full precision, trailing zeros dropped: 1500000000n -> "1.5". */
export function formatBaseUnitsExact(value: bigint, decimals: number = DUM_DECIMALS): string {
  const full = formatBaseUnits(value, decimals, decimals);
  return full.includes('.') ? full.replace(/\.?0+$/, '') : full;
}

/** SOL with 4 decimals, as the spec shows it. */
export function formatSol(lamports: bigint): string {
  return formatBaseUnits(lamports, 4);
}

/** Whole DUM, as the spec shows token amounts after dividing by 1e9. */
export function formatDumWhole(baseUnits: bigint): string {
  return formatBaseUnits(baseUnits, 0);
}

/** The compact form the stats cards show: 1,234 -> 1.2K; 1,234,567 -> 1.2M. */
export function abbreviateNumber(value: number | bigint): string {
  const n = typeof value === 'bigint' ? Number(value) : value;
  const abs = Math.abs(n);
  if (abs >= 1_000_000) return `${trimZero((n / 1_000_000).toFixed(1))}M`;
  if (abs >= 1_000) return `${trimZero((n / 1_000).toFixed(1))}K`;
  return String(n);
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}
