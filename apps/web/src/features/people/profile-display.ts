import { formatAddress, formatDumAmount, parseBaseUnits } from '@dum/core';
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

/** "Joined March 2026". */
export function joinedText(createdAt: string): string | null {
  const time = Date.parse(createdAt);
  if (Number.isNaN(time)) return null;
  return `Joined ${new Date(time).toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}`;
}

/** DUM mined (the wallet's total earned), whole DUM with thousands grouped: "1,234". */
export function dumMinedText(totalEarned: string): string {
  return formatDumAmount(parseBaseUnits(totalEarned) ?? 0n, 0);
}

/** "1 follower", "12 followers". */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
