import { formatBaseUnitsExact, MYSTERY_DURATION_CHOICES } from '@dum/core';
import { plural, t } from '@lingui/core/macro';
import { formatDecimal } from '../../lib/i18n/index.ts';
import type { MysteryScope, MysteryVault } from './types.ts';

/** The tabs; labels are read in the active language each time. */
export const MYSTERY_TABS: { id: MysteryScope; readonly label: string }[] = [
  {
    id: 'open',
    get label() {
      return t({ message: 'Open', context: 'mystery vaults tab' });
    },
  },
  {
    id: 'opened',
    get label() {
      return t({ message: 'Opened', context: 'mystery vaults tab' });
    },
  },
  {
    id: 'mine',
    get label() {
      return t({ message: 'Mine', context: 'mystery vaults tab' });
    },
  },
];

export function scopeOf(value: string | null): MysteryScope {
  return value === 'opened' || value === 'mine' ? value : 'open';
}

export function creatorName(vault: MysteryVault): string {
  const { displayName, username, solAddress } = vault.creator;
  return displayName ?? username ?? `${solAddress.slice(0, 4)}…${solAddress.slice(-4)}`;
}

/** Lamports as SOL in the active language, trailing zeros trimmed ('0.1'). */
export function solOf(lamports: string): string {
  return formatDecimal(formatBaseUnitsExact(BigInt(lamports), 9), 9);
}

export function participantsText(count: number): string {
  return plural(count, { one: '# participant', other: '# participants' });
}

export function durationLabel(seconds: number): string {
  const hours = seconds / 3600;
  if (hours < 24) return plural(hours, { one: '# hour', other: '# hours' });
  const days = hours / 24;
  return plural(days, { one: '# day', other: '# days' });
}

/** The durations to choose from; labels are read in the active language each time. */
export const DURATION_OPTIONS = MYSTERY_DURATION_CHOICES.map((seconds) => ({
  seconds,
  get label() {
    return durationLabel(seconds);
  },
}));
