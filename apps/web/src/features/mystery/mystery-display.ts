import { formatBaseUnitsExact, MYSTERY_DURATION_CHOICES } from '@dum/core';
import type { MysteryScope, MysteryVault } from './types.ts';

export const MYSTERY_TABS: { id: MysteryScope; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'opened', label: 'Opened' },
  { id: 'mine', label: 'Mine' },
];

export function scopeOf(value: string | null): MysteryScope {
  return value === 'opened' || value === 'mine' ? value : 'open';
}

export function creatorName(vault: MysteryVault): string {
  const { displayName, username, solAddress } = vault.creator;
  return displayName ?? username ?? `${solAddress.slice(0, 4)}…${solAddress.slice(-4)}`;
}

/** Lamports as SOL, trailing zeros trimmed ('0.1'). */
export function solOf(lamports: string): string {
  const text = formatBaseUnitsExact(BigInt(lamports), 9);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

export function participantsText(count: number): string {
  return count === 1 ? '1 participant' : `${count} participants`;
}

export function durationLabel(seconds: number): string {
  const hours = seconds / 3600;
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = hours / 24;
  return days === 1 ? '1 day' : `${days} days`;
}

export const DURATION_OPTIONS = MYSTERY_DURATION_CHOICES.map((seconds) => ({
  seconds,
  label: durationLabel(seconds),
}));
