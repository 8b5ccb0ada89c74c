import { formatAddress, parseBaseUnits } from '@dum/core';
import { t } from '@lingui/core/macro';
import { formatDate, formatDum } from '../../lib/i18n/index.ts';
import type { UserSummary } from './types.ts';

/** What a profile and the people lists show, as pure functions over the wire shapes. */

type Named = Pick<UserSummary, 'displayName' | 'username'> & { solAddress: string };

/** The display name, else @username, else the shortened wallet. */
export function personName(person: Named): string {
  const displayName = person.displayName?.trim();
  if (displayName) return displayName;
  if (person.username) return `@${person.username}`;
  return formatAddress(person.solAddress);
}

/** "Joined March 2026", the month in the active language. */
export function joinedText(createdAt: string): string | null {
  const time = Date.parse(createdAt);
  if (Number.isNaN(time)) return null;
  const month = formatDate(time, { month: 'long', year: 'numeric' });
  return t`Joined ${month}`;
}

/** DUM mined (the wallet's total earned), whole DUM with thousands grouped: "1,234". */
export function dumMinedText(totalEarned: string): string {
  return formatDum(parseBaseUnits(totalEarned) ?? 0n, 0);
}
