import {
  FEE_MARGIN_LAMPORTS,
  formatAddress,
  insufficientBalanceMessage,
  parseDecimalAmount,
} from '@dum/core';
import type { DirectMessage, UserSummary } from '@dum/core';
import { t } from '@lingui/core/macro';
import { formatDate, formatSol } from '../../lib/i18n/index.ts';

/** What the messages screens show, as pure functions over the wire shapes. */

/** A person's name: display name, else @username, else the shortened wallet. */
export function personName(
  person: Pick<UserSummary, 'displayName' | 'username'> | null | undefined,
  address: string,
): string {
  const display = person?.displayName?.trim();
  if (display) return display;
  if (person?.username) return `@${person.username}`;
  return formatAddress(address);
}

/** A tip's lamports (an integer string) as SOL with 4 decimals; '0.0000' when unreadable. */
export function tipSol(amount: string | null | undefined): string {
  return formatSol(/^\d+$/.test(amount ?? '') ? BigInt(amount as string) : 0n);
}

/**
 * The conversation list's one-line preview of the last message: its text, else what it carries
 * ('💸 Tip · 0.0100 SOL', '📷 Photo', '🎤 Audio'); 'You: ' in front of the viewer's own.
 */
export function messagePreview(message: DirectMessage, viewerId: string | null): string {
  const body = message.body.trim().replace(/\s+/g, ' ');
  const amount = message.tip ? tipSol(message.tip.amount) : '';
  const text = body
    ? body
    : message.tip
      ? t`💸 Tip · ${amount} SOL`
      : message.imageUrl
        ? t`📷 Photo`
        : message.audioUrl
          ? t`🎤 Audio`
          : '';
  return message.senderId === viewerId ? t`You: ${text}` : text;
}

/** "Today", "Yesterday", a weekday this week, else the date (with the year when not this one). */
export function dayLabel(iso: string, now: number): string {
  const day = startOfDay(Date.parse(iso));
  const today = startOfDay(now);
  const days = Math.round((today - day) / 86_400_000);
  if (days === 0) return t`Today`;
  if (days === 1) return t`Yesterday`;
  const date = new Date(day);
  if (days > 1 && days < 7) return formatDate(date, { weekday: 'long' });
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return formatDate(date, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

function startOfDay(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** A message's clock time, "14:05" (24-hour in every language). */
export function clockTime(iso: string): string {
  return formatDate(iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

export interface DayGroup<T> {
  /** The local day (its midnight, in ms), the group's key. */
  day: number;
  items: T[];
}

/** Messages in reading order (oldest first) cut into local days. */
export function groupByDay<T extends { createdAt: string }>(messages: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const message of messages) {
    const day = startOfDay(Date.parse(message.createdAt));
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(message);
    else groups.push({ day, items: [message] });
  }
  return groups;
}

export type TipAmountCheck = { ok: true; lamports: bigint | null } | { ok: false; message: string };

/** The tip field's errors, in the active language when read. */
export const TIP_MESSAGES = {
  get invalid() {
    return t`Please enter a valid numeric amount.`;
  },
  get tooManyDecimals() {
    return t`Please enter a valid amount with up to 9 decimal places.`;
  },
  get notPositive() {
    return t`A tip must be greater than 0 SOL.`;
  },
};

/**
 * The composer's tip field: empty is no tip; otherwise a decimal SOL amount with at most 9
 * decimals (the shared parser, bigint lamports), above zero.
 */
export function checkTipAmount(text: string): TipAmountCheck {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, lamports: null };
  const parsed = parseDecimalAmount(trimmed, 9);
  if (!parsed.ok) {
    return {
      ok: false,
      message:
        parsed.reason === 'too_many_decimals' ? TIP_MESSAGES.tooManyDecimals : TIP_MESSAGES.invalid,
    };
  }
  if (parsed.value <= 0n) return { ok: false, message: TIP_MESSAGES.notPositive };
  return { ok: true, lamports: parsed.value };
}

/**
 * The tip's balance check, core's insufficientBalanceMessage (the tip and the fee margin against
 * the balance) worded in the active language: what is needed rounded up to 4 decimals, what the
 * wallet holds cut to 4.
 */
export function shortBalanceText(balance: bigint, lamports: bigint): string | null {
  if (insufficientBalanceMessage(balance, lamports) === null) return null;
  const step = 100_000n; // 1e9 / 1e4
  const needLamports = lamports + FEE_MARGIN_LAMPORTS;
  const need = formatSol(((needLamports + step - 1n) / step) * step);
  const have = formatSol(balance);
  return t`Insufficient balance. You need ${need} SOL but only have ${have} SOL`;
}

/** A base-58 wallet address (32 bytes: 32 to 44 characters), as someone might paste one. */
export function looksLikeWalletAddress(text: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text.trim());
}
