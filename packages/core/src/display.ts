import { DUM_DECIMALS } from './constants.ts';
import { formatBaseUnits } from './amounts.ts';

/**
 * Display helpers for amounts on screen. Pure and exact: bigint in, string out, no floats.
 */

/** Groups the whole part of a decimal string in thousands: "1234567.5" -> "1,234,567.5". */
export function groupThousands(decimal: string): string {
  const negative = decimal.startsWith('-');
  const unsigned = negative ? decimal.slice(1) : decimal;
  const [whole = '0', fraction] = unsigned.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * DUM base units for reading: whole units when the amount is whole, otherwise up to
 * `maxDecimals` digits (truncated, never rounded up), trailing zeros dropped, thousands grouped.
 * 150_000_000_000n -> "150"; 4_687_500_000n -> "4.6875"; 1_234_500_000_000n -> "1,234.5".
 */
export function formatDumAmount(baseUnits: bigint, maxDecimals = 4): string {
  const shown = Math.min(Math.max(0, Math.trunc(maxDecimals)), DUM_DECIMALS);
  const text = formatBaseUnits(baseUnits, shown);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return groupThousands(trimmed === '-0' ? '0' : trimmed);
}

/** The reward per event after the next halving: half of the current one, in base units. */
export function nextHalvingReward(currentReward: bigint): bigint {
  return currentReward / 2n;
}

/** Reads a base-unit integer string from the API; anything else is null, never a throw. */
export function parseBaseUnits(text: string): bigint | null {
  return /^\d+$/.test(text) ? BigInt(text) : null;
}
