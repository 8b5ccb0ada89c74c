import { abbreviateNumber } from '@dum/core';
import { formatDecimal } from '../../lib/i18n/index.ts';

/** The active language's decimal separator: '.' in English, ',' in Spanish. */
function decimalSeparator(): string {
  return formatDecimal('0.5', 1).charAt(1);
}

/**
 * The stats cards' compact numbers (core's `abbreviateNumber`: 1,234 -> 1.2K, 21,000,000 -> 21M)
 * with the active language's decimal separator: 1,2K in Spanish.
 */
export function abbreviated(value: number | bigint): string {
  return abbreviateNumber(value).replace('.', decimalSeparator());
}
